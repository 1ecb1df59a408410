// People search over 100,000 people: POST /saas/components/getUserAllData through the whole app
// (session check, validation, RLS transaction, count + page), timed with app.inject.
//   npx tsx bench/people-search.ts        (also run by `npm run bench` as one row)
// Self-contained: its own embedded PostgreSQL in a temp directory (or, with DATABASE_URL, a throwaway
// database on that server, dropped afterwards), migrated, one tenant `bench` filled by generate_series.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { buildApp } from '../server/app';
import { defaultConfig } from '../server/config';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase } from '../server/db/client';
import { openScratchDatabase } from '../server/db/scratch';
import { hashPassword } from '../server/modules/auth/passwords';

export interface PeopleSearchResult {
  people: number;
  searches: number;
  p50: number;
  p95: number;
  max: number;
  keywordP95: number;
  seedSeconds: number;
}

const PEOPLE = 100_000;
const SEARCHES = 600;
const PASSWORD = 'Bench@2026';

/** One tenant: 3 campuses, 10 departments, 12 grades × 20 classes, PEOPLE users (one shared password hash). */
export async function fill(pool: pg.Pool, passwordHash: string): Promise<string> {
  const tenantId = (await pool.query<{ id: string }>(`INSERT INTO tenants (id, code, name, kind) VALUES (gen_random_uuid(), 'bench', '压测学校', 'k12') RETURNING id`))
    .rows[0]!.id;
  await pool.query(
    `INSERT INTO campuses (tenant_id, id, code, name, sort)
     SELECT $1, gen_random_uuid(), 'XQ' || n, '第' || n || '校区', n FROM generate_series(1, 3) n`,
    [tenantId],
  );
  await pool.query(
    `INSERT INTO org_units (tenant_id, id, kind, code, name) VALUES ($1, gen_random_uuid(), 'school', 'BENCH', '压测学校')`,
    [tenantId],
  );
  await pool.query(
    `WITH root AS (SELECT id FROM org_units WHERE tenant_id = $1 AND code = 'BENCH')
     INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, sort)
     SELECT $1, gen_random_uuid(), root.id, 'department', 'D' || n, '部门' || n, n FROM root, generate_series(1, 10) n
     UNION ALL
     SELECT $1, gen_random_uuid(), root.id, 'grade', 'G' || n, n || '年级', 100 + n FROM root, generate_series(1, 12) n`,
    [tenantId],
  );
  await pool.query(
    `INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, campus_id, sort)
     SELECT $1, gen_random_uuid(), g.id, 'class', g.code || 'C' || c, g.name || '(' || c || ')班',
            (SELECT id FROM campuses WHERE tenant_id = $1 ORDER BY sort OFFSET (c % 3) LIMIT 1), c
     FROM org_units g, generate_series(1, 20) c WHERE g.tenant_id = $1 AND g.kind = 'grade'`,
    [tenantId],
  );
  // Bulk load: the search indexes are dropped and built again afterwards from their own definitions.
  const indexes = (
    await pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public' AND tablename = 'users' AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    )
  ).rows;
  for (const index of indexes) await pool.query(`DROP INDEX ${index.indexname}`);
  await pool.query(
    `WITH units AS (
       SELECT id, campus_id, row_number() OVER (ORDER BY code) - 1 AS k, count(*) OVER () AS n
       FROM org_units WHERE tenant_id = $1 AND kind IN ('class', 'department')
     ),
     family AS (SELECT string_to_array('王,李,张,刘,陈,杨,黄,赵,吴,周,徐,孙,马,朱,胡,郭,何,高,林,罗,郑,梁,谢,宋,唐', ',') AS a),
     given AS (SELECT string_to_array('伟,芳,娜,敏,静,丽,强,磊,军,洋,勇,艳,杰,娟,涛,明,超,秀,霞,平,刚,桂,英,华,玉,兰,红,文,辉,建', ',') AS a)
     INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, gender, user_no, org_unit_id, campus_id)
     SELECT $1, gen_random_uuid(),
            CASE WHEN i = 1 THEN 'admin' ELSE 'u' || lpad(i::text, 6, '0') END,
            $2,
            family.a[1 + (i * 7) % 25] || given.a[1 + (i * 13) % 30] || CASE WHEN i % 3 = 0 THEN '' ELSE given.a[1 + (i * 17) % 30] END,
            CASE WHEN i % 50 = 1 THEN '1' WHEN i % 10 = 0 THEN '3' WHEN i % 2 = 0 THEN '4' ELSE '2' END,
            (1 + i % 2)::text,
            CASE WHEN i % 10 = 0 THEN 'T' || lpad(i::text, 6, '0') ELSE (2015 + i % 10)::text || lpad(i::text, 6, '0') END,
            u.id, u.campus_id
     FROM generate_series(1, ${PEOPLE}) i
     CROSS JOIN family CROSS JOIN given
     JOIN units u ON u.k = i % u.n`,
    [tenantId, passwordHash],
  );
  for (const index of indexes) await pool.query(index.indexdef);
  // what autovacuum does soon after a bulk load: statistics, and the visibility map for index-only counts
  await pool.query('VACUUM ANALYZE users');
  await pool.query('ANALYZE org_units; ANALYZE campuses');
  return tenantId;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function runPeopleSearchBench(log: (line: string) => void = console.log): Promise<PeopleSearchResult> {
  const database = await openScratchDatabase('xiaowu_bench_people');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-bench-people-data-'));
  const db = connectDatabase(database.url, { maxConnections: 4 });
  try {
    await bootstrapDatabase(db, { seedDemo: false });
    const seedStart = performance.now();
    const tenantId = await fill(db.pool, await hashPassword(PASSWORD));
    const seedSeconds = (performance.now() - seedStart) / 1000;
    log(`[people-search] ${PEOPLE} people in tenant bench (${tenantId}) in ${seedSeconds.toFixed(1)} s`);

    const app = await buildApp({ db, config: defaultConfig({ captchaEnabled: false, logLevel: 'silent', dataDir, staticDir: '/nonexistent' }), logger: false });
    try {
      const loginResponse = await app.inject({ method: 'POST', url: '/api/login/v3', payload: { username: 'admin', password: PASSWORD, tenant: 'bench' } });
      const token = (loginResponse.json() as { data?: { token?: string }; msg: string }).data?.token;
      if (!token) throw new Error(`bench login failed: ${loginResponse.body}`);

      const campuses = (await db.pool.query<{ id: string; code: string }>('SELECT id, code FROM campuses WHERE tenant_id = $1', [tenantId])).rows;
      const keywords = ['张', '王伟', '李明', '陈静', 'u0123', '2019', 'T0005', '00042', 'admin', '刘洋', '红', '黄华英', 'zz-none'];
      const orgCodes = ['G7', 'G3C12', 'D4', 'G12C1'];
      const searches: { body: Record<string, unknown>; keyword: boolean }[] = [];
      for (let i = 0; i < SEARCHES; i++) {
        const filter: Record<string, string> = {};
        if (i % 2 === 0) filter.KEYWORD = keywords[i % keywords.length]!;
        if (i % 3 === 0) filter.USERTYPE = ['2', '3', '1', '2,3'][i % 4]!;
        if (i % 5 === 0) filter.XQID = campuses[i % campuses.length]!.id;
        if (i % 7 === 0) filter.XQDM = campuses[i % campuses.length]!.code;
        if (i % 11 === 0) filter.DWDM = orgCodes[i % orgCodes.length]!;
        searches.push({ body: { size: i % 13 === 0 ? 20 : 5, page: i % 4 === 3 ? i % 40 : 0, search: JSON.stringify(filter) }, keyword: !!filter.KEYWORD });
      }

      const timeOne = async (body: Record<string, unknown>) => {
        const start = performance.now();
        const response = await app.inject({ method: 'POST', url: '/saas/components/getUserAllData', headers: { 'x-access-token': token }, payload: body });
        const ms = performance.now() - start;
        const envelope = response.json() as { code: number; msg: string };
        if (envelope.code !== 1) throw new Error(`search failed: ${envelope.msg}`);
        return ms;
      };
      for (const search of searches.slice(0, 40)) await timeOne(search.body); // warm-up
      const all: number[] = [];
      const withKeyword: number[] = [];
      const slowest: { ms: number; body: Record<string, unknown> }[] = [];
      for (const search of searches) {
        const ms = await timeOne(search.body);
        all.push(ms);
        if (search.keyword) withKeyword.push(ms);
        slowest.push({ ms, body: search.body });
      }
      slowest.sort((a, b) => b.ms - a.ms);
      if (process.env.BENCH_VERBOSE) for (const entry of slowest.slice(0, 8)) log(`[people-search] slow: ${entry.ms.toFixed(1)} ms ${JSON.stringify(entry.body)}`);
      all.sort((a, b) => a - b);
      withKeyword.sort((a, b) => a - b);
      const result: PeopleSearchResult = {
        people: PEOPLE,
        searches: all.length,
        p50: percentile(all, 50),
        p95: percentile(all, 95),
        max: all[all.length - 1]!,
        keywordP95: percentile(withKeyword, 95),
        seedSeconds,
      };
      log(
        `[people-search] ${result.searches} searches: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms ` +
          `(with KEYWORD p95 ${result.keywordP95.toFixed(1)} ms), max ${result.max.toFixed(1)} ms`,
      );
      return result;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPeopleSearchBench();
  console.log(JSON.stringify(result));
  process.exit(result.p95 <= 50 ? 0 : 1);
}
