// 宿舍管理's automatic allocation of 1,000 boarders (issue 23: ≤ 2 s), through DormsService.allocate inside a
// tenant transaction (the app role, RLS on, the stay trigger firing per row), rolled back after each run.
//   npx tsx bench/dorms.ts        (also run by `npm run bench`; `BENCH_ONLY=dorms npx tsx bench/run.ts` runs only this)
// Self-contained: its own embedded PostgreSQL (or, with DATABASE_URL, a throwaway database), migrated, one
// tenant `bench`: grades 7–9 of 8 classes, 1,000 boarders (half boys), 4 buildings × 9 floors × 8 rooms of
// 4–8 beds (two for boys, two for girls: 864 beds each).
import type pg from 'pg';
import { schoolDate } from '../contracts/school-time';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase, type Database } from '../server/db/client';
import { openScratchDatabase } from '../server/db/scratch';
import type { Session } from '../server/modules/auth/session.types';
import { planAllocation } from '../server/modules/dorms/dorm-allocation';
import { dormsRepository } from '../server/modules/dorms/dorms.repository';
import { DormsService } from '../server/modules/dorms/dorms.service';
import type { PermissionsService } from '../server/modules/permissions/permissions.service';

export const DORM_BOARDERS = 1000;
export const DORM_ALLOCATION_TARGET_MS = 2000;
const REPEATS = Number(process.env.BENCH_DORMS_REPEATS ?? 5);

export interface DormBenchResult {
  boarders: number;
  beds: number;
  placed: number;
  /** the whole call: reads, plan, 1,000 inserts */
  p50: number;
  max: number;
  /** the plan alone (in memory) */
  planMs: number;
}

async function fill(pool: pg.Pool): Promise<{ tenantId: string; userId: string }> {
  const tenantId = (await pool.query<{ id: string }>(`INSERT INTO tenants (id, code, name, kind) VALUES (gen_random_uuid(), 'bench', '压测学校', 'k12') RETURNING id`)).rows[0]!.id;
  const run = (text: string) => pool.query(text, [tenantId]);
  await run(`INSERT INTO campuses (tenant_id, id, code, name) VALUES ($1, gen_random_uuid(), 'BB', '本部校区')`);
  await run(`INSERT INTO org_units (tenant_id, id, kind, code, name, grade_level, sort) SELECT $1, gen_random_uuid(), 'grade', 'G' || g, g || '年级', g, g FROM generate_series(7, 9) g`);
  await run(
    `INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, grade_level, sort)
     SELECT $1, gen_random_uuid(), p.id, 'class', 'C' || p.grade_level || lpad(c::text, 2, '0'), p.grade_level || '年级' || c || '班', p.grade_level, c
     FROM org_units p, generate_series(1, 8) c WHERE p.tenant_id = $1 AND p.kind = 'grade'`,
  );
  await pool.query(
    `WITH classes AS (SELECT id, row_number() OVER (ORDER BY code) - 1 AS n FROM org_units WHERE tenant_id = $1 AND kind = 'class')
     INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, gender, user_no, org_unit_id)
     SELECT $1, gen_random_uuid(), 'S' || lpad(i::text, 5, '0'), 'x', '学生' || i, '2', CASE WHEN i % 2 = 0 THEN '1' ELSE '2' END, 'S' || lpad(i::text, 5, '0'), c.id
     FROM generate_series(1, $2::int) i JOIN classes c ON c.n = i % 24`,
    [tenantId, DORM_BOARDERS],
  );
  await run(`INSERT INTO students (tenant_id, user_id, enrolment_date, boarding) SELECT tenant_id, id, '2025-09-01', true FROM users WHERE tenant_id = $1 AND user_type = '2'`);
  await run(`INSERT INTO dorm_buildings (tenant_id, id, code, name, floors, campus_id) SELECT $1, gen_random_uuid(), b, '宿舍楼' || b, 9, (SELECT id FROM campuses WHERE tenant_id = $1) FROM generate_series(1, 4) b`);
  await run(
    `INSERT INTO dorm_rooms (tenant_id, id, code, building_id, floor, total_beds, valid_beds, gender)
     SELECT $1, gen_random_uuid(), 'R' || b.code || f || lpad(r::text, 2, '0'), b.id, f, (ARRAY[4, 6, 8, 6])[1 + r % 4], (ARRAY[4, 6, 8, 6])[1 + r % 4], CASE WHEN b.code <= 2 THEN '1' ELSE '2' END
     FROM dorm_buildings b, generate_series(1, 9) f, generate_series(1, 8) r WHERE b.tenant_id = $1`,
  );
  await pool.query('ANALYZE');
  const userId = (await pool.query<{ id: string }>(`SELECT id FROM users WHERE tenant_id = $1 LIMIT 1`, [tenantId])).rows[0]!.id;
  return { tenantId, userId };
}

class RolledBack extends Error {}

export async function runDormsBench(log: (line: string) => void = console.log): Promise<DormBenchResult> {
  const database = await openScratchDatabase('xiaowu_bench_dorms');
  const db: Database = connectDatabase(database.url, { maxConnections: 2 });
  try {
    await bootstrapDatabase(db, { seedDemo: false });
    const { tenantId, userId } = await fill(db.pool);
    // the call's work, not the permission lookup (its own cache and tables): a session allowed everything
    const service = new DormsService({ assertHas: async () => undefined } as unknown as PermissionsService);
    const session = { tenantId, userId } as Session;
    const date = schoolDate();
    const times: number[] = [];
    let placed = 0;
    let beds = 0;
    let planMs = 0;
    for (let i = 0; i <= REPEATS; i++) {
      await db
        .withTenant(tenantId, async (tx) => {
          if (i === 0) {
            // the plan alone, once: what the call spends outside the database
            const [boarders, rooms] = await Promise.all([dormsRepository.allocationBoarders(tx, ''), dormsRepository.allocationRooms(tx, '')]);
            beds = rooms.reduce((sum, room) => sum + room.freeBeds.length, 0);
            const start = performance.now();
            planAllocation(boarders, rooms);
            planMs = performance.now() - start;
          }
          const start = performance.now();
          const result = await service.allocate(tx, session, { gradeId: '', buildingId: '', date });
          // the first run warms up
          if (i > 0) times.push(performance.now() - start);
          placed = result.placed;
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
    }
    times.sort((a, b) => a - b);
    const result = { boarders: DORM_BOARDERS, beds, placed, p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, planMs };
    log(`[dorms] ${result.placed} of ${result.boarders} boarders into ${result.beds} beds: p50 ${result.p50.toFixed(0)} ms, max ${result.max.toFixed(0)} ms (plan ${result.planMs.toFixed(1)} ms)`);
    return result;
  } finally {
    await db.close();
    await database.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runDormsBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
