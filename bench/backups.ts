// Backups (issue 22): on a cluster of its own started as main.ts starts it (WAL archiving on, the
// defaults), for the demo data and then with 100,000 students' worth of rows added (bench/student-fill.ts:
// one more school; each student's and a parent's account, class, 4 weeks of attendance, 2 exams × 6
// subjects of scores, ~3 % with a leave and its certificate picture; the rows per table are reported):
//   - a backup's size and time (pg_backup_start … pg_backup_stop, files, manifest) and its verification;
//   - a restore's time (into a new directory, replaying the archive to its end, the files copied);
//   - what the fill wrote to the WAL and what the WAL archive holds for it (the archive folder as it is);
//   - the recovery point with the defaults: how long after a commit on a quiet database its WAL is in the archive.
//   BENCH_ONLY=backup npx tsx bench/run.ts     (or npx tsx bench/backups.ts; BENCH_STUDENTS=2000 for a quick trial)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { walDirOf } from '../server/db/wal-archive';
import { hashPassword } from '../server/modules/auth/passwords';
import { restoreBackup } from '../server/modules/backups/backup-restore';
import { runBackup } from '../server/modules/backups/backup-run';
import { fileArchiveDir } from '../server/modules/backups/backup-settings';
import { clusterDirOf } from '../server/modules/backups/cluster-access';
import { LocalFileStorage } from '../server/modules/files/storage';
import { loadSurveySecret } from '../server/modules/surveys/surveys.secret';
import { fillStudents, STUDENT_FILL, type StudentFillResult } from './student-fill';

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
  fill: StudentFillResult & {
    students: number;
    /** WAL the fill (and the VACUUM ANALYZE after it) wrote */
    walMiB: number;
    /** what the WAL archive folder grew by for it, as archived (compressed or not); null: the folder is not readable */
    archiveMiB: number | null;
    archiveFiles: number | null;
    /** from the fill's end until its last segment was in the archive */
    archiveCatchUpSeconds: number;
  };
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

    const students = Number(process.env.BENCH_STUDENTS ?? STUDENT_FILL.students);
    const walDir = walDirOf(defaults.dir);
    await waitForArchive(pool, defaults.archiveTimeoutSeconds); // the demo data's backlog is not the fill's
    const archiveBefore = folderSize(walDir);
    const lsnBefore = await currentLsn(pool);
    const fillDb = connectDatabase(cluster.connectionString, { maxConnections: 2 });
    const storage = new LocalFileStorage(dataDir, { archiveDir: fileArchiveDir(defaults) });
    const filled = await fillStudents(fillDb, await hashPassword('Bench@2026'), storage, console.log, students).finally(() => fillDb.close());
    const vacuumed = performance.now();
    await pool.query('VACUUM ANALYZE'); // what autovacuum does soon after a bulk load
    filled.seconds += (performance.now() - vacuumed) / 1000;
    const walMiB = Number((await pool.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes', [lsnBefore])).rows[0]!.bytes) / 1024 / 1024;
    const catchUpStart = Date.now();
    await waitForArchive(pool, defaults.archiveTimeoutSeconds);
    const archiveCatchUpSeconds = (Date.now() - catchUpStart) / 1000;
    const archiveAfter = folderSize(walDir);
    const fillFigures = {
      ...filled,
      students,
      walMiB,
      archiveMiB: archiveBefore && archiveAfter ? (archiveAfter.bytes - archiveBefore.bytes) / 1024 / 1024 : null,
      archiveFiles: archiveBefore && archiveAfter ? archiveAfter.files - archiveBefore.files : null,
      archiveCatchUpSeconds,
    };
    console.log(`[backups] ${students.toLocaleString('en')} students filled in ${filled.seconds.toFixed(1)} s; WAL ${walMiB.toFixed(0)} MiB, archived as ${fillFigures.archiveMiB?.toFixed(0) ?? '?'} MiB`);
    await measure(`demo + ${students.toLocaleString('en')} students`);

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
    return { figures, recoveryPointSeconds: (archivedAt - committedAt) / 1000, archiveTimeoutSeconds: defaults.archiveTimeoutSeconds, fill: fillFigures };
  } finally {
    await pool.end();
    await cluster.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const currentLsn = async (pool: pg.Pool) => (await pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;

/** Closes the current WAL segment and waits until the archiver has it (every segment before it is archived by then). */
async function waitForArchive(pool: pg.Pool, archiveTimeoutSeconds: number): Promise<void> {
  const { segment } = (await pool.query<{ segment: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS segment')).rows[0]!;
  let last = Date.now();
  let lastSeen = '';
  for (;;) {
    const { wal, failed } = (await pool.query<{ wal: string | null; failed: string | null }>('SELECT last_archived_wal AS wal, last_failed_wal AS failed FROM pg_stat_archiver')).rows[0]!;
    if (wal && wal.slice(0, 24) >= segment) return;
    // progress resets the clock: a long backlog is fine, a stuck archiver is not
    if (wal !== lastSeen) [lastSeen, last] = [wal ?? '', Date.now()];
    if (Date.now() - last > (archiveTimeoutSeconds + 60) * 1000) throw new Error(`the WAL archive is stuck at ${wal} (last failure: ${failed})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Bytes and files under a folder; null when it cannot be read (the archive belongs to the cluster's OS user). */
function folderSize(dir: string): { bytes: number; files: number } | null {
  try {
    let bytes = 0;
    let files = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
      files += 1;
    }
    return { bytes, files };
  } catch {
    return null;
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
