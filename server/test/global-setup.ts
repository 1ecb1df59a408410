import type { TestProject } from 'vitest/node';
import { bootstrapDatabase } from '../db/bootstrap';
import { connectDatabase } from '../db/client';
import { openScratchDatabase } from '../db/scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** connection string of the migrated, seeded test database */
    databaseUrl: string;
  }
}

/**
 * One database for the whole server test run: a fresh database `xiaowu_test_<random>` on the server
 * DATABASE_URL points at (dropped afterwards), or else one embedded PostgreSQL cluster in a temp dir.
 * Migrated and seeded once; test files share it (they create their own users for anything they change).
 */
export default async function setup(project: TestProject) {
  const scratch = await openScratchDatabase('xiaowu_test');
  const databaseUrl = scratch.url;

  const db = connectDatabase(databaseUrl);
  try {
    await bootstrapDatabase(db, { seedDemo: true });
  } finally {
    await db.close();
  }
  project.provide('databaseUrl', databaseUrl);
  return () => scratch.dispose();
}
