// Backups (issue 22): on a cluster of its own started as main.ts starts it (WAL archiving on, the
// defaults), for the demo data and then with 100,000 people added (bench/people-search.ts's fill:
// one more school, 3 campuses, 250 units, 100,000 users by generate_series):
//   - a backup's size and time (pg_backup_start … pg_backup_stop, files, manifest) and its verification;
//   - a restore's time (into a new directory, replaying the archive to its end, the files copied);
//   - the recovery point with the defaults: how long after a commit on a quiet database its WAL is in the archive.
//   BENCH_ONLY=backup npx tsx bench/run.ts     (or npx tsx bench/backups.ts)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { hashPassword } from '../server/modules/auth/passwords';
import { restoreBackup } from '../server/modules/backups/backup-restore';
import { runBackup } from '../server/modules/backups/backup-run';
import { clusterDirOf } from '../server/modules/backups/cluster-access';
import { loadSurveySecret } from '../server/modules/surveys/surveys.secret';
import { fill } from './people-search';

export interface BackupBenchFigure {
  label: string;
  sizeMiB: number;
  backupSeconds: number;
  verifySeconds: number;
  restoreSeconds: number;
}

export interface BackupBenchResult {
  figures: BackupBenchFigure[];
  /** seconds from a commit on a quiet cluster until its WAL segment was in the archive */
  recoveryPointSeconds: number;
  archiveTimeoutSeconds: number;
  fillSeconds: number;
}

export async function runBackupBench(): Promise<BackupBenchResult> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-bench-backup-'));
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, 'data');
  const defaults = loadConfig({ XIAOWU_DATA_DIR: dataDir }).backup;
  const cluster = await startEmbeddedPostgres({ clusterDir: clusterDirOf(dataDir), walArchive: { dir: defaults.dir, timeoutSeconds: defaults.archiveTimeoutSeconds } });
  const pool = new pg.Pool({ connectionString: cluster.connectionString, max: 4 });
  const figures: BackupBenchFigure[] = [];
  try {
    const db = connectDatabase(cluster.connectionString, { maxConnections: 2 });
    await bootstrapDatabase(db, { seedDemo: true }).finally(() => db.close());
    loadSurveySecret(dataDir);

    const measure = async (label: string) => {
      const client = new pg.Client({ connectionString: cluster.connectionString });
      await client.connect();
      const run = await runBackup({ settings: defaults, dataDir, kind: 'manual', cluster: client, lockClient: client }).finally(() => client.end());
      if (!run?.verification.ok) throw new Error(`the ${label} backup failed verification`);
      const restored = await restoreBackup({ backup: run.backup, backupDir: defaults.dir, into: path.join(tmp, `restored-${figures.length}`) });
      figures.push({
        label,
        sizeMiB: run.backup.manifest.sizeBytes / 1024 / 1024,
        backupSeconds: run.ms.take / 1000,
        verifySeconds: run.ms.verify / 1000,
        restoreSeconds: restored.ms / 1000,
      });
      fs.rmSync(path.join(tmp, `restored-${figures.length - 1}`), { recursive: true, force: true });
    };
    await measure('demo data');

    const filled = performance.now();
    await fill(pool, await hashPassword('Bench@2026'));
    await pool.query('VACUUM ANALYZE');
    const fillSeconds = (performance.now() - filled) / 1000;
    await measure('demo + 100,000 people');

    // a commit on a quiet cluster, then wait for the archiver to hand its segment over (archive_timeout)
    await pool.query('CREATE TABLE bench_rpo (at timestamptz)');
    await pool.query('INSERT INTO bench_rpo VALUES (now())');
    const committedAt = Date.now();
    const { segment } = (await pool.query<{ segment: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment')).rows[0];
    let archivedAt = 0;
    while (!archivedAt) {
      const last = (await pool.query<{ wal: string | null; at: Date | null }>('SELECT last_archived_wal AS wal, last_archived_time AS at FROM pg_stat_archiver')).rows[0];
      if (last.wal && last.wal.slice(0, 24) >= segment && last.at) archivedAt = last.at.getTime();
      else await new Promise((resolve) => setTimeout(resolve, 250));
      if (Date.now() - committedAt > (defaults.archiveTimeoutSeconds + 30) * 1000) throw new Error('the archive did not receive the segment in time');
    }
    return { figures, recoveryPointSeconds: (archivedAt - committedAt) / 1000, archiveTimeoutSeconds: defaults.archiveTimeoutSeconds, fillSeconds };
  } finally {
    await pool.end();
    await cluster.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runBackupBench().then(
    (result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
