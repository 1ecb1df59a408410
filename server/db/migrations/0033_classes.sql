-- Hand-written (issue 23 item 2: 班级管理). A class stays an org unit of kind 'class' (组织机构 makes and
-- removes it); what the org unit lacks lives in class_profiles, one row per class. The head teacher
-- and the deputy are staff_duties rows (attendance, scores and the audit chains read them), one of
-- each per class. Capacity and seat numbers are invariants of class_memberships, kept here.
-- Drizzle: server/modules/classes/classes.table.ts.
CREATE TABLE "class_profiles" (
	"tenant_id" uuid NOT NULL,
	"org_unit_id" uuid NOT NULL,
	"class_no" text DEFAULT '' NOT NULL,
	"classroom_id" uuid,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "class_profiles_tenant_id_org_unit_id_pk" PRIMARY KEY("tenant_id","org_unit_id"),
	-- SPEC §5: a class number is at most 30 digits
	CONSTRAINT "class_profiles_class_no_check" CHECK ("class_profiles"."class_no" ~ '^[0-9]{0,30}$'),
	CONSTRAINT "class_profiles_capacity_check" CHECK ("class_profiles"."capacity" IS NULL OR "class_profiles"."capacity" BETWEEN 1 AND 999)
);
--> statement-breakpoint
-- the profile goes with its class (组织机构 deletes a class without members or business data)
ALTER TABLE "class_profiles" ADD CONSTRAINT "class_profiles_class_fk" FOREIGN KEY ("tenant_id","org_unit_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_profiles" ADD CONSTRAINT "class_profiles_classroom_fk" FOREIGN KEY ("tenant_id","classroom_id") REFERENCES "public"."classrooms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_profiles_tenant_class_no_key" ON "class_profiles" USING btree ("tenant_id","class_no") WHERE "class_profiles"."class_no" <> '';--> statement-breakpoint
-- one active class per classroom (a graduated class gives its classroom back: the trigger below)
CREATE UNIQUE INDEX "class_profiles_tenant_classroom_key" ON "class_profiles" USING btree ("tenant_id","classroom_id") WHERE "class_profiles"."classroom_id" IS NOT NULL;--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('class_profiles'::regclass);
--> statement-breakpoint
-- a class's profile names a class (not a grade or a department)
CREATE FUNCTION xiaowu_class_profile_class_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM org_units WHERE tenant_id = NEW.tenant_id AND id = NEW.org_unit_id AND kind = 'class') THEN
    RAISE EXCEPTION 'org unit % is not a class', NEW.org_unit_id USING ERRCODE = 'check_violation', CONSTRAINT = 'class_profiles_class_kind';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_class_profile_class_check() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER class_profiles_class_kind BEFORE INSERT OR UPDATE OF org_unit_id ON class_profiles
  FOR EACH ROW EXECUTE FUNCTION xiaowu_class_profile_class_check();
--> statement-breakpoint
-- a graduated class (the semester upgrade, 毕业管理) gives its classroom back
CREATE FUNCTION xiaowu_class_graduated_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE class_profiles SET classroom_id = NULL, updated_at = now(), version = version + 1
  WHERE tenant_id = NEW.tenant_id AND org_unit_id = NEW.id AND classroom_id IS NOT NULL;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_class_graduated_release() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER org_units_class_graduated AFTER UPDATE OF graduated ON org_units
  FOR EACH ROW WHEN (NEW.graduated AND NOT OLD.graduated AND NEW.kind = 'class') EXECUTE FUNCTION xiaowu_class_graduated_release();
--> statement-breakpoint
-- Capacity: an open membership into a full class is refused. The class's profile row is locked first,
-- so two entries into the last place queue and the second counts the first (READ COMMITTED: each
-- statement of the function sees what committed before it). A class without a profile or a capacity
-- has no limit.
CREATE FUNCTION xiaowu_class_membership_capacity_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_capacity integer;
  v_open bigint;
BEGIN
  SELECT capacity INTO v_capacity FROM class_profiles WHERE tenant_id = NEW.tenant_id AND org_unit_id = NEW.class_id FOR UPDATE;
  IF v_capacity IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT count(*) INTO v_open FROM class_memberships
  WHERE tenant_id = NEW.tenant_id AND class_id = NEW.class_id AND to_date IS NULL AND id <> NEW.id;
  IF v_open >= v_capacity THEN
    RAISE EXCEPTION 'class % is full (capacity %)', NEW.class_id, v_capacity USING ERRCODE = 'check_violation', CONSTRAINT = 'class_memberships_capacity';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_class_membership_capacity_check() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER class_memberships_capacity BEFORE INSERT OR UPDATE OF class_id, to_date ON class_memberships
  FOR EACH ROW WHEN (NEW.to_date IS NULL) EXECUTE FUNCTION xiaowu_class_membership_capacity_check();
--> statement-breakpoint
-- ...and a capacity below the class's students now is refused (the same lock order: the profile row first)
CREATE FUNCTION xiaowu_class_profile_capacity_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.capacity IS NOT NULL AND (SELECT count(*) FROM class_memberships WHERE tenant_id = NEW.tenant_id AND class_id = NEW.org_unit_id AND to_date IS NULL) > NEW.capacity THEN
    RAISE EXCEPTION 'class % has more students than %', NEW.org_unit_id, NEW.capacity USING ERRCODE = 'check_violation', CONSTRAINT = 'class_profiles_capacity_students';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_class_profile_capacity_check() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER class_profiles_capacity_students BEFORE INSERT OR UPDATE OF capacity ON class_profiles
  FOR EACH ROW EXECUTE FUNCTION xiaowu_class_profile_capacity_check();
--> statement-breakpoint
-- a seat number names one student among a class's current students
CREATE UNIQUE INDEX "class_memberships_open_seat_key" ON "class_memberships" USING btree ("tenant_id","class_id","seat_no") WHERE "class_memberships"."to_date" IS NULL AND "class_memberships"."seat_no" IS NOT NULL;--> statement-breakpoint
-- the duties a school knows (the Drizzle enum said so; now the database does), with the deputy head teacher
ALTER TABLE "staff_duties" ADD CONSTRAINT "staff_duties_duty_check" CHECK ("staff_duties"."duty" IN ('head_teacher', 'deputy_head_teacher', 'subject_teacher', 'grade_leader', 'department_head'));--> statement-breakpoint
-- one head teacher and one deputy per class
CREATE UNIQUE INDEX "staff_duties_one_head_teacher_key" ON "staff_duties" USING btree ("tenant_id","org_unit_id") WHERE "staff_duties"."duty" = 'head_teacher';--> statement-breakpoint
CREATE UNIQUE INDEX "staff_duties_one_deputy_key" ON "staff_duties" USING btree ("tenant_id","org_unit_id") WHERE "staff_duties"."duty" = 'deputy_head_teacher';--> statement-breakpoint
-- Schools that exist already: a profile for every class, no capacity yet (a class may hold more than a
-- number chosen here); 班级管理 sets them.
DO $$
DECLARE
  v_tenant uuid;
BEGIN
  FOR v_tenant IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', v_tenant::text, true);
    INSERT INTO class_profiles (tenant_id, org_unit_id)
    SELECT v_tenant, o.id FROM org_units o WHERE o.tenant_id = v_tenant AND o.kind = 'class'
    ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$$;
--> statement-breakpoint
-- 班级管理's rows as one relation (the resource kit lists, edits and exports it as a table:
-- server/modules/classes/classes.module.ts): a current class (not graduated) with its grade, profile,
-- head teacher, deputy and its number of current students. security_invoker, so the base tables'
-- row-level security holds; an edit goes through the INSTEAD OF trigger below.
CREATE VIEW "class_records" WITH (security_invoker = true) AS
SELECT o.tenant_id, o.id, o.name, o.name_en, o.parent_id AS grade_id, coalesce(g.grade_level, o.grade_level) AS grade_level, o.sort, o.campus_id,
       coalesce(p.class_no, '') AS class_no, p.classroom_id, p.capacity,
       h.user_id AS head_teacher_id, coalesce(hu.name, '') AS head_teacher_name, d.user_id AS deputy_head_teacher_id,
       (SELECT count(*)::int FROM class_memberships m WHERE m.tenant_id = o.tenant_id AND m.class_id = o.id AND m.to_date IS NULL) AS student_count,
       coalesce(p.created_at, o.created_at) AS created_at, coalesce(p.updated_at, o.updated_at) AS updated_at, coalesce(p.created_by, o.created_by) AS created_by,
       coalesce(p.updated_by, o.updated_by) AS updated_by, coalesce(p.version, 0) AS version
FROM org_units o
LEFT JOIN org_units g ON g.tenant_id = o.tenant_id AND g.id = o.parent_id
LEFT JOIN class_profiles p ON p.tenant_id = o.tenant_id AND p.org_unit_id = o.id
LEFT JOIN staff_duties h ON h.tenant_id = o.tenant_id AND h.org_unit_id = o.id AND h.duty = 'head_teacher'
LEFT JOIN users hu ON hu.tenant_id = h.tenant_id AND hu.id = h.user_id
LEFT JOIN staff_duties d ON d.tenant_id = o.tenant_id AND d.org_unit_id = o.id AND d.duty = 'deputy_head_teacher'
WHERE o.kind = 'class' AND NOT o.graduated;
--> statement-breakpoint
GRANT SELECT, UPDATE ON class_records TO xiaowu_app;
--> statement-breakpoint
-- An edit: the profile (made on the first edit of a class 组织机构 added), and the head teacher and the
-- deputy as the class's staff_duties rows (replaced when they change). Classes are added and removed
-- in 组织机构 only.
CREATE FUNCTION xiaowu_class_records_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'classes are added and removed in the org tree' USING ERRCODE = 'check_violation', CONSTRAINT = 'class_records_org_tree';
  END IF;
  INSERT INTO class_profiles (tenant_id, org_unit_id, class_no, classroom_id, capacity, created_by, updated_by, updated_at, version)
  VALUES (OLD.tenant_id, OLD.id, NEW.class_no, NEW.classroom_id, NEW.capacity, NEW.updated_by, NEW.updated_by, NEW.updated_at, NEW.version)
  ON CONFLICT (tenant_id, org_unit_id) DO UPDATE SET class_no = EXCLUDED.class_no, classroom_id = EXCLUDED.classroom_id, capacity = EXCLUDED.capacity,
         updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version;
  IF NEW.head_teacher_id IS DISTINCT FROM OLD.head_teacher_id THEN
    DELETE FROM staff_duties WHERE tenant_id = OLD.tenant_id AND org_unit_id = OLD.id AND duty = 'head_teacher';
    IF NEW.head_teacher_id IS NOT NULL THEN
      INSERT INTO staff_duties (tenant_id, org_unit_id, user_id, duty, created_by, updated_by) VALUES (OLD.tenant_id, OLD.id, NEW.head_teacher_id, 'head_teacher', NEW.updated_by, NEW.updated_by);
    END IF;
  END IF;
  IF NEW.deputy_head_teacher_id IS DISTINCT FROM OLD.deputy_head_teacher_id THEN
    DELETE FROM staff_duties WHERE tenant_id = OLD.tenant_id AND org_unit_id = OLD.id AND duty = 'deputy_head_teacher';
    IF NEW.deputy_head_teacher_id IS NOT NULL THEN
      INSERT INTO staff_duties (tenant_id, org_unit_id, user_id, duty, created_by, updated_by) VALUES (OLD.tenant_id, OLD.id, NEW.deputy_head_teacher_id, 'deputy_head_teacher', NEW.updated_by, NEW.updated_by);
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_class_records_write() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER class_records_write INSTEAD OF INSERT OR UPDATE OR DELETE ON class_records
  FOR EACH ROW EXECUTE FUNCTION xiaowu_class_records_write();
