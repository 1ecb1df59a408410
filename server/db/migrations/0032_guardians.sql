-- Hand-written (issue 23 item 3: 家庭信息). A guardian is a person: a users row with user_type '4'
-- (without a usable account while account_initialized_at is null), linked to each child by the
-- existing parent_students, which gains what belongs to the link (relation as a 家庭关系 code, lives
-- with the child, emergency contact order: unique per student); `guardians` holds the person's own
-- fields the users row has no column for (work unit, ID document type), as `students` does for
-- students. Drizzle: server/modules/guardians/guardians.table.ts, users/users.table.ts parentStudents.
CREATE TABLE "guardians" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"work_unit" text DEFAULT '' NOT NULL,
	"id_type" text DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "guardians_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id"),
	CONSTRAINT "guardians_work_unit_check" CHECK (char_length("guardians"."work_unit") <= 100),
	CONSTRAINT "guardians_id_type_check" CHECK (char_length("guardians"."id_type") BETWEEN 1 AND 20)
);
--> statement-breakpoint
-- the profile is part of the person: 用户管理 deleting a parent takes it along
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('guardians'::regclass);
--> statement-breakpoint
-- a guardian profile belongs to a parent (user_type '4')
CREATE FUNCTION xiaowu_guardian_is_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE tenant_id = NEW.tenant_id AND id = NEW.user_id AND user_type = '4') THEN
    RAISE EXCEPTION 'user % is not a parent', NEW.user_id USING ERRCODE = 'check_violation', CONSTRAINT = 'guardians_user_is_parent';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_guardian_is_parent() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER guardians_user_is_parent BEFORE INSERT OR UPDATE OF user_id ON guardians
  FOR EACH ROW EXECUTE FUNCTION xiaowu_guardian_is_parent();
--> statement-breakpoint
ALTER TABLE "parent_students" ADD COLUMN "lives_with" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_students" ADD COLUMN "emergency_order" integer;--> statement-breakpoint
-- the relation becomes a 家庭关系 (GB/T 4761) code; the words seeded before it map to theirs
UPDATE "parent_students" SET "relation" = CASE "relation" WHEN '父亲' THEN '51' WHEN '母亲' THEN '52' WHEN '监护人' THEN '99' WHEN '' THEN '99' ELSE left("relation", 20) END;--> statement-breakpoint
-- every existing link becomes an emergency contact, in the order the links were made
UPDATE "parent_students" p SET "emergency_order" = o.n
FROM (SELECT tenant_id, parent_id, student_id, row_number() OVER (PARTITION BY tenant_id, student_id ORDER BY created_at, parent_id) AS n FROM parent_students) o
WHERE p.tenant_id = o.tenant_id AND p.parent_id = o.parent_id AND p.student_id = o.student_id AND o.n <= 9;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_relation_check" CHECK (char_length("relation") <= 20);--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_emergency_order_check" CHECK ("emergency_order" IS NULL OR "emergency_order" BETWEEN 1 AND 9);--> statement-breakpoint
-- one guardian per place in a student's emergency order (null: not an emergency contact). Not deferrable:
-- INSERT … ON CONFLICT DO NOTHING (the users module's parent link) refuses deferrable arbiters.
CREATE UNIQUE INDEX "parent_students_emergency_order_key" ON "parent_students" USING btree ("tenant_id","student_id","emergency_order") WHERE "parent_students"."emergency_order" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "parent_students_tenant_parent_idx" ON "parent_students" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION pg_temp.xiaowu_uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;
--> statement-breakpoint
-- Schools that exist already: the 家庭关系 dictionary (as server/db/seed/dicts.ts seeds it) and a
-- guardian profile for every parent.
DO $$
DECLARE
  v_tenant uuid;
  v_type uuid;
BEGIN
  FOR v_tenant IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', v_tenant::text, true);
    IF NOT EXISTS (SELECT 1 FROM dict_types WHERE tenant_id = v_tenant AND code = 'STD_GB_JTGX') THEN
      v_type := pg_temp.xiaowu_uuid_v7();
      INSERT INTO dict_types (tenant_id, id, code, name, name_en, remark, sort)
      SELECT v_tenant, v_type, 'STD_GB_JTGX', '家庭关系', 'Family relations', 'GB/T 4761 家庭关系代码', coalesce(max(sort), 0) + 10
      FROM dict_types WHERE tenant_id = v_tenant;
      INSERT INTO dict_entries (tenant_id, id, type_id, code, name, name_en, sort)
      SELECT v_tenant, pg_temp.xiaowu_uuid_v7(), v_type, e.code, e.name, e.name_en, e.sort
      FROM (VALUES ('51', '父亲', 'Father', 10), ('52', '母亲', 'Mother', 20), ('57', '继父', 'Stepfather', 30), ('58', '继母', 'Stepmother', 40),
                   ('61', '祖父', 'Paternal grandfather', 50), ('62', '祖母', 'Paternal grandmother', 60), ('63', '外祖父', 'Maternal grandfather', 70),
                   ('64', '外祖母', 'Maternal grandmother', 80), ('71', '兄', 'Elder brother', 90), ('75', '姐姐', 'Elder sister', 100),
                   ('97', '其他亲属', 'Other relative', 110), ('99', '其他监护人', 'Other guardian', 120)) AS e(code, name, name_en, sort);
    END IF;
    INSERT INTO guardians (tenant_id, user_id)
    SELECT v_tenant, u.id FROM users u
    WHERE u.tenant_id = v_tenant AND u.user_type = '4'
      AND NOT EXISTS (SELECT 1 FROM guardians g WHERE g.tenant_id = v_tenant AND g.user_id = u.id);
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$$;
--> statement-breakpoint
-- a guardian is one person: an ID number names at most one parent of a school (blank: not given)
CREATE UNIQUE INDEX "users_tenant_parent_id_number_key" ON "users" USING btree ("tenant_id","id_number") WHERE "users"."user_type" = '4' AND "users"."id_number" <> '';
