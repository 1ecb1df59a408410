// 用户日志 over 2,000,000 rows of one school: the app log viewer's queries as the screen makes them,
// through AppLogService inside a tenant transaction (the app role, RLS on), p50 / p95 over repeats.
//   npx tsx bench/app-logs.ts        (also run by `npm run bench` as rows of its table)
// Self-contained: its own embedded PostgreSQL (or, with DATABASE_URL, a throwaway database), migrated,
// one tenant `bench` with 500 people, app_logs filled by INSERT … SELECT generate_series: 180 days,
// school hours busier, 40 addresses over 12 modules, 90 % of calls by a user, ~2 % failed.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { APP_LOG_COUNT_CAP, type AppLogSearch } from '../contracts/app-logs';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase, type Database } from '../server/db/client';
import { openScratchDatabase } from '../server/db/scratch';
import type { Session } from '../server/modules/auth/session.types';
import { appLogRepository } from '../server/modules/applog/applog.repository';
import { AppLogService, appLogQueryOf } from '../server/modules/applog/applog.service';
import { schoolDate, addDays } from '../server/modules/attendance/school-day';

const ROWS = Number(process.env.BENCH_APP_LOG_ROWS ?? 2_000_000);
const DAYS = 180;
const REPEATS = Number(process.env.BENCH_APP_LOG_REPEATS ?? 20);
/** every page at p95 */
export const APP_LOG_PAGE_TARGET_MS = 200;

export interface AppLogBenchFigure {
  name: string;
  p50: number;
  p95: number;
  /** rows on the page (or counted / exported) */
  rows: number;
  /** a page (held to the target), or a count / export (reported) */
  kind: 'page' | 'count' | 'export';
}

export interface AppLogBenchResult {
  rows: number;
  fillSeconds: number;
  figures: AppLogBenchFigure[];
}

const MODULES: [string, string[]][] = [
  ['auth', ['/api/login/v3', '/api/login/options', '/logout']],
  ['permissions', ['/ms/getPermission', '/ms/getMenus']],
  ['messages', ['/api/message/info/getInfoByRecipient', '/api/message/info/read', '/api/message/info/list']],
  ['files', ['/api/files/upload', '/file/remove/:resId', '/api/files/download']],
  ['selector', ['/saas/components/getUserAllData', '/saas/components/getOrgTree']],
  ['attendance', ['/api/attendance/sheet', '/api/attendance/save', '/api/attendance/summary', '/api/attendance/export']],
  ['scores', ['/api/scores/sheet', '/api/scores/save', '/api/scores/submit', '/api/scores/export', '/api/scores/import']],
  ['exams', ['/api/exams/list', '/api/exams/save', '/api/exams/publish']],
  ['applications', ['/api/applications/list', '/api/applications/save', '/api/applications/audit', '/api/applications/detail']],
  ['surveys', ['/api/surveys/list', '/api/surveys/save', '/survey/wjdt/answerSurvey', '/api/surveys/results']],
  ['dicts', ['/dicts', '/api/dicts/list']],
  ['calendar', ['/api/calendar/years', '/api/calendar/semesters', '/api/calendar/weeks']],
];

/** One tenant, 500 people, ROWS log rows; the log's secondary indexes built after the load. */
export async function fillAppLogs(pool: pg.Pool): Promise<{ tenantId: string; userId: string; account: string }> {
  const tenantId = (await pool.query<{ id: string }>(`INSERT INTO tenants (id, code, name, kind) VALUES (gen_random_uuid(), 'bench', '压测学校', 'k12') RETURNING id`)).rows[0]!.id;
  await pool.query(
    `INSERT INTO users (tenant_id, id, username, password_hash, name, user_type)
     SELECT $1, gen_random_uuid(), 'u' || lpad(i::text, 4, '0'), 'x', '用户' || i, CASE WHEN i % 5 = 0 THEN '1' ELSE '2' END FROM generate_series(1, 500) i`,
    [tenantId],
  );
  const routes = MODULES.flatMap(([module, urls]) => urls.map((url) => ({ module, url })));
  const indexes = (
    await pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'app_logs' AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    )
  ).rows;
  for (const index of indexes) await pool.query(`DROP INDEX ${index.indexname}`);
  await pool.query('SELECT setseed(0.42)');
  // in slices, so the temp space stays small
  const slice = 250_000;
  for (let start = 1; start <= ROWS; start += slice) {
    await pool.query(
      `WITH people AS (SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE tenant_id = $1),
            r AS (SELECT * FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS r(module, url, k)),
            g AS (
              SELECT n, random() AS r1, random() AS r2, random() AS r3, random() AS r4, (random() * ${DAYS})::int AS day,
                     1 + (hashint4(n) & 2147483647) % ${routes.length} AS k
              FROM generate_series($4::int, $5::int) n
            )
       INSERT INTO app_logs (tenant_id, id, at, user_id, url, ip, method, handler, params, duration_ms, module, operation, client_type, error_code, error_message, system_name)
       SELECT $1, gen_random_uuid(),
              date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai' - g.day * interval '1 day'
                + CASE WHEN g.r1 < 0.85 THEN interval '7 hours' + g.r2 * interval '11 hours' ELSE g.r2 * interval '24 hours' END
                + (g.n % 1000) * interval '1 ms',
              CASE WHEN g.r3 < 0.1 THEN NULL ELSE people.ids[1 + (g.n::bigint * 7919) % 500] END,
              CASE WHEN r.url LIKE '%:resId' THEN '/file/remove/' || (g.n % 5000) ELSE r.url END,
              '10.' || (g.n % 4) || '.' || (g.n / 7 % 250) || '.' || (1 + g.n % 253),
              CASE WHEN g.r4 < 0.01 THEN 'DELETE' WHEN g.r4 < 0.15 THEN 'GET' ELSE 'POST' END,
              r.url,
              '{"body":{"limit":10,"currPage":' || (g.n % 30) || ',"search":"{\\"name\\":\\"' || substr(md5(g.n::text), 1, 12) || '\\"}"}}',
              (power(g.r2, 6) * 4000)::int + (g.n % 7),
              r.module,
              'call of ' || r.url,
              CASE WHEN g.r4 < 0.7 THEN 'pc' WHEN g.r4 < 0.9 THEN 'mobile' WHEN g.r4 < 0.95 THEN 'tablet' ELSE 'app' END,
              CASE WHEN g.r3 > 0.998 THEN 59000 WHEN g.r3 > 0.98 THEN 40000 END,
              CASE WHEN g.r3 > 0.998 THEN '服务器内部错误' WHEN g.r3 > 0.98 THEN '名称不能为空' END,
              'xiaowu'
       FROM g JOIN r ON r.k = g.k CROSS JOIN people`,
      [tenantId, routes.map((r) => r.module), routes.map((r) => r.url), start, Math.min(ROWS, start + slice - 1)],
    );
  }
  for (const index of indexes) await pool.query(index.indexdef);
  await pool.query('VACUUM ANALYZE app_logs');
  await pool.query('ANALYZE users');
  const user = (await pool.query<{ id: string; username: string }>(`SELECT id, username FROM users WHERE tenant_id = $1 ORDER BY username OFFSET 41 LIMIT 1`, [tenantId])).rows[0]!;
  return { tenantId, userId: user.id, account: user.username };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(repeats: number, work: () => Promise<number>): Promise<{ p50: number; p95: number; rows: number }> {
  let rows = await work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    rows = await work();
    times.push(performance.now() - start);
  }
  times.sort((x, y) => x - y);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows };
}

export async function runAppLogsBench(log: (line: string) => void = console.log): Promise<AppLogBenchResult> {
  const database = await openScratchDatabase('xiaowu_bench_applogs');
  const db: Database = connectDatabase(database.url, { maxConnections: 4 });
  try {
    await bootstrapDatabase(db, { seedDemo: false });
    const fillStart = performance.now();
    const { tenantId, userId, account } = await fillAppLogs(db.pool);
    const fillSeconds = (performance.now() - fillStart) / 1000;
    log(`[app-logs] ${ROWS} rows over ${DAYS} days in tenant bench in ${fillSeconds.toFixed(1)} s`);
    const service = new AppLogService();
    const session = { tenantId } as Session;
    const today = schoolDate(new Date());
    const all: AppLogSearch = { from: addDays(today, -DAYS), to: today };
    const figures: AppLogBenchFigure[] = [];
    const page = (name: string, search: AppLogSearch, extra: { cursor?: string; direction?: 'next' | 'prev'; count?: boolean; limit?: number } = {}) =>
      timed(REPEATS, () =>
        db.withTenant(tenantId, async (tx) => (await service.list(tx, session, { limit: extra.limit ?? 10, search, direction: extra.direction ?? 'next', count: extra.count ?? false, cursor: extra.cursor })).rows.length),
      ).then((figure) => {
        figures.push({ name, ...figure, kind: 'page' });
        log(`[app-logs] ${name}: p50 ${figure.p50.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms (${figure.rows} rows)`);
      });
    const count = (name: string, search: AppLogSearch) =>
      timed(REPEATS, () => db.withTenant(tenantId, (tx) => appLogRepository.cappedCount(tx, appLogQueryOf(tenantId, search), APP_LOG_COUNT_CAP))).then((figure) => {
        figures.push({ name, ...figure, kind: 'count' });
        log(`[app-logs] ${name}: p50 ${figure.p50.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms (counted ${figure.rows})`);
      });

    await page('first page, today (the default)', {});
    await page('first page, 180 days', all);
    await page('first page, 180 days, 500 rows', all, { limit: 500 });
    // a page deep by keyset: follow 100 next pages' cursors, then time the 101st page and the way back
    let cursor: string | undefined;
    await db.withTenant(tenantId, async (tx) => {
      for (let i = 0; i < 100; i++) cursor = (await service.list(tx, session, { limit: 10, search: all, direction: 'next', count: false, cursor })).lastCursor ?? undefined;
    });
    await page('page 101 by keyset (after 100 next pages)', all, { cursor });
    await page('previous page from page 101', all, { cursor, direction: 'prev' });

    const filters: [string, AppLogSearch][] = [
      ['user (id)', { userId }],
      ['user (account)', { account }],
      ['address prefix /api/scores/', { url: '/api/scores/' }],
      ['address contains "remove/42"', { url: 'remove/42', urlMode: 'contains' }],
      ['address contains "nothing-like-this"', { url: 'nothing-like-this', urlMode: 'contains' }],
      ['IP exact 10.1.33.9', { ip: '10.1.33.9' }],
      ['IP prefix 10.2.1*', { ip: '10.2.1*' }],
      ['method DELETE', { method: 'DELETE' }],
      ['class /api/exams/publish', { handler: '/api/exams/publish' }],
      ['parameters contain "currPage":7', { params: '"currPage":7,' }],
      ['parameters contain a rare text', { params: substrMd5(123_457) }],
      ['duration ≥ 3000 ms', { minDuration: '3000' }],
      ['duration ≥ 10 ms', { minDuration: '10' }],
      ['module calendar', { module: 'calendar' }],
      ['operation contains "audit"', { operation: 'audit' }],
      ['client type tablet', { clientType: 'tablet' }],
      ['failed calls only', { failed: '1' }],
      ['error code 59000', { errorCode: '59000' }],
      ['system name xiaowu', { systemName: 'xiaowu' }],
    ];
    for (const [name, filter] of filters) await page(`filter: ${name}`, { ...all, ...filter });
    // the "contains" filters cannot use an index under RLS (LIKE is not leakproof): over the default
    // range (today) and a week they read that range's rows only
    await page('filter: parameters contain a rare text, today (the default range)', { params: substrMd5(123_457) });
    await page('filter: address contains a rare text, last 7 days', { from: addDays(today, -6), to: today, url: 'nothing-like-this', urlMode: 'contains' });
    const combined: AppLogSearch = { ...all, url: '/api/', method: 'POST', clientType: 'mobile', failed: '1', minDuration: '100' };
    await page('combined: address /api/ + POST + mobile + failed + ≥ 100 ms', combined);
    await page('combined: user + module scores + last 30 days', { from: addDays(today, -30), to: today, userId, module: 'scores' });

    await count('capped count (10,000), 180 days', all);
    await count('capped count, failed calls only', { ...all, failed: '1' });
    await count('capped count, user (id)', { ...all, userId });
    await count('capped count, address contains a rare text', { ...all, url: 'remove/4242', urlMode: 'contains' });

    const exportFigure = await timed(Math.max(2, Math.round(REPEATS / 10)), () =>
      db.withTenant(tenantId, async (tx) => (await service.export(tx, session, { search: all }, 'zh')).rows),
    );
    figures.push({ name: 'export of 50,000 rows (.xlsx)', ...exportFigure, kind: 'export' });
    log(`[app-logs] export of 50,000 rows: p50 ${exportFigure.p50.toFixed(0)} ms, p95 ${exportFigure.p95.toFixed(0)} ms (${exportFigure.rows} rows)`);
    return { rows: ROWS, fillSeconds, figures };
  } finally {
    await db.close();
    await database.dispose();
  }
}

/** The 12 characters of md5(n) the fill writes into row n's params. */
function substrMd5(n: number): string {
  // computed like the SQL does, without a database round trip
  return createHash('md5').update(String(n)).digest('hex').slice(0, 12);
}
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runAppLogsBench();
  const slow = result.figures.filter((f) => f.kind === 'page' && f.p95 > APP_LOG_PAGE_TARGET_MS);
  console.log(JSON.stringify(result, null, 2));
  if (slow.length) console.log(`pages over ${APP_LOG_PAGE_TARGET_MS} ms at p95: ${slow.map((f) => f.name).join('; ')}`);
  process.exit(slow.length ? 1 : 0);
}
