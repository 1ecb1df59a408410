-- Hand-written (H2, roles): dynamic roles' filters run as xiaowu_role_filter, a NOLOGIN role with no
-- privilege on any table of ours. A run (server/modules/roles/roles.filter.ts) copies the school's own
-- rows (row-level security as the app role) into temporary tables, grants the filter role SELECT on
-- those alone, switches to it (SET LOCAL ROLE, read-only, statement timeout) and calls
-- role_filters.xiaowu_run_filter(), a SECURITY DEFINER function owned by the filter role: inside a
-- security-definer function PostgreSQL refuses SET ROLE / set_config('role', …), so a filter cannot
-- climb back to the app role or the connecting user even if it got past the validator.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'xiaowu_role_filter') THEN
    CREATE ROLE xiaowu_role_filter NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END
$$;
--> statement-breakpoint
GRANT xiaowu_role_filter TO xiaowu_app;
--> statement-breakpoint
GRANT xiaowu_role_filter TO CURRENT_USER;
--> statement-breakpoint
-- nothing in public: no table, view or sequence (none was granted; made explicit), no schema rights
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM xiaowu_role_filter;
--> statement-breakpoint
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM xiaowu_role_filter;
--> statement-breakpoint
-- Our functions of schema public: PUBLIC (so the filter role) may execute none of them. Roles that
-- could execute one (through PUBLIC or a grant) keep that right by an explicit grant.
DO $$
DECLARE
  f record;
  r record;
BEGIN
  FOR f IN
    SELECT p.oid, p.oid::regprocedure AS signature
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p', 'a', 'w')
  LOOP
    FOR r IN
      SELECT rolname FROM pg_roles
      WHERE rolname LIKE 'xiaowu\_%' AND rolname <> 'xiaowu_role_filter' AND has_function_privilege(rolname, f.oid, 'EXECUTE')
    LOOP
      EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', f.signature, r.rolname);
    END LOOP;
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f.signature);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS role_filters;
--> statement-breakpoint
REVOKE ALL ON SCHEMA role_filters FROM PUBLIC;
--> statement-breakpoint
GRANT USAGE ON SCHEMA role_filters TO xiaowu_role_filter, xiaowu_app;
--> statement-breakpoint
-- The procedures a 'procedure' filter may name: three text parameters ('' = any), returning user ids.
-- They read the run's temporary tables (pg_temp.people …) as the filter role (SECURITY INVOKER).
CREATE OR REPLACE FUNCTION role_filters.staff_with_duty(p_duty text, p_grade_level text, p_subject text)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE
SET search_path = pg_temp
AS $$
BEGIN
  RETURN QUERY
    SELECT DISTINCT d.user_id
    FROM pg_temp.duties d
    JOIN pg_temp.people p ON p.id = d.user_id AND p.enabled
    JOIN pg_temp.orgs o ON o.id = d.org_unit_id
    WHERE (coalesce(p_duty, '') = '' OR d.duty = p_duty)
      AND (coalesce(p_grade_level, '') = '' OR o.grade_level::text = p_grade_level)
      AND (coalesce(p_subject, '') = '' OR d.subject = p_subject);
END
$$;
--> statement-breakpoint
COMMENT ON FUNCTION role_filters.staff_with_duty(text, text, text) IS 'duty (head_teacher, subject_teacher, grade_leader, department_head), grade level (1-9), subject; '''' = any|职务（head_teacher 班主任、subject_teacher 任课教师、grade_leader 年级组长、department_head 部门负责人）、年级（1-9）、学科；留空表示不限';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION role_filters.students(p_grade_level text, p_campus_code text, p_gender text)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE
SET search_path = pg_temp
AS $$
BEGIN
  RETURN QUERY
    SELECT p.id
    FROM pg_temp.people p
    LEFT JOIN pg_temp.orgs o ON o.id = p.org_unit_id
    LEFT JOIN pg_temp.campuses c ON c.id = coalesce(p.campus_id, o.campus_id)
    WHERE p.user_type = '2' AND p.enabled
      AND (coalesce(p_grade_level, '') = '' OR o.grade_level::text = p_grade_level)
      AND (coalesce(p_campus_code, '') = '' OR c.code = p_campus_code)
      AND (coalesce(p_gender, '') = '' OR p.gender = p_gender);
END
$$;
--> statement-breakpoint
COMMENT ON FUNCTION role_filters.students(text, text, text) IS 'grade level (1-9), campus code, gender (1 male, 2 female); '''' = any|年级（1-9）、校区代码、性别（1 男、2 女）；留空表示不限';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION role_filters.parents_of_students(p_grade_level text, p_class_code text, p_relation text)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE
SET search_path = pg_temp
AS $$
BEGIN
  RETURN QUERY
    SELECT DISTINCT r.parent_id
    FROM pg_temp.parents r
    JOIN pg_temp.people s ON s.id = r.student_id AND s.enabled
    JOIN pg_temp.people p ON p.id = r.parent_id AND p.enabled
    LEFT JOIN pg_temp.orgs o ON o.id = s.org_unit_id
    WHERE (coalesce(p_grade_level, '') = '' OR o.grade_level::text = p_grade_level)
      AND (coalesce(p_class_code, '') = '' OR o.code = p_class_code)
      AND (coalesce(p_relation, '') = '' OR r.relation = p_relation);
END
$$;
--> statement-breakpoint
COMMENT ON FUNCTION role_filters.parents_of_students(text, text, text) IS 'students'' grade level (1-9), class code, relation (e.g. 父亲, 母亲); '''' = any|学生年级（1-9）、班级代码、关系（如 父亲、母亲）；留空表示不限';
--> statement-breakpoint
-- The runner: executes the (validated) filter as its owner, the filter role, with the procedure's
-- parameters bound. Each row: how many columns it had and the first one as text.
CREATE OR REPLACE FUNCTION role_filters.xiaowu_run_filter(p_sql text, p1 text, p2 text, p3 text)
RETURNS TABLE (column_count integer, value text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_temp
AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT (SELECT count(*)::integer FROM pg_catalog.json_object_keys(pg_catalog.to_json(ROW(f.*)))), '
    || '(pg_catalog.to_json(ROW(f.*)) ->> ''f1'') FROM (' || p_sql || E'\n) AS f'
    USING p1, p2, p3;
END
$$;
--> statement-breakpoint
GRANT CREATE ON SCHEMA role_filters TO xiaowu_role_filter;
--> statement-breakpoint
ALTER FUNCTION role_filters.xiaowu_run_filter(text, text, text, text) OWNER TO xiaowu_role_filter;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA role_filters FROM xiaowu_role_filter;
--> statement-breakpoint
DO $$
DECLARE
  f record;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'role_filters'
  LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f.signature);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO xiaowu_role_filter', f.signature);
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION role_filters.xiaowu_run_filter(text, text, text, text) TO xiaowu_app;
