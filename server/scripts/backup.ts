/**
 * Backups (issue 22; README "Backups"):
 *
 *   npm run backup                  take a backup now (kind manual), verify it, apply retention
 *   npm run backup -- list          the backups, their verification, and the recovery point
 *   npm run backup -- verify [id]   verify one backup again (default: every backup)
 *
 * The embedded database: the running server's cluster (port from postmaster.pid, password beside the
 * cluster), else the cluster started here with the server's archiving settings and stopped after.
 * DATABASE_URL: the files and secrets only; the database is its provider's job.
 */
import pg from 'pg';
import { loadConfig } from '../config';
import { latestArchivedWal, runBackup } from '../modules/backups/backup-run';
import { findBackup, listBackups, type StoredBackup } from '../modules/backups/backup-store';
import { describeProblem, verifyBackup } from '../modules/backups/backup-verify';
import { openCluster } from '../modules/backups/cluster-access';

const say = (message: string) => console.log(`[backup] ${message}`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const EXTERNAL_NOTICE =
  'The database (DATABASE_URL) is NOT in this backup: it is your database provider\'s job (its backups / point-in-time recovery), ' +
  'or run pg_dump of the same major version as the server. This command backed up the files and secrets only.';

function describe(backup: StoredBackup): string {
  const { manifest, verification } = backup;
  const checked = verification ? (verification.ok ? `verified ${verification.at}` : `BAD (${verification.problems.slice(0, 3).map(describeProblem).join('; ')})`) : 'not verified';
  const wal = manifest.wal ? `WAL ${manifest.wal.startSegment}…${manifest.wal.stopSegment.slice(-8)}` : 'files and secrets only';
  return `${manifest.id}  ${manifest.kind.padEnd(7)} ${manifest.startedAt} → ${manifest.finishedAt}  ${mib(manifest.sizeBytes).padStart(10)}  ${wal}  ${checked}`;
}

async function take(): Promise<void> {
  const config = loadConfig();
  const settings = config.backup;
  if (settings.mode === 'off')
    throw new Error('Backups are off (XIAOWU_BACKUP=off): the cluster archives no WAL, so a backup could not be restored consistently. Start the server with XIAOWU_BACKUP=on first.');
  const started = performance.now();
  let run: Awaited<ReturnType<typeof runBackup>>;
  if (settings.mode === 'embedded') {
    const cluster = await openCluster(config.dataDir, settings);
    say(cluster.started ? `started the cluster in ${config.dataDir} (the server is not running)` : `backing up the running server's cluster in ${config.dataDir}`);
    try {
      run = await runBackup({ settings, dataDir: config.dataDir, kind: 'manual', cluster: cluster.client, lockClient: cluster.client, log: say });
    } finally {
      await cluster.close();
    }
  } else {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      run = await runBackup({ settings, dataDir: config.dataDir, kind: 'manual', cluster: null, lockClient: client, log: say });
    } finally {
      await client.end();
    }
  }
  if (!run) return;
  say(describe(run.backup));
  say(`took ${(run.ms.take / 1000).toFixed(1)} s, verified in ${(run.ms.verify / 1000).toFixed(1)} s (${((performance.now() - started) / 1000).toFixed(1)} s in all); in ${run.backup.dir}`);
  if (run.retention.removedBackups.length > 0 || run.retention.removedSegments > 0)
    say(`retention removed ${run.retention.removedBackups.length} backups (${run.retention.removedBackups.join(', ') || '-'}) and ${run.retention.removedSegments} WAL segments`);
  if (settings.mode === 'files') say(EXTERNAL_NOTICE);
  if (!run.verification.ok) {
    for (const problem of run.verification.problems) say(`  ${describeProblem(problem)}`);
    throw new Error('The backup was written but its verification FAILED (above): do not rely on it.');
  }
}

async function list(): Promise<void> {
  const { backup: settings } = loadConfig();
  const backups = await listBackups(settings.dir);
  if (backups.length === 0) say(`no backups in ${settings.dir}`);
  for (const backup of backups) console.log(describe(backup));
  const wal = await latestArchivedWal(settings.dir);
  say(wal ? `recovery point: ${wal.at} (newest archived WAL ${wal.segment})` : 'the WAL archive is empty');
}

async function verify(id: string | undefined): Promise<void> {
  const { backup: settings } = loadConfig();
  const backups = id ? [await findBackup(settings.dir, id)] : await listBackups(settings.dir);
  let bad = 0;
  for (const backup of backups) {
    const verification = await verifyBackup(backup, settings.dir);
    say(`${backup.manifest.id}: ${verification.ok ? 'good' : 'BAD'}`);
    for (const problem of verification.problems) say(`  ${describeProblem(problem)}`);
    if (!verification.ok) bad++;
  }
  if (bad > 0) throw new Error(`${bad} of ${backups.length} backups failed verification`);
}

const [command, argument] = process.argv.slice(2);
const work = command === undefined || command === 'take' ? take() : command === 'list' ? list() : command === 'verify' ? verify(argument) : Promise.reject(new Error(`unknown command "${command}": use list, verify [id], or nothing to take a backup`));
work.then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[backup] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
