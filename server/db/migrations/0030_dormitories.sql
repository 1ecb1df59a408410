-- 宿舍管理 (issue 23 item 6), written by hand from server/modules/dorms/dorms.table.ts: dormitory
-- buildings, rooms and stays (who sleeps in which bed, dated), row-level security, and the triggers that
-- hold for every writer what dorms.module.ts / dorms.service.ts say first in the user's words.
CREATE TABLE "dorm_buildings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL,
	"floors" integer NOT NULL,
	"campus_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dorm_buildings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "dorm_buildings_code_check" CHECK ("dorm_buildings"."code" BETWEEN 1 AND 998),
	CONSTRAINT "dorm_buildings_name_check" CHECK (char_length("dorm_buildings"."name") BETWEEN 1 AND 30),
	CONSTRAINT "dorm_buildings_floors_check" CHECK ("dorm_buildings"."floors" BETWEEN 1 AND 9)
);
--> statement-breakpoint
ALTER TABLE "dorm_buildings" ADD CONSTRAINT "dorm_buildings_campus_fk" FOREIGN KEY ("tenant_id","campus_id") REFERENCES "public"."campuses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_buildings_tenant_code_key" ON "dorm_buildings" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_buildings_tenant_name_key" ON "dorm_buildings" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "dorm_buildings_tenant_campus_idx" ON "dorm_buildings" USING btree ("tenant_id","campus_id");--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('dorm_buildings'::regclass);
--> statement-breakpoint
CREATE TABLE "dorm_rooms" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"building_id" uuid NOT NULL,
	"floor" integer NOT NULL,
	"total_beds" integer NOT NULL,
	"valid_beds" integer NOT NULL,
	"gender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dorm_rooms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "dorm_rooms_code_check" CHECK (char_length("dorm_rooms"."code") BETWEEN 1 AND 30),
	CONSTRAINT "dorm_rooms_floor_check" CHECK ("dorm_rooms"."floor" BETWEEN 1 AND 9),
	CONSTRAINT "dorm_rooms_total_beds_check" CHECK ("dorm_rooms"."total_beds" BETWEEN 1 AND 20),
	CONSTRAINT "dorm_rooms_valid_beds_check" CHECK ("dorm_rooms"."valid_beds" BETWEEN 0 AND "dorm_rooms"."total_beds"),
	CONSTRAINT "dorm_rooms_gender_check" CHECK ("dorm_rooms"."gender" IN ('1', '2'))
);
--> statement-breakpoint
ALTER TABLE "dorm_rooms" ADD CONSTRAINT "dorm_rooms_building_fk" FOREIGN KEY ("tenant_id","building_id") REFERENCES "public"."dorm_buildings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_rooms_tenant_code_key" ON "dorm_rooms" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "dorm_rooms_tenant_building_idx" ON "dorm_rooms" USING btree ("tenant_id","building_id","floor");--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('dorm_rooms'::regclass);
--> statement-breakpoint
CREATE TABLE "dorm_stays" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"bed_no" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	CONSTRAINT "dorm_stays_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "dorm_stays_bed_no_check" CHECK ("dorm_stays"."bed_no" BETWEEN 1 AND 20),
	CONSTRAINT "dorm_stays_dates_check" CHECK ("dorm_stays"."to_date" IS NULL OR "dorm_stays"."to_date" >= "dorm_stays"."from_date"),
	CONSTRAINT "dorm_stays_end_check" CHECK (("dorm_stays"."to_date" IS NULL) = ("dorm_stays"."end_reason" IS NULL)),
	CONSTRAINT "dorm_stays_end_reason_check" CHECK ("dorm_stays"."end_reason" IN ('move', 'checkout', 'release'))
);
--> statement-breakpoint
ALTER TABLE "dorm_stays" ADD CONSTRAINT "dorm_stays_room_fk" FOREIGN KEY ("tenant_id","room_id") REFERENCES "public"."dorm_rooms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_stays" ADD CONSTRAINT "dorm_stays_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- one student per bed and one bed per student at a time: of two placements at once, one commits, the other gets 23505
CREATE UNIQUE INDEX "dorm_stays_open_bed_key" ON "dorm_stays" USING btree ("tenant_id","room_id","bed_no") WHERE "dorm_stays"."to_date" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_stays_open_student_key" ON "dorm_stays" USING btree ("tenant_id","student_id") WHERE "dorm_stays"."to_date" IS NULL;--> statement-breakpoint
CREATE INDEX "dorm_stays_tenant_student_idx" ON "dorm_stays" USING btree ("tenant_id","student_id","from_date");--> statement-breakpoint
CREATE INDEX "dorm_stays_tenant_room_idx" ON "dorm_stays" USING btree ("tenant_id","room_id","from_date");--> statement-breakpoint
-- history without overlaps: a student sleeps in one bed at a time and a bed holds one student at a time, on every
-- date, closed stays included (a placement backdated into another stay's dates is refused); btree_gist comes with 0029
ALTER TABLE "dorm_stays" ADD CONSTRAINT "dorm_stays_student_no_overlap" EXCLUDE USING gist ("tenant_id" WITH =, "student_id" WITH =, (daterange("from_date", "to_date", '[)')) WITH &&);--> statement-breakpoint
ALTER TABLE "dorm_stays" ADD CONSTRAINT "dorm_stays_bed_no_overlap" EXCLUDE USING gist ("tenant_id" WITH =, "room_id" WITH =, "bed_no" WITH =, (daterange("from_date", "to_date", '[)')) WITH &&);--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('dorm_stays'::regclass);
--> statement-breakpoint
-- A room's floor within its building's floors, both ways (the building read FOR SHARE, as 0026 does for classrooms).
CREATE FUNCTION xiaowu_dorm_floor_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'dorm_rooms' THEN
    IF NEW.floor > (SELECT floors FROM dorm_buildings WHERE tenant_id = NEW.tenant_id AND id = NEW.building_id FOR SHARE) THEN
      RAISE EXCEPTION 'dormitory room floor % is above its building''s floors', NEW.floor USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_rooms_floor_within_building';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM dorm_rooms WHERE tenant_id = NEW.tenant_id AND building_id = NEW.id AND floor > NEW.floors) THEN
    RAISE EXCEPTION 'a dormitory room is above floor %', NEW.floors USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_buildings_floors_cover_rooms';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A stay's bed is one of the room's valid beds and its student of the room's gender; the room is read
-- FOR SHARE, so a change of its valid beds or gender and a placement wait for each other.
CREATE FUNCTION xiaowu_dorm_stay_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  room record;
BEGIN
  SELECT valid_beds, gender INTO room FROM dorm_rooms WHERE tenant_id = NEW.tenant_id AND id = NEW.room_id FOR SHARE;
  IF NOT FOUND THEN
    RETURN NEW; -- the foreign key says it
  END IF;
  IF NEW.bed_no > room.valid_beds THEN
    RAISE EXCEPTION 'bed % is not one of the room''s % valid beds', NEW.bed_no, room.valid_beds USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_stays_bed_valid';
  END IF;
  IF (SELECT gender FROM users WHERE tenant_id = NEW.tenant_id AND id = NEW.student_id) IS DISTINCT FROM room.gender THEN
    RAISE EXCEPTION 'the student''s gender is not the room''s' USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_stays_gender';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A room keeps every open stay's bed among its valid beds and its gender while anyone lives there.
CREATE FUNCTION xiaowu_dorm_room_occupancy_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM dorm_stays WHERE tenant_id = NEW.tenant_id AND room_id = NEW.id AND to_date IS NULL AND bed_no > NEW.valid_beds) THEN
    RAISE EXCEPTION 'a student sleeps in a bed above % valid beds', NEW.valid_beds USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_rooms_valid_beds_occupied';
  END IF;
  IF NEW.gender IS DISTINCT FROM OLD.gender AND EXISTS (SELECT 1 FROM dorm_stays WHERE tenant_id = NEW.tenant_id AND room_id = NEW.id AND to_date IS NULL) THEN
    RAISE EXCEPTION 'students live in the room; its gender cannot change' USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_rooms_gender_occupied';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- as every function of ours: PUBLIC (so the dynamic roles' filter role) may not call it (0020); a trigger fires without the right
REVOKE ALL ON FUNCTION xiaowu_dorm_floor_check() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_dorm_stay_check() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_dorm_room_occupancy_check() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER dorm_rooms_floor_within_building BEFORE INSERT OR UPDATE OF floor, building_id ON dorm_rooms
  FOR EACH ROW EXECUTE FUNCTION xiaowu_dorm_floor_check();
--> statement-breakpoint
CREATE TRIGGER dorm_buildings_floors_cover_rooms BEFORE UPDATE OF floors ON dorm_buildings
  FOR EACH ROW WHEN (NEW.floors < OLD.floors) EXECUTE FUNCTION xiaowu_dorm_floor_check();
--> statement-breakpoint
CREATE TRIGGER dorm_stays_bed_and_gender BEFORE INSERT OR UPDATE OF room_id, bed_no, student_id ON dorm_stays
  FOR EACH ROW EXECUTE FUNCTION xiaowu_dorm_stay_check();
--> statement-breakpoint
CREATE TRIGGER dorm_rooms_keep_occupants BEFORE UPDATE OF valid_beds, gender ON dorm_rooms
  FOR EACH ROW WHEN (NEW.valid_beds < OLD.valid_beds OR NEW.gender IS DISTINCT FROM OLD.gender) EXECUTE FUNCTION xiaowu_dorm_room_occupancy_check();
