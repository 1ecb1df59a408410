// 100,000 students' worth of rows (issue 22's backup figures, bench/backups.ts): one more school whose
// students bring what a student brings in this schema today, written by set-based SQL on an owner
// connection (the cluster owner, as the other bench fills), through the real constraints and foreign keys:
//   - the student's account and one parent's account (users), their roles (user_roles), the link
//     (parent_students); class membership is users.org_unit_id (a class of one of 9 grades);
//   - attendance for 4 weeks of school days: a roll per class and day, an entry per student and day and
//     its audit row (attendance_changes: the first submission writes one per student, as the app does);
//   - scores of 2 exams × 6 subjects: a sheet per class and subject, a score per student and its audit
//     row (score_changes), the batches' score systems and bands;
//   - a leave application for ~3 % of the students (approved by the head teacher: submit and pass
//     events; that day's attendance entry is 请假), and for the sick leaves one certificate picture
//     (a real file in the file store and the backups' file archive, claimed by its application).
// The school around them (grades, 2,000 classes, 2,000 teachers with their duties, roles and menus
// from the demo seed's catalogue) is created too; its rows are counted with the rest.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { DEFAULT_FLOWS } from '../contracts/application-rules';
import type { Database } from '../server/db/client';
import { seedMenusAndRoles } from '../server/db/seed/menus';
import type { LocalFileStorage } from '../server/modules/files/storage';

export const STUDENT_FILL = {
  tenantCode: 'bench-students',
  students: 100_000,
  studentsPerClass: 50,
  /** K12 grade levels 1-9 (org_units.grade_level) */
  gradeLevels: 9,
  /** 4 weeks of school days (Mon-Fri) from this Monday of the first semester */
  firstSchoolDay: '2025-10-13',
  schoolDays: 20,
  exams: [
    { name: '期中考试', startDate: '2025-11-10', endDate: '2025-11-12' },
    { name: '期末考试', startDate: '2026-01-12', endDate: '2026-01-14' },
  ],
  subjects: ['01', '02', '03', '04', '05', '06'],
  /** one student in this many files a one-day leave in the 4 weeks (~3 %); every other one is a sick leave with a certificate */
  leaveEvery: 33,
  /** a phone photo of a doctor's note as sent through a messenger (random bytes: a JPEG does not compress) */
  certificateBytes: 300 * 1024,
} as const;

export interface StudentFillResult {
  tenantId: string;
  /** rows the fill created, per table (tables with none left out), largest first */
  rows: { table: string; rows: number }[];
  files: { count: number; bytes: number };
  seconds: number;
}

const ZONE = 'Asia/Shanghai';

/** `students` other than STUDENT_FILL.students: a quick trial of the fill (BENCH_STUDENTS). */
export async function fillStudents(
  db: Database,
  passwordHash: string,
  storage: LocalFileStorage,
  log: (line: string) => void = () => undefined,
  students: number = STUDENT_FILL.students,
): Promise<StudentFillResult> {
  const started = performance.now();
  const F = STUDENT_FILL;
  const classes = Math.ceil(students / F.studentsPerClass);
  const teachers = classes;
  const q = async (label: string, text: string, values: unknown[] = []) => {
    const at = performance.now();
    const result = await db.pool.query(text, values);
    log(`[student-fill] ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - at) / 1000).toFixed(1)} s`);
    return result;
  };
  // what autovacuum does soon after a bulk load, done at once: the next statement's plan joins these
  // tables, and with the statistics of the empty table it nests loops over 100,000 rows
  const analyze = (...tables: string[]) => db.pool.query(tables.map((table) => `ANALYZE ${table}`).join('; '));

  const tenantId = (
    await db.pool.query<{ id: string }>(
      `INSERT INTO tenants (id, code, name, name_en, kind) VALUES (uuidv7(), $1, '压测学校（十万学生）', 'Bench school (100,000 students)', 'k12') RETURNING id`,
      [F.tenantCode],
    )
  ).rows[0]!.id;
  const t = [tenantId];
  await q('school', `INSERT INTO school_info (tenant_id, name, name_en) VALUES ($1, '压测学校（十万学生）', 'Bench school (100,000 students)')`, t);
  await q('campuses', `INSERT INTO campuses (tenant_id, id, code, name, sort) SELECT $1, uuidv7(), 'XQ' || n, '第' || n || '校区', n FROM generate_series(1, 3) n`, t);
  // menus, role categories, roles and their menus: the demo seed's catalogue, as every school has
  const roleIds = await db.withTenant(tenantId, (tx) => seedMenusAndRoles(tx, tenantId));
  const role = (code: string) => roleIds.get(code)!;

  await q(
    'calendar',
    `WITH y AS (
       INSERT INTO school_years (tenant_id, id, code, name, name_en, start_date, end_date, is_current)
       VALUES ($1, uuidv7(), '2025-2026', '2025-2026学年', '2025-2026 School Year', '2025-09-01', '2026-08-31', true) RETURNING id
     )
     INSERT INTO semesters (tenant_id, id, school_year_id, code, name, name_en, year, start_date, end_date, teach_start_date, teach_end_date, weeks, is_current)
     SELECT $1, uuidv7(), y.id, s.code, s.name, s.name_en, 2025, s.a::date, s.b::date, s.c::date, s.d::date, s.weeks, s.current
     FROM y, (VALUES ('2025-2026-1', '2025-2026学年第一学期', '2025-2026 Semester 1', '2025-09-01', '2026-01-24', '2025-09-01', '2026-01-17', 21, true),
                     ('2025-2026-2', '2025-2026学年第二学期', '2025-2026 Semester 2', '2026-02-23', '2026-07-10', '2026-02-24', '2026-07-03', 20, false))
          AS s(code, name, name_en, a, b, c, d, weeks, current)`,
    t,
  );
  await q(
    'org units: school, departments, grades',
    `WITH root AS (
       INSERT INTO org_units (tenant_id, id, kind, code, name, name_en, campus_id)
       SELECT $1, uuidv7(), 'school', 'BENCHSTU', '压测学校（十万学生）', 'Bench school', id FROM campuses WHERE tenant_id = $1 AND sort = 1 RETURNING id
     )
     INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, name_en, grade_level, sort)
     SELECT $1, uuidv7(), root.id, 'department', 'D' || n, '部门' || n, 'Department ' || n, NULL, n FROM root, generate_series(1, 5) n
     UNION ALL
     SELECT $1, uuidv7(), root.id, 'grade', 'G' || n, n || '年级', 'Grade ' || n, n, 100 + n FROM root, generate_series(1, $2::int) n`,
    [tenantId, F.gradeLevels],
  );
  // class k (0-based): grade 1 + k % 9, class number 1 + k / 9, campus 1 + k % 3
  await q(
    'org units: classes',
    `INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, name_en, campus_id, grade_level, sort)
     SELECT $1, uuidv7(), g.id, 'class', g.code || 'C' || (1 + k / $3), g.name || '(' || (1 + k / $3) || ')班',
            'Grade ' || g.grade_level || ' Class ' || (1 + k / $3), c.id, g.grade_level, 1 + k / $3
     FROM generate_series(0, $2::int - 1) k
     JOIN org_units g ON g.tenant_id = $1 AND g.kind = 'grade' AND g.grade_level = 1 + k % $3
     JOIN campuses c ON c.tenant_id = $1 AND c.sort = 1 + k % 3
     ORDER BY k`,
    [tenantId, classes, F.gradeLevels],
  );
  await analyze('org_units', 'campuses');

  const names = `family AS (SELECT string_to_array('王,李,张,刘,陈,杨,黄,赵,吴,周,徐,孙,马,朱,胡,郭,何,高,林,罗,郑,梁,谢,宋,唐', ',') AS a),
                 given AS (SELECT string_to_array('伟,芳,娜,敏,静,丽,强,磊,军,洋,勇,艳,杰,娟,涛,明,超,秀,霞,平,刚,桂,英,华,玉,兰,红,文,辉,建', ',') AS a)`;
  const nameOf = (i: string) =>
    `family.a[1 + ((${i}) * 7) % 25] || given.a[1 + ((${i}) * 13) % 30] || CASE WHEN (${i}) % 3 = 0 THEN '' ELSE given.a[1 + ((${i}) * 17) % 30] END`;
  await q(
    'users: admin and teachers',
    `WITH ${names}
     INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, gender, user_no, org_unit_id, campus_id, phone, account_initialized_at)
     SELECT $1, uuidv7(), CASE WHEN k = 0 THEN 'admin' ELSE 't' || lpad(k::text, 5, '0') END, $2,
            CASE WHEN k = 0 THEN '系统管理员' ELSE ${nameOf('k')} END, CASE WHEN k = 0 THEN '1' ELSE '3' END, (1 + k % 2)::text,
            CASE WHEN k = 0 THEN 'A0001' ELSE 'T' || lpad(k::text, 5, '0') END,
            d.id, c.id, '139' || lpad((k * 7919 % 100000000)::text, 8, '0'), timestamptz '2025-08-25 09:00+08'
     FROM generate_series(0, $3::int) k CROSS JOIN family CROSS JOIN given
     JOIN org_units d ON d.tenant_id = $1 AND d.code = 'D' || (1 + k % 5)
     JOIN campuses c ON c.tenant_id = $1 AND c.sort = 1 + k % 3
     ORDER BY k`,
    [tenantId, passwordHash, teachers],
  );
  // student i: class i / 50, seat 1 + i % 50; student number = enrolment year, gender, campus, class number, seat
  await q(
    'users: students',
    `WITH ${names},
     s AS (SELECT i, i / $4 AS k, 1 + i % $4 AS seat, (1 + (i * 5) % 2)::text AS gender FROM generate_series(0, $3::int - 1) i)
     INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, gender, user_no, org_unit_id, campus_id, id_number, account_initialized_at)
     SELECT $1, uuidv7(), n.student_no, $2, ${nameOf('s.i')}, '2', s.gender, n.student_no, c.id, c.campus_id,
            '110101' || to_char(date '2019-09-01' - (c.grade_level * 365 + s.i % 365), 'YYYYMMDD') || lpad((s.i % 1000)::text, 3, '0') || (s.i % 10)::text,
            timestamptz '2025-08-25 09:00+08'
     FROM s CROSS JOIN family CROSS JOIN given
     JOIN org_units c ON c.tenant_id = $1 AND c.code = 'G' || (1 + s.k % $5) || 'C' || (1 + s.k / $5)
     CROSS JOIN LATERAL (SELECT (2025 - c.grade_level + 1)::text || s.gender || (1 + s.k % 3) || lpad((1 + s.k / $5)::text, 3, '0') || lpad(s.seat::text, 2, '0') AS student_no) n
     ORDER BY s.i`,
    [tenantId, passwordHash, students, F.studentsPerClass, F.gradeLevels],
  );
  await q(
    'users: parents',
    `WITH ${names}
     INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, gender, user_no, phone)
     SELECT $1, uuidv7(), 'P' || s.username, $2, ${nameOf('s.n + 11')}, '4', (1 + s.n % 2)::text, 'P' || s.user_no,
            '13' || lpad((s.n::bigint * 104729 % 1000000000)::text, 9, '0')
     FROM (SELECT username, user_no, row_number() OVER (ORDER BY id)::int AS n FROM users WHERE tenant_id = $1 AND user_type = '2') s
     CROSS JOIN family CROSS JOIN given
     ORDER BY s.n`,
    [tenantId, passwordHash],
  );
  await analyze('users');
  await q(
    'parent_students',
    `INSERT INTO parent_students (tenant_id, parent_id, student_id, relation)
     SELECT $1, p.id, s.id, CASE p.gender WHEN '1' THEN '父亲' ELSE '母亲' END
     FROM users s JOIN users p ON p.tenant_id = $1 AND p.username = 'P' || s.username
     WHERE s.tenant_id = $1 AND s.user_type = '2'`,
    t,
  );
  await analyze('parent_students');
  // duties: teacher k + 1 heads class k; subject s of class k is taught by teacher 1 + (k + 337 s) % 2000; teachers 1-9 lead the grades
  await q(
    'staff_duties',
    `WITH cls AS (
       SELECT id, row_number() OVER (ORDER BY grade_level, sort) - 1 AS k FROM org_units WHERE tenant_id = $1 AND kind = 'class'
     ),
     teacher AS (SELECT id, user_no FROM users WHERE tenant_id = $1 AND user_type = '3')
     INSERT INTO staff_duties (tenant_id, org_unit_id, user_id, duty, subject)
     SELECT $1, cls.id, teacher.id, 'head_teacher', '' FROM cls JOIN teacher ON teacher.user_no = 'T' || lpad((cls.k + 1)::text, 5, '0')
     UNION ALL
     SELECT $1, cls.id, teacher.id, 'subject_teacher', subject.code
     FROM cls CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS subject(code, s)
     JOIN teacher ON teacher.user_no = 'T' || lpad((1 + (cls.k + 337 * subject.s) % $3)::text, 5, '0')
     UNION ALL
     SELECT $1, g.id, teacher.id, 'grade_leader', '' FROM org_units g JOIN teacher ON teacher.user_no = 'T' || lpad(g.grade_level::text, 5, '0')
     WHERE g.tenant_id = $1 AND g.kind = 'grade'`,
    [tenantId, F.subjects, teachers],
  );
  await analyze('staff_duties');
  await q(
    'user_roles',
    `INSERT INTO user_roles (tenant_id, user_id, role_id)
     SELECT $1, id, CASE user_type WHEN '1' THEN $2::uuid WHEN '2' THEN $3::uuid WHEN '3' THEN $4::uuid ELSE $5::uuid END FROM users WHERE tenant_id = $1
     UNION ALL SELECT $1, user_id, $6::uuid FROM staff_duties WHERE tenant_id = $1 AND duty = 'head_teacher'
     UNION ALL SELECT $1, user_id, $7::uuid FROM staff_duties WHERE tenant_id = $1 AND duty = 'grade_leader'
     UNION ALL SELECT $1, id, $8::uuid FROM users WHERE tenant_id = $1 AND username = 'admin'`,
    [tenantId, role('admin'), role('student'), role('teacher'), role('parent'), role('banzhuren'), role('grade_leader'), role('teaching_office')],
  );

  // the school days of the 4 weeks, numbered 0…
  const schoolDays = `days AS (
       SELECT day::date AS day, row_number() OVER (ORDER BY day) - 1 AS n
       FROM generate_series($2::date, $2::date + 41, interval '1 day') day WHERE extract(isodow FROM day) < 6 ORDER BY day LIMIT $3
     )`;
  const semester = `(SELECT id FROM semesters WHERE tenant_id = $1 AND code = '2025-2026-1')`;
  await q(
    'attendance_rolls',
    `WITH ${schoolDays},
     slot AS (SELECT day, ((day + time '08:05') AT TIME ZONE '${ZONE}') AS taken_at FROM days)
     INSERT INTO attendance_rolls (tenant_id, id, class_id, date, semester_id, taken_by, taken_at, created_at, updated_at, created_by, updated_by, version)
     SELECT $1, uuidv7(), d.org_unit_id, slot.day, ${semester}, d.user_id, slot.taken_at, slot.taken_at, slot.taken_at, d.user_id, d.user_id, 1
     FROM slot CROSS JOIN staff_duties d WHERE d.tenant_id = $1 AND d.duty = 'head_teacher'
     ORDER BY slot.day, d.org_unit_id`,
    [tenantId, F.firstSchoolDay, F.schoolDays],
  );
  await analyze('attendance_rolls');
  // leave: student n (by account order) with n % 33 = 0, on school day (n / 33) % 20, 08:00-17:00, filed by the
  // parent the evening before, passed by the head teacher an hour later; even ones sick ('1', with a certificate)
  await q(
    'applications (student leave)',
    `WITH ${schoolDays},
     s AS (SELECT id, org_unit_id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE tenant_id = $1 AND user_type = '2'),
     l AS (
       SELECT s.*, ps.parent_id, (s.n / $4) % 2 = 0 AS sick,
              (days.day + time '08:00') AT TIME ZONE '${ZONE}' AS starts_at, (days.day + time '17:00') AT TIME ZONE '${ZONE}' AS ends_at,
              (days.day - 1 + time '20:00') AT TIME ZONE '${ZONE}' AS submitted_at
       FROM s JOIN days ON days.n = (s.n / $4) % $3
       JOIN parent_students ps ON ps.tenant_id = $1 AND ps.student_id = s.id
       WHERE s.n % $4 = 0
     )
     INSERT INTO applications (tenant_id, id, kind, applicant_id, submitted_by, org_unit_id, leave_type, starts_at, ends_at, days, reason, attachments,
                               state, steps, step, submitted_at, decided_at, deadline_at, semester_id, created_at, updated_at, created_by, updated_by, version)
     SELECT $1, uuidv7(), 'student_leave', l.id, l.parent_id, l.org_unit_id, CASE WHEN l.sick THEN '1' ELSE '2' END, l.starts_at, l.ends_at, 1,
            CASE WHEN l.sick THEN '发烧，去医院看病，附病假条' ELSE '家中有事，请假一天' END,
            CASE WHEN l.sick THEN ARRAY[uuidv7()::text] ELSE '{}'::text[] END,
            'approved', $5::jsonb, 0, l.submitted_at, l.submitted_at + interval '1 hour', l.ends_at + interval '7 days', ${semester},
            l.submitted_at, l.submitted_at + interval '1 hour', l.parent_id, h.user_id, 2
     FROM l JOIN staff_duties h ON h.tenant_id = $1 AND h.org_unit_id = l.org_unit_id AND h.duty = 'head_teacher'
     ORDER BY l.submitted_at, l.n`,
    [tenantId, F.firstSchoolDay, F.schoolDays, F.leaveEvery, JSON.stringify(DEFAULT_FLOWS.student_leave)],
  );
  await analyze('applications');
  await q(
    'application_events',
    `INSERT INTO application_events (tenant_id, id, application_id, action, step, actor_id, opinion, at, created_at, updated_at, created_by, updated_by)
     SELECT $1, uuidv7(), a.id, e.action, e.step, e.actor, e.opinion, e.happened, e.happened, e.happened, e.actor, e.actor
     FROM applications a CROSS JOIN LATERAL (VALUES ('submit', NULL::int, a.submitted_by, '', a.submitted_at), ('pass', 0, a.updated_by, '同意', a.decided_at)) AS e(action, step, actor, opinion, happened)
     WHERE a.tenant_id = $1
     ORDER BY e.happened, a.id`,
    t,
  );

  // the certificates: real files placed as an upload places them (store, then the backups' file archive), claimed by their application
  const fileAt = performance.now();
  const certificates = (
    await db.pool.query<{ applicationId: string; fileId: string; uploader: string; at: Date }>(
      `SELECT id AS "applicationId", attachments[1] AS "fileId", submitted_by AS uploader, submitted_at AS at
       FROM applications WHERE tenant_id = $1 AND cardinality(attachments) > 0 ORDER BY submitted_at, id`,
      t,
    )
  ).rows;
  const fileRows = { id: [] as string[], size: [] as number[], sha256: [] as string[], path: [] as string[], owner: [] as string[], record: [] as string[], at: [] as Date[] };
  let fileBytes = 0;
  for (const certificate of certificates) {
    const bytes = randomBytes(F.certificateBytes);
    bytes.set([0xff, 0xd8, 0xff, 0xe0], 0); // a JPEG's start
    const staged = await storage.stage(Readable.from([bytes]), F.certificateBytes);
    const key = storage.keyFor(tenantId, certificate.fileId, certificate.at);
    await storage.put(staged.tempPath, key);
    fileRows.id.push(certificate.fileId);
    fileRows.size.push(staged.size);
    fileRows.sha256.push(createHash('sha256').update(bytes).digest('hex'));
    fileRows.path.push(key);
    fileRows.owner.push(certificate.uploader);
    fileRows.record.push(certificate.applicationId);
    fileRows.at.push(certificate.at);
    fileBytes += staged.size;
  }
  await db.pool.query(
    `INSERT INTO files (tenant_id, id, name, suffix, mime, size, sha256, path, category, owner_id, owner_kind, owner_record_id, created_at, updated_at, created_by, updated_by)
     SELECT $1, f.id, '病假条.jpg', 'jpg', 'image/jpeg', f.size, f.sha256, f.path, 'leaveCertificate', f.owner, 'application', f.record, f.at, f.at, f.owner, f.owner
     FROM unnest($2::uuid[], $3::bigint[], $4::text[], $5::text[], $6::uuid[], $7::text[], $8::timestamptz[]) AS f(id, size, sha256, path, owner, record, at)`,
    [tenantId, fileRows.id, fileRows.size, fileRows.sha256, fileRows.path, fileRows.owner, fileRows.record, fileRows.at],
  );
  log(`[student-fill] files: ${certificates.length} certificates, ${(fileBytes / 1024 / 1024).toFixed(1)} MiB, ${((performance.now() - fileAt) / 1000).toFixed(1)} s`);

  // entries: 3 % absent, 3 % late, 1 % left early, on leave where an approved leave covers the day, the rest present
  await q(
    'attendance_entries',
    `INSERT INTO attendance_entries (tenant_id, roll_id, student_id, status, remark, created_at, updated_at, created_by, updated_by)
     SELECT $1, r.id, u.id,
            CASE WHEN l.applicant_id IS NOT NULL THEN '4' WHEN h < 3 THEN '2' WHEN h < 6 THEN '3' WHEN h = 6 THEN '5' ELSE '1' END,
            CASE WHEN l.applicant_id IS NOT NULL THEN '' WHEN h < 3 THEN '未到校，已联系家长' WHEN h < 6 THEN '迟到约10分钟' ELSE '' END,
            r.taken_at, r.taken_at, r.taken_by, r.taken_by
     FROM attendance_rolls r
     JOIN users u ON u.tenant_id = $1 AND u.org_unit_id = r.class_id AND u.user_type = '2'
     LEFT JOIN applications l ON l.tenant_id = $1 AND l.applicant_id = u.id AND l.kind = 'student_leave' AND (l.starts_at AT TIME ZONE '${ZONE}')::date = r.date
     CROSS JOIN LATERAL (SELECT floor(random() * 100)::int AS h) x
     WHERE r.tenant_id = $1
     ORDER BY r.id, u.id`,
    t,
  );
  await analyze('attendance_entries');
  await q(
    'attendance_changes',
    `INSERT INTO attendance_changes (tenant_id, id, roll_id, student_id, old_status, new_status, old_remark, new_remark, changed_by, changed_at, roll_version,
                                     created_at, updated_at, created_by, updated_by)
     SELECT $1, uuidv7(), e.roll_id, e.student_id, NULL, e.status, NULL, e.remark, e.created_by, e.created_at, 1, e.created_at, e.created_at, e.created_by, e.created_by
     FROM attendance_entries e WHERE e.tenant_id = $1
     ORDER BY e.roll_id, e.student_id`,
    t,
  );

  const admin = `(SELECT id FROM users WHERE tenant_id = $1 AND username = 'admin')`;
  await q(
    'exam_batches',
    `INSERT INTO exam_batches (tenant_id, id, semester_id, name, grade_ids, subjects, start_date, end_date, sort, regular, published, published_at, published_by, created_by, updated_by)
     SELECT $1, uuidv7(), ${semester}, e.name, (SELECT array_agg(id ORDER BY grade_level) FROM org_units WHERE tenant_id = $1 AND kind = 'grade'), $2::text[],
            e.start_date, e.end_date, 10 * e.n, true, true, (e.end_date + 3 + time '18:00') AT TIME ZONE '${ZONE}', ${admin}, ${admin}, ${admin}
     FROM unnest($3::text[], $4::date[], $5::date[]) WITH ORDINALITY AS e(name, start_date, end_date, n)`,
    [tenantId, F.subjects, F.exams.map((e) => e.name), F.exams.map((e) => e.startDate), F.exams.map((e) => e.endDate)],
  );
  await analyze('exam_batches');
  await q(
    'score_systems',
    `INSERT INTO score_systems (tenant_id, id, batch_id, name, grade_ids, subjects, full_mark, excellent_line, pass_line, ratio, created_by, updated_by)
     SELECT $1, uuidv7(), b.id, '百分制', '{}', '{}', 100, 85, 60, 1, ${admin}, ${admin} FROM exam_batches b WHERE b.tenant_id = $1`,
    t,
  );
  await analyze('score_systems');
  await q(
    'score_bands',
    `INSERT INTO score_bands (tenant_id, id, system_id, name, name_en, conversion_score, min_score, max_score, sort, created_by, updated_by)
     SELECT $1, uuidv7(), s.id, band.name, band.name_en, band.conversion, band.min, band.max, band.sort, ${admin}, ${admin}
     FROM score_systems s CROSS JOIN (VALUES ('优秀', 'Excellent', 95, 85, 100, 10), ('良好', 'Good', 80, 75, 84, 20), ('及格', 'Pass', 68, 60, 74, 30), ('不及格', 'Fail', 50, 0, 59, 40))
          AS band(name, name_en, conversion, min, max, sort)
     WHERE s.tenant_id = $1`,
    t,
  );
  // a sheet per batch, class and subject, entered by the subject teacher the afternoon of the exam's last day and submitted
  await q(
    'score_sheets',
    `INSERT INTO score_sheets (tenant_id, id, batch_id, class_id, subject, submitted, submitted_at, submitted_by, created_at, updated_at, created_by, updated_by)
     SELECT $1, uuidv7(), b.id, d.org_unit_id, d.subject, true, x.at + interval '30 minutes', d.user_id, x.at, x.at + interval '30 minutes', d.user_id, d.user_id
     FROM exam_batches b CROSS JOIN LATERAL (SELECT (b.end_date + time '16:30') AT TIME ZONE '${ZONE}' AS at) x
     JOIN staff_duties d ON d.tenant_id = $1 AND d.duty = 'subject_teacher'
     WHERE b.tenant_id = $1
     ORDER BY b.end_date, d.org_unit_id, d.subject`,
    t,
  );
  await analyze('score_sheets');
  // scores around 75 (the mean of three uniform draws), 1 % absent
  await q(
    'scores',
    `INSERT INTO scores (tenant_id, sheet_id, student_id, score, mark, entered_by, entered_at, created_at, updated_at, created_by, updated_by)
     SELECT $1, sh.id, u.id, CASE WHEN x.absent THEN NULL ELSE least(100, round((45 + 60 * (random() + random() + random()) / 3) * 2) / 2) END,
            CASE WHEN x.absent THEN 'absent' ELSE '' END, sh.submitted_by, sh.created_at, sh.created_at, sh.created_at, sh.submitted_by, sh.submitted_by
     FROM score_sheets sh
     JOIN users u ON u.tenant_id = $1 AND u.org_unit_id = sh.class_id AND u.user_type = '2'
     CROSS JOIN LATERAL (SELECT random() < 0.01 AS absent) x
     WHERE sh.tenant_id = $1
     ORDER BY sh.id, u.id`,
    t,
  );
  await analyze('scores');
  await q(
    'score_changes',
    `INSERT INTO score_changes (tenant_id, id, sheet_id, student_id, old_score, old_mark, new_score, new_mark, correction, changed_by, changed_at, score_version,
                                created_at, updated_at, created_by, updated_by)
     SELECT $1, uuidv7(), s.sheet_id, s.student_id, NULL, NULL, s.score, s.mark, false, s.entered_by, s.entered_at, 1, s.entered_at, s.entered_at, s.entered_by, s.entered_by
     FROM scores s WHERE s.tenant_id = $1
     ORDER BY s.sheet_id, s.student_id`,
    t,
  );

  const seconds = (performance.now() - started) / 1000;
  return { tenantId, rows: await rowsOf(db, tenantId), files: { count: certificates.length, bytes: fileBytes }, seconds };
}

/** Rows of one tenant in every table that has a tenant_id (those with none left out), largest first. */
async function rowsOf(db: Database, tenantId: string): Promise<{ table: string; rows: number }[]> {
  const tables = (
    await db.pool.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attname = 'tenant_id' AND NOT a.attisdropped ORDER BY c.relname`,
    )
  ).rows;
  const counts: { table: string; rows: number }[] = [];
  for (const { table } of tables) {
    const rows = Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}" WHERE tenant_id = $1`, [tenantId])).rows[0]!.n);
    if (rows > 0) counts.push({ table, rows });
  }
  return counts.sort((a, b) => b.rows - a.rows || a.table.localeCompare(b.table));
}
