import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { scheduleSweep, type SweepSettings } from '../../db/sweep';
import type { FileStorage } from '../files/storage';
import { surveysRepository } from './surveys.repository';

const SWEEP_EVERY_MS = 6 * 60 * 60_000;
const SWEEP_CHUNK = 500;
/** a picture younger than this may belong to an answer still being written */
export const ORPHAN_PICTURE_HOURS = 24;

/**
 * Removes survey pictures (review H3) older than `hours` that no filed answer refers to, school by
 * school, chunk by chunk (each its own short transaction), then their bytes. The number removed.
 */
export async function sweepSurveyPictures(db: Database, storage: FileStorage, hours = ORPHAN_PICTURE_HOURS): Promise<number> {
  const tenants = await db.withGlobal((tx) => tx.execute<{ id: string }>(sql`SELECT id::text FROM tenants`)).then((r) => r.rows);
  let removed = 0;
  for (const { id } of tenants) {
    for (;;) {
      const paths = await db.withTenant(id, (tx) => surveysRepository.sweepPictures(tx, hours, SWEEP_CHUNK));
      for (const relativePath of paths) await storage.delete(relativePath).catch(() => undefined);
      removed += paths.length;
      if (paths.length < SWEEP_CHUNK) break;
    }
  }
  return removed;
}

/** The sweep every 6 hours (like the app log's retention), on one instance at a time (db/sweep.ts). */
export function registerSurveyPictureSweep(app: FastifyInstance, db: Database, storage: FileStorage, sweeps: SweepSettings) {
  scheduleSweep(app, db, sweeps, {
    name: 'survey-pictures',
    everyMs: SWEEP_EVERY_MS,
    run: async () => {
      const removed = await sweepSurveyPictures(db, storage);
      if (removed > 0) app.log.info({ removed }, 'survey pictures: unused ones removed');
    },
  });
}
