import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_REFRESH_MINUTES } from '../../../contracts/roles';
import type { Database } from '../../db/client';
import type { RolesService } from './roles.service';

const FIRST_AFTER_MS = 60_000;

/** The sweep's database-wide advisory lock: with several instances, one of them sweeps at a time. */
export const DYNAMIC_ROLES_LOCK_KEY = 0x7869_726f; // 'xiro'

/**
 * Recomputes every dynamic role's members, school by school (each filter run and each member write
 * its own transaction). Failures are recorded on their roles, members kept. Totals. Runs only while
 * holding DYNAMIC_ROLES_LOCK_KEY (a session lock on a connection of its own); when another instance
 * holds it, that instance is sweeping: nothing runs here (`skipped`).
 */
export async function refreshDynamicRoles(db: Database, roles: RolesService): Promise<{ ran: number; failed: number; skipped?: true }> {
  const client = await db.pool.connect();
  let locked = false;
  try {
    locked = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [DYNAMIC_ROLES_LOCK_KEY])).rows[0]?.locked === true;
    if (!locked) return { ran: 0, failed: 0, skipped: true };
    const tenants = await db.withGlobal((tx) => tx.execute<{ id: string }>(sql`SELECT id::text FROM tenants WHERE enabled`)).then((r) => r.rows);
    const total = { ran: 0, failed: 0 };
    for (const { id } of tenants) {
      const done = await roles.refreshSchool(id);
      total.ran += done.ran;
      total.failed += done.failed;
    }
    return total;
  } finally {
    if (locked) await client.query('SELECT pg_advisory_unlock($1)', [DYNAMIC_ROLES_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

/** The refresh a minute after start and every ROLE_REFRESH_MINUTES (one at a time). */
export function registerDynamicRoleRefresh(app: FastifyInstance, db: Database, roles: RolesService) {
  let running = false;
  const refresh = async () => {
    if (running) return;
    running = true;
    try {
      const { ran, failed } = await refreshDynamicRoles(db, roles);
      if (failed > 0) app.log.warn({ ran, failed }, 'dynamic roles: some filters failed; their members are kept');
    } catch (error) {
      app.log.warn({ err: error }, 'dynamic roles: refreshing failed; tried again later');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void refresh(), FIRST_AFTER_MS).unref();
  const later = setInterval(() => void refresh(), ROLE_REFRESH_MINUTES * 60_000).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(later);
  });
}
