import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { scheduleSweep, type SweepSettings } from '../../db/sweep';
import type { StatusChangesService } from './status-changes.service';

export const STATUS_CHANGES_SWEEP = 'status-changes';
/** Hourly: a change dated today takes effect within the hour after the school day begins (or at its approval). */
const EVERY_MS = 60 * 60_000;

/** Approved status changes take effect on their date (StatusChangesService.applyDue), one instance at a time (db/sweep.ts). */
export function registerStatusChangeSweep(app: FastifyInstance, db: Database, statusChanges: StatusChangesService, sweeps: SweepSettings) {
  scheduleSweep(app, db, sweeps, {
    name: STATUS_CHANGES_SWEEP,
    everyMs: EVERY_MS,
    run: async () => {
      const { applied, failed } = await statusChanges.applyDue(db);
      if (failed > 0) app.log.warn({ applied, failed }, 'status changes: some approved changes no longer fit the student; they stay due');
    },
  });
}
