import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_REFRESH_MINUTES } from '../../../contracts/roles';
import type { Database } from '../../db/client';
import { runExclusively, scheduleSweep, sweepLockKey, type SweepSettings } from '../../db/sweep';
import type { RolesService } from './roles.service';

/** The sweep's name in `sweeps` (db/sweep.ts) and the source of its advisory lock. */
export const DYNAMIC_ROLES_SWEEP = 'dynamic-roles';
/** The sweep's database-wide advisory lock: with several instances, one of them sweeps at a time. */
export const DYNAMIC_ROLES_LOCK_KEY = sweepLockKey(DYNAMIC_ROLES_SWEEP);

type Totals = { ran: number; failed: number };

/** Every enabled school's dynamic roles, school by school (each filter run and member write its own transaction). */
async function refreshEverySchool(db: Database, roles: RolesService): Promise<Totals> {
  const tenants = await db.withGlobal((tx) => tx.execute<{ id: string }>(sql`SELECT id::text FROM tenants WHERE enabled`)).then((r) => r.rows);
  const total = { ran: 0, failed: 0 };
  for (const { id } of tenants) {
    const done = await roles.refreshSchool(id);
    total.ran += done.ran;
    total.failed += done.failed;
  }
  return total;
}

/**
 * Recomputes every dynamic role's members now. Failures are recorded on their roles, members kept.
 * Totals. Runs only while holding DYNAMIC_ROLES_LOCK_KEY; when another instance holds it, that
 * instance is sweeping: nothing runs here (`skipped`).
 */
export async function refreshDynamicRoles(db: Database, roles: RolesService): Promise<Totals & { skipped?: true }> {
  const outcome = await runExclusively(db, DYNAMIC_ROLES_SWEEP, () => refreshEverySchool(db, roles));
  return outcome.ran ? outcome.value : { ran: 0, failed: 0, skipped: true };
}

/** The refresh every ROLE_REFRESH_MINUTES, on one instance at a time (db/sweep.ts). */
export function registerDynamicRoleRefresh(app: FastifyInstance, db: Database, roles: RolesService, sweeps: SweepSettings) {
  scheduleSweep(app, db, sweeps, {
    name: DYNAMIC_ROLES_SWEEP,
    everyMs: ROLE_REFRESH_MINUTES * 60_000,
    run: async () => {
      const { ran, failed } = await refreshEverySchool(db, roles);
      if (failed > 0) app.log.warn({ ran, failed }, 'dynamic roles: some filters failed; their members are kept');
    },
  });
}
