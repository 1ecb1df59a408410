// 学生信息 (issue 23): the list over 100,000 students of one school, its first page and a name search
// (p95 ≤ 50 ms), and importing 5,000 students from the template, dry run included (≤ 15 s), through the
// kit service of /api/students inside a tenant transaction (the app role, RLS on, the view's trigger
// writing each student's users, students and class_memberships rows), rolled back after each run.
//   npx tsx bench/students.ts        (also run by `npm run bench`; `BENCH_ONLY=students npx tsx bench/run.ts` runs only this)
// Self-contained: its own embedded PostgreSQL (or, with DATABASE_URL, a throwaway database), migrated,
// one tenant `bench`: 2 campuses, 9 grades × 20 classes, 100,000 students with realistic names and a parent account each.
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { students } from '../contracts/resources/students';
import { idCheckDigit } from '../contracts/user-rules';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase, type Database } from '../server/db/client';
import { openScratchDatabase } from '../server/db/scratch';
import type { KitDeps } from '../server/kit/crud-module';
import { readImportSheet } from '../server/kit/resource-excel';
import type { Session } from '../server/modules/auth/session.types';
import { seedDictionaries } from '../server/db/seed/dicts';
import '../server/modules/places/places.module';
import { studentsModule } from '../server/modules/students/students.module';

export const STUDENT_LIST_ROWS = 100_000;
export const STUDENT_IMPORT_ROWS = 5_000;
export const STUDENT_LIST_TARGET_MS = 50;
export const STUDENT_IMPORT_TARGET_MS = 15_000;
const LIST_RUNS = Number(process.env.BENCH_STUDENTS_LIST_RUNS ?? 100);
const IMPORT_RUNS = Number(process.env.BENCH_STUDENTS_IMPORT_RUNS ?? 3);

export interface StudentBenchResult {
  firstPage: { p50: number; p95: number };
  nameSearch: { p50: number; p95: number; keyword: string; total: number };
  /** the workbook read, the dry run and the apply of 5,000 new students, median and max of IMPORT_RUNS */
  import: { p50: number; max: number; checkMs: number; applyMs: number; readMs: number };
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '浩宇轩子俊杰博文睿泽明天伟鹏昊然嘉铭思成晨逸航一诚志强欣怡梓萱雨婷诗涵佳琪思彤可馨雅静梦瑶晓妍悦慧丽敏雪芳琳颖';

async function fill(pool: pg.Pool): Promise<{ tenantId: string; classCodes: string[] }> {
  const tenantId = (await pool.query<{ id: string }>(`INSERT INTO tenants (id, code, name, kind) VALUES (gen_random_uuid(), 'bench', '压测学校', 'k12') RETURNING id`)).rows[0]!.id;
  const run = (text: string, values: unknown[] = []) => pool.query(text, [tenantId, ...values]);
  await run(`INSERT INTO campuses (tenant_id, id, code, name, sort) VALUES ($1, gen_random_uuid(), 'BB', '本部校区', 1), ($1, gen_random_uuid(), 'DX', '东校区', 2)`);
  await run(`INSERT INTO org_units (tenant_id, id, kind, code, name, grade_level, sort) SELECT $1, gen_random_uuid(), 'grade', 'G' || g, g || '年级', g, g FROM generate_series(1, 9) g`);
  await run(
    `INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, grade_level, campus_id, sort)
     SELECT $1, gen_random_uuid(), p.id, 'class', 'C' || p.grade_level || lpad(c::text, 2, '0'), p.grade_level || '年级(' || c || ')班', p.grade_level,
            (SELECT id FROM campuses WHERE tenant_id = $1 ORDER BY sort LIMIT 1 OFFSET (CASE WHEN p.grade_level <= 6 THEN 0 ELSE 1 END)), c
     FROM org_units p, generate_series(1, 20) c WHERE p.tenant_id = $1 AND p.kind = 'grade'`,
  );
  // names from the seed's pools (surname + one or two given characters), numbers year + gender + campus + serial
  await run(
    `WITH classes AS (SELECT id, campus_id, grade_level, row_number() OVER (ORDER BY code) - 1 AS n FROM org_units WHERE tenant_id = $1 AND kind = 'class'),
          people AS (SELECT i, (SELECT count(*) FROM classes) AS k FROM generate_series(1, $2::int) i)
     INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, gender, user_no, org_unit_id, campus_id, id_number)
     SELECT $1, gen_random_uuid(), s.no, 'x',
            substr($3, (1 + (i::bigint * 7919) % char_length($3))::int, 1) || substr($4, (1 + (i::bigint * 104729) % char_length($4))::int, 1) || CASE WHEN i % 4 = 0 THEN '' ELSE substr($4, (1 + (i::bigint * 1299709) % char_length($4))::int, 1) END,
            '2', (1 + i % 2)::text, s.no, c.id, c.campus_id, ''
     FROM people p JOIN classes c ON c.n = p.i % p.k
     CROSS JOIN LATERAL (SELECT (2026 - c.grade_level)::text || (1 + i % 2)::text || lpad(i::text, 6, '0') AS no) s`,
    [STUDENT_LIST_ROWS, SURNAMES, GIVEN],
  );
  // each student's parent account (users of type 4, as the demo seed and 账号初始化 make them): the people table as a school has it
  await run(`INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, user_no) SELECT tenant_id, gen_random_uuid(), 'P' || user_no, 'x', name || '家长', '4', 'P' || user_no FROM users WHERE tenant_id = $1 AND user_type = '2'`);
  await run(
    `INSERT INTO students (tenant_id, user_id, pinyin, birth_date, enrolment_date, boarding)
     SELECT u.tenant_id, u.id, '', make_date(2019 - o.grade_level, 1 + (abs(hashtext(u.id::text)) % 12), 1 + (abs(hashtext(u.user_no)) % 28)), make_date(2026 - o.grade_level, 9, 1), o.grade_level >= 7 AND abs(hashtext(u.id::text)) % 3 = 0
     FROM users u JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id WHERE u.tenant_id = $1 AND u.user_type = '2'`,
  );
  await run(
    `INSERT INTO class_memberships (tenant_id, id, student_id, class_id, from_date)
     SELECT s.tenant_id, gen_random_uuid(), s.user_id, u.org_unit_id, s.enrolment_date FROM students s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id WHERE s.tenant_id = $1`,
  );
  // as autovacuum leaves a school's tables: statistics and the visibility map (index-only counts)
  await pool.query('VACUUM ANALYZE');
  const classCodes = (await run(`SELECT code FROM org_units WHERE tenant_id = $1 AND kind = 'class' ORDER BY code`)).rows.map((row: { code: string }) => row.code);
  return { tenantId, classCodes };
}

class RolledBack extends Error {}

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * p))]!;

/** The 5,000-row import file: the template (its headers and dropdowns) filled as a school would. */
async function importWorkbook(template: Buffer, classCodes: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const label = String(cell.value).replace('*', '').trim();
    const field = Object.entries(students.fields).find(([, spec]) => spec.label.zh === label)?.[0];
    if (field) columns.set(field, column);
  });
  for (let i = 0; i < STUDENT_IMPORT_ROWS; i++) {
    const birth = `2014${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;
    const first = `110101${birth}${String(i % 1000).padStart(3, '0')}`;
    const values: Record<string, unknown> = {
      studentNo: `I${String(i).padStart(6, '0')}`,
      name: SURNAMES[i % SURNAMES.length]! + GIVEN[(i * 7) % GIVEN.length]! + GIVEN[(i * 13) % GIVEN.length]!,
      gender: i % 2 === 0 ? '男' : '女',
      birthDate: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6)}`,
      nationality: '中国',
      idType: '居民身份证',
      idNumber: first + idCheckDigit(first),
      campusId: '本部校区',
      classId: classCodes[i % 40]!,
      enrolmentDate: '2020-09-01',
      status: '在读',
      boarding: '走读',
      phone: `139${String(10_000_000 + i).padStart(8, '0')}`,
      address: `示范市学府路${1 + (i % 300)}号`,
    };
    const row = sheet.getRow(i + 2);
    for (const [field, value] of Object.entries(values)) row.getCell(columns.get(field)!).value = value as ExcelJS.CellValue;
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function runStudentsBench(log: (line: string) => void = console.log): Promise<StudentBenchResult> {
  const database = await openScratchDatabase('xiaowu_bench_students');
  const db: Database = connectDatabase(database.url, { maxConnections: 2 });
  try {
    await bootstrapDatabase(db, { seedDemo: false });
    const started = performance.now();
    const { tenantId, classCodes } = await fill(db.pool);
    // the school's dictionaries (国籍, 证件类型: the import names their entries)
    await db.withTenant(tenantId, (tx) => seedDictionaries(tx, tenantId, []));
    if (process.env.BENCH_STUDENTS_EXPLAIN) {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
        await client.query('SET LOCAL ROLE xiaowu_app');
        for (const query of [
          'SELECT count(*) FROM student_records',
          'SELECT s.*, (SELECT name FROM org_units o WHERE o.tenant_id = s.tenant_id AND o.id = s.class_id) FROM student_records s ORDER BY student_no, id LIMIT 10',
          `SELECT count(*) FROM student_records WHERE (name ILIKE '%邵丽涵%' OR student_no ILIKE '%邵丽涵%' OR id_number ILIKE '%邵丽涵%') AND id IN (SELECT xiaowu_student_search('邵丽涵'))`,
        ]) {
          log((await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${query}`)).rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
        }
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    }
    log(`[students] ${STUDENT_LIST_ROWS.toLocaleString('en')} students filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // the calls' work, not the permission lookup (its own cache and tables): a session allowed everything
    const deps = { permissions: { assertHas: async () => undefined, assertAnyOf: async () => undefined }, files: { registerOwnerKind: () => undefined, claim: async () => undefined } } as unknown as KitDeps;
    const service = studentsModule.createService(deps);
    const [{ id: userId }] = (await db.pool.query<{ id: string }>(`SELECT id FROM users WHERE tenant_id = $1 LIMIT 1`, [tenantId])).rows;
    const session = { tenantId, userId } as Session;
    const [{ name: keyword }] = (await db.pool.query<{ name: string }>(`SELECT name FROM users WHERE tenant_id = $1 AND char_length(name) = 3 ORDER BY user_no LIMIT 1 OFFSET 5000`, [tenantId])).rows;

    const timed = async (search: Record<string, string>) => {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i <= LIST_RUNS; i++) {
        await db.withTenant(tenantId, async (tx) => {
          const start = performance.now();
          const page = await service.list(tx, { currPage: 0, limit: 10, search }, 'zh');
          // the first run warms up
          if (i > 0) times.push(performance.now() - start);
          total = page.total;
        });
      }
      return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), total };
    };
    const firstPage = await timed({});
    const nameSearch = await timed({ keyword });
    log(`[students] first page p95 ${firstPage.p95.toFixed(1)} ms (p50 ${firstPage.p50.toFixed(1)}); name search '${keyword}' (${nameSearch.total} found) p95 ${nameSearch.p95.toFixed(1)} ms (p50 ${nameSearch.p50.toFixed(1)})`);

    const template = await db.withTenant(tenantId, (tx) => service.template(tx, session, 'zh'));
    const file = await importWorkbook(template, classCodes);
    const runs: { total: number; read: number; check: number; apply: number }[] = [];
    for (let i = 0; i < IMPORT_RUNS; i++) {
      const start = performance.now();
      const sheet = await readImportSheet(file, 'students.xlsx');
      const upload = { fileName: 'students.xlsx', sheet, discard: async () => undefined };
      const read = performance.now() - start;
      // the dry run and the apply: two calls, two transactions, as the screen makes them
      const check = await db.withTenant(tenantId, (tx) => service.importCheck(tx, session, upload, 'zh'));
      if (check.issues.length > 0 || check.added !== STUDENT_IMPORT_ROWS) throw new Error(`dry run: ${check.issues.length} issues, ${check.added} added: ${JSON.stringify(check.issues.slice(0, 3))}`);
      const checked = performance.now();
      await db
        .withTenant(tenantId, async (tx) => {
          const applied = await service.importApply(tx, session, upload, 'zh');
          if (applied.added !== STUDENT_IMPORT_ROWS) throw new Error(`applied ${applied.added}`);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
      const end = performance.now();
      runs.push({ total: end - start, read, check: checked - start - read, apply: end - checked });
    }
    runs.sort((a, b) => a.total - b.total);
    const median = runs[Math.floor(runs.length / 2)]!;
    const result: StudentBenchResult = {
      firstPage: { p50: firstPage.p50, p95: firstPage.p95 },
      nameSearch: { p50: nameSearch.p50, p95: nameSearch.p95, keyword, total: nameSearch.total },
      import: { p50: median.total, max: runs.at(-1)!.total, readMs: median.read, checkMs: median.check, applyMs: median.apply },
    };
    log(`[students] import of ${STUDENT_IMPORT_ROWS.toLocaleString('en')}: ${(median.total / 1000).toFixed(2)} s (read ${(median.read / 1000).toFixed(2)} s, dry run ${(median.check / 1000).toFixed(2)} s, apply ${(median.apply / 1000).toFixed(2)} s), max ${(result.import.max / 1000).toFixed(2)} s`);
    return result;
  } finally {
    await db.close();
    await database.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runStudentsBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
