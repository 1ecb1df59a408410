import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_REFRESH_MINUTES } from '../../../contracts/roles';
import type { Database } from '../../db/client';
import type { RolesService } from './roles.service';

const FIRST_AFTER_MS = 60_000;

/**
 * Recomputes every dynamic role's members, school by school (each filter run and each member write
 * its own transaction). Failures are recorded on their roles, members kept. Totals.
 */
export async function refreshDynamicRoles(db: Database, roles: RolesService): Promise<{ ran: number; failed: number }> {
  const tenants = await db.withGlobal((tx) => tx.execute<{ id: string }>(sql`SELECT id::text FROM tenants WHERE enabled`)).then((r) => r.rows);
  const total = { ran: 0, failed: 0 };
  for (const { id } of tenants) {
    const done = await roles.refreshSchool(id);
    total.ran += done.ran;
    total.failed += done.failed;
  }
  return total;
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
