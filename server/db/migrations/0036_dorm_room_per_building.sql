-- 宿舍管理: a room number is unique within its building (the kit's uniqueWithin), not in the whole school:
-- building A and building B may each have a room 101.
DROP INDEX IF EXISTS "dorm_rooms_tenant_code_key";--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_rooms_tenant_building_code_key" ON "dorm_rooms" USING btree ("tenant_id","building_id","code");
