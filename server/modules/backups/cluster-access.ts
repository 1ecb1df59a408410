import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../../db/embedded';
import type { BackupSettings } from './backup-settings';

/** The embedded cluster of a data directory (main.ts starts it there). */
export const clusterDirOf = (dataDir: string) => path.join(dataDir, 'pg');

/** The pid and port in postmaster.pid when that postmaster is alive, else null. */
export function livePostmaster(clusterDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return { pid, port };
}

/** The superuser's connection string of a running embedded cluster (password kept beside it, port in postmaster.pid); null when it does not run. */
export function runningClusterUrl(clusterDir: string): string | null {
  const live = livePostmaster(clusterDir);
  if (!live) return null;
  const password = fs.readFileSync(`${clusterDir}.password`, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${live.port}/postgres`;
}

/**
 * A superuser connection to the data directory's embedded cluster: the running one (the server's),
 * else the cluster started here with the server's archiving settings and stopped by `close`.
 */
export async function openCluster(dataDir: string, settings: BackupSettings): Promise<{ client: pg.Client; started: EmbeddedCluster | null; close(): Promise<void> }> {
  const clusterDir = clusterDirOf(dataDir);
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) throw new Error(`No database cluster in ${clusterDir}: is XIAOWU_DATA_DIR (${dataDir}) the server's data directory?`);
  let url = runningClusterUrl(clusterDir);
  let started: EmbeddedCluster | null = null;
  if (!url) {
    started = await startEmbeddedPostgres({ clusterDir, walArchive: { dir: settings.dir, timeoutSeconds: settings.archiveTimeoutSeconds } });
    url = started.connectionString;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    await started?.stop();
    throw error;
  }
  return {
    client,
    started,
    close: async () => {
      if (started) await closeWalSegment(client).catch(() => undefined);
      await client.end().catch(() => undefined);
      await started?.stop();
    },
  };
}

/**
 * Closes the cluster's current WAL segment and waits until the archive has it, so a restore can
 * reach the last committed moment; false when the archive did not get it within `timeoutMs`.
 */
export async function archiveCurrentWal(client: pg.ClientBase, timeoutMs = 10_000): Promise<boolean> {
  // the segment the switch closed; nothing written since the last switch: the switch does nothing and names the one before, archived already
  const { segment } = (await client.query<{ segment: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS segment')).rows[0];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const archived = (await client.query<{ last: string | null }>('SELECT last_archived_wal AS last FROM pg_stat_archiver')).rows[0].last;
    if (archived && archived.slice(0, 24) >= segment) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * Before a cluster stops: closes its current WAL segment, which the archiver then hands over as the
 * cluster shuts down, so the archive holds every commit up to the stop (a restore to the minute
 * before a stop needs it; otherwise it would stay in pg_wal until the next start).
 */
export async function closeWalSegment(client: pg.ClientBase): Promise<void> {
  await client.query('SELECT pg_switch_wal()');
}

/** closeWalSegment on a cluster by its connection string (main.ts, as the server stops). */
export async function closeWalSegmentOf(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await closeWalSegment(client);
  } finally {
    await client.end();
  }
}
