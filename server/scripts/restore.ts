/**
 * Restores a backup into a NEW data directory (issue 22; README "Backups"):
 *
 *   npm run restore -- <backup id | backup folder | latest> [--until "2026-11-20 10:42"] [--into <dir>]
 *   npm run restore -- --until "2026-11-20 10:42" [--into <dir>]
 *
 * --until: school time unless it carries an offset; without it the WAL archive is replayed to its end.
 * Without a backup, --until starts from the newest verified backup that finished by then.
 * --into: default `<XIAOWU_DATA_DIR>-restored-<stamp>`; refused when it holds a cluster, a running
 * PostgreSQL, or anything at all. Nothing of the current data directory is touched.
 */
import pg from 'pg';
import { schoolWallTime } from '../../contracts/school-time';
import { loadConfig } from '../config';
import { findBackup, listBackups } from '../modules/backups/backup-store';
import { assertRestoreTarget, backupForMoment, parseUntil, restoreBackup } from '../modules/backups/backup-restore';
import { archiveCurrentWal, clusterDirOf, runningClusterUrl } from '../modules/backups/cluster-access';

const say = (message: string) => console.log(`[restore] ${message}`);

function parseArgs(args: string[]): { backup?: string; until?: string; into?: string } {
  const out: { backup?: string; until?: string; into?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--until' || arg === '--into') {
      const value = args[++i];
      if (!value) throw new Error(`${arg} needs a value`);
      out[arg === '--until' ? 'until' : 'into'] = value;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (out.backup) throw new Error(`one backup at a time (got "${out.backup}" and "${arg}")`);
    else out.backup = arg;
  }
  if (!out.backup && !out.until) throw new Error('usage: npm run restore -- <backup id | folder | latest> [--until "YYYY-MM-DD HH:MM"] [--into <dir>], or npm run restore -- --until "YYYY-MM-DD HH:MM"');
  return out;
}

/** When the server runs, it is asked to close its current WAL segment, so the archive holds the latest minutes. */
async function flushRunningServer(dataDir: string): Promise<void> {
  const url = runningClusterUrl(clusterDirOf(dataDir));
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    if (!(await archiveCurrentWal(client))) say('warning: the running server did not archive its newest WAL within 10 s; the restore may end a little earlier');
  } catch {
    // best effort: the archive still holds everything up to the last switch (XIAOWU_BACKUP_ARCHIVE_TIMEOUT)
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const until = args.until === undefined ? undefined : parseUntil(args.until);
  if (until === null) throw new Error(`--until "${args.until}" is not a time: write "YYYY-MM-DD HH:MM[:SS]" (school time) or an ISO time with an offset`);
  const backup = args.backup ? await findBackup(config.backup.dir, args.backup) : backupForMoment(await listBackups(config.backup.dir), until!);
  if (!backup) throw new Error(`No verified backup in ${config.backup.dir} finished by ${until!.toISOString()}: a restore starts from a backup taken before the moment. "npm run backup -- list" lists them.`);
  const stamp = schoolWallTime(Date.now()).slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const into = args.into ?? `${config.dataDir}-restored-${stamp}`;
  say(`restoring ${backup.manifest.id} (${backup.manifest.kind}, finished ${backup.manifest.finishedAt}) into ${into}${until ? `, until ${until.toISOString()}` : ''}`);
  if (backup.verification && !backup.verification.ok) say('warning: the last verification of this backup failed; every file is checked against its checksum while it is copied');
  await assertRestoreTarget(into); // before anything else, so a refusal asks nothing of the running server
  if (backup.manifest.database === 'embedded') await flushRunningServer(config.dataDir);
  const outcome = await restoreBackup({ backup, backupDir: config.backup.dir, into, until, log: say });
  say(`done in ${(outcome.ms / 1000).toFixed(1)} s: ${outcome.files.restored} files restored${outcome.lastTransactionAt ? `; the last transaction replayed committed at ${outcome.lastTransactionAt}` : ''}`);
  if (outcome.files.missing.length > 0) say(`warning: ${outcome.files.missing.length} rows name files found neither in the backup nor in the file archive: ${outcome.files.missing.slice(0, 10).join(', ')}`);
  if (backup.manifest.database !== 'embedded') say('files and secrets only: restore the database (DATABASE_URL) from your provider\'s backup of the same moment');
  say(`to run the server on it: stop the server, then start it with XIAOWU_DATA_DIR=${outcome.into} (keep XIAOWU_BACKUP_DIR=${config.backup.dir} so backups continue into the same folder)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[restore] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
