import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded';

export interface ScratchDatabase {
  /** connection string of the empty database */
  url: string;
  /** drops the database (or stops and deletes the cluster) */
  dispose(): Promise<void>;
}

/** A fresh, empty database `<prefix>_<random>` on the server `serverUrl` points at (any of its databases). */
export async function createDatabaseBeside(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), dispose: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A throwaway database for test runs and the bench: with DATABASE_URL, a fresh database
 * `<prefix>_<random>` on that server; otherwise an embedded PostgreSQL cluster in a temp directory.
 */
export async function openScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return createDatabaseBeside(serverUrl, prefix);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  // PostgreSQL runs as user `postgres` when we are root: it must be able to reach the directory.
  fs.chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres({ clusterDir: path.join(dir, 'pg') });
  return {
    url: cluster.connectionString,
    dispose: async () => {
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
