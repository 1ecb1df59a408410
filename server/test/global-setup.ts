import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bootstrapDatabase } from '../db/bootstrap';
import { connectDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';

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
  let databaseUrl: string;
  let teardown: () => Promise<void>;

  if (process.env.DATABASE_URL) {
    const name = `xiaowu_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    teardown = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-test-'));
    // PostgreSQL runs as user `postgres` when we are root: it must be able to reach the directory.
    fs.chmodSync(dir, 0o755);
    const cluster = await startEmbeddedPostgres({ clusterDir: path.join(dir, 'pg') });
    databaseUrl = cluster.connectionString;
    teardown = async () => {
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }

  const db = connectDatabase(databaseUrl);
  try {
    await bootstrapDatabase(db, { seedDemo: true });
  } finally {
    await db.close();
  }
  project.provide('databaseUrl', databaseUrl);
  return teardown;
}
