-- Hand-written (issue 20 item 4): English names for school years, semesters and score bands (org units
-- have had name_en since 0000). Empty means "none": the client then shows the Chinese name. Existing
-- rows get the English name their Chinese one implies when it follows the demo's naming (the seed and
-- the built-in bands); a name made by hand keeps an empty English name until someone types one.
ALTER TABLE "school_years" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "semesters" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "score_bands" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- the lengths of contracts/calendar-rules.ts CALENDAR_NAME_MAX and exam-rules.ts SCORE_BAND_NAME_MAX
ALTER TABLE "school_years" ADD CONSTRAINT "school_years_name_en_check" CHECK (char_length("school_years"."name_en") <= 50);--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_name_en_check" CHECK (char_length("semesters"."name_en") <= 50);--> statement-breakpoint
ALTER TABLE "score_bands" ADD CONSTRAINT "score_bands_name_en_check" CHECK (char_length("score_bands"."name_en") <= 20);--> statement-breakpoint
-- Per school with app.tenant_id set, so the policies hold whatever role runs the migration.
DO $$
DECLARE
  v_tenant uuid;
BEGIN
  FOR v_tenant IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', v_tenant::text, true);
    -- 2026-2027学年 → 2026-2027 School Year (server/db/seed/school.ts names them the same way)
    UPDATE school_years SET name_en = substring(name FROM '^(\d{4}-\d{4})学年$') || ' School Year'
    WHERE tenant_id = v_tenant AND name_en = '' AND name ~ '^\d{4}-\d{4}学年$';
    -- 2026-2027学年第一学期 → 2026-2027 Semester 1
    UPDATE semesters SET name_en = substring(name FROM '^(\d{4}-\d{4})学年') || ' Semester ' || CASE substring(name FROM '第(.)学期$') WHEN '一' THEN '1' ELSE '2' END
    WHERE tenant_id = v_tenant AND name_en = '' AND name ~ '^\d{4}-\d{4}学年第[一二]学期$';
    -- the built-in bands (server/db/seed/exams.ts)
    UPDATE score_bands b SET name_en = e.name_en
    FROM (VALUES ('优秀', 'Excellent'), ('良好', 'Good'), ('中等', 'Fair'), ('及格', 'Pass'), ('合格', 'Pass'), ('不及格', 'Fail'), ('不合格', 'Fail')) AS e(name, name_en)
    WHERE b.tenant_id = v_tenant AND b.name_en = '' AND b.name = e.name;
    -- grades and classes named by server/modules/calendar/grade-names.ts, made before their English names were:
    -- 七年级 → Grade 7, 七年级(1)班 → Grade 7 Class 1
    UPDATE org_units o SET name_en = 'Grade ' || n.level || coalesce(' Class ' || substring(o.name FROM '^[一二三四五六七八九十]+年级\((\d+)\)班$'), '')
    FROM (VALUES ('一', 1), ('二', 2), ('三', 3), ('四', 4), ('五', 5), ('六', 6), ('七', 7), ('八', 8), ('九', 9), ('十', 10), ('十一', 11), ('十二', 12)) AS n(zh, level)
    WHERE o.tenant_id = v_tenant AND o.name_en = '' AND o.kind IN ('grade', 'class')
      AND substring(o.name FROM '^([一二三四五六七八九十]+)年级(\(\d+\)班)?$') = n.zh;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$$;
