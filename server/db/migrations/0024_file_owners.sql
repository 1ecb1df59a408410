-- Hand-written (issue 18 B): every file belongs to the record that names it (its owner), and a
-- download passes only where that record may be read (files.service mayRead, each owner kind's
-- check registered by its module). A file no record has claimed yet has no owner record: only the
-- account it is filed under (owner_id, 0004: its uploader) reads it.
ALTER TABLE "files" ADD COLUMN "owner_kind" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "owner_record_id" text;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_record_check" CHECK (
  ("owner_kind" IS NULL) = ("owner_record_id" IS NULL)
  AND ("owner_kind" IS NULL OR "owner_kind" IN ('application', 'surveyAnswer', 'apkVersion', 'schoolLogo', 'schoolSeal'))
);--> statement-breakpoint
CREATE INDEX "files_tenant_owner_record_idx" ON "files" USING btree ("tenant_id", "owner_kind", "owner_record_id");
--> statement-breakpoint
-- Backfill from what references files today (the only places that store file ids):
-- applications.attachments (certificate pictures)
UPDATE "files" f SET "owner_kind" = 'application', "owner_record_id" = a."id"::text
FROM "applications" a
WHERE a."tenant_id" = f."tenant_id" AND f."id"::text = ANY(a."attachments") AND f."owner_kind" IS NULL;
--> statement-breakpoint
-- survey answers: the picture questions' values (file ids) of each filed answer
UPDATE "files" f SET "owner_kind" = 'surveyAnswer', "owner_record_id" = s."id"::text
FROM "survey_answers" s
WHERE s."tenant_id" = f."tenant_id" AND f."owner_kind" IS NULL AND f."category" = 'surveyPicture'
  AND EXISTS (
    SELECT 1 FROM jsonb_each(s."values") v
    WHERE jsonb_typeof(v.value) = 'array' AND v.value ? f."id"::text
  );
--> statement-breakpoint
-- APK versions' packages
UPDATE "files" f SET "owner_kind" = 'apkVersion', "owner_record_id" = v."id"::text
FROM "apk_versions" v
WHERE v."tenant_id" = f."tenant_id" AND v."file_id" = f."id"::text AND f."owner_kind" IS NULL;
--> statement-breakpoint
-- the school's logo and seal (school_info, one row per school: the record id is the school's)
UPDATE "files" f SET "owner_kind" = 'schoolLogo', "owner_record_id" = s."tenant_id"::text
FROM "school_info" s
WHERE s."tenant_id" = f."tenant_id" AND s."logo" = f."id"::text AND f."owner_kind" IS NULL;
--> statement-breakpoint
UPDATE "files" f SET "owner_kind" = 'schoolSeal', "owner_record_id" = s."tenant_id"::text
FROM "school_info" s
WHERE s."tenant_id" = f."tenant_id" AND s."seal" = f."id"::text AND f."owner_kind" IS NULL;
