import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { sweepLockKey } from '../../db/sweep';
import { walDirOf } from '../../db/wal-archive';
import { clusterDirOf } from './cluster-access';
import {
  baseDirOf,
  type BackupKind,
  type BackupManifest,
  type BackupWalRange,
  copyHashed,
  hashFile,
  listBackups,
  newBackupId,
  type StoredBackup,
  walkFiles,
  writeJsonAtomically,
} from './backup-store';

/** The advisory lock every backup holds (the nightly one of each server and `npm run backup`): one at a time per deployment. */
export const BACKUP_LOCK_KEY = sweepLockKey('backup');

/** Another backup holds the lock. */
export class BackupBusyError extends Error {
  constructor() {
    super('Another backup is running (another server of this deployment, or npm run backup); try again when it has finished.');
  }
}

/**
 * Runs `work` holding the backup lock on `client` (a session lock: it ends with the connection even
 * if the process dies); BackupBusyError when another holds it.
 */
export async function withBackupLock<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  const locked = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK_KEY])).rows[0]?.locked;
  if (!locked) throw new BackupBusyError();
  try {
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]).catch(() => undefined);
  }
}

/**
 * What the low-level backup API says to leave out of the copy (PostgreSQL docs, "Making a Base Backup
 * Using the Low Level API"): the contents of these folders (the folders themselves are kept) ...
 */
const EMPTIED_FOLDERS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** ... these top-level files ... */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'recovery.signal', 'standby.signal']);
/** ... and temporary files anywhere. */
const isTemporary = (name: string) => name.startsWith('pgsql_tmp') || name === 'pg_internal.init';

function skipInCluster(relative: string, isDirectory: boolean): boolean {
  const parts = relative.split('/');
  const name = parts[parts.length - 1];
  if (isTemporary(name)) return true;
  if (parts.length === 1 && !isDirectory && SKIPPED_FILES.has(name)) return true;
  return parts.length === 2 && EMPTIED_FOLDERS.has(parts[0]);
}

type Manifest = BackupManifest['files'];

/**
 * Copies the cluster folder into `<target>/pg`, hashing each file; every folder is made, empty ones
 * included (the emptied ones, pg_wal with archive_status and summaries); their list goes to `directories`.
 */
async function copyCluster(clusterDir: string, target: string, files: Manifest, directories: string[]): Promise<void> {
  const copy = path.join(target, 'pg');
  const folders: string[] = [];
  const copied = await walkFiles(clusterDir, skipInCluster, (relative) => folders.push(relative));
  for (const folder of [...folders, ...EMPTIED_FOLDERS, 'pg_wal/archive_status', 'pg_wal/summaries', 'pg_tblspc']) {
    await fs.mkdir(path.join(copy, folder), { recursive: true, mode: 0o700 });
    directories.push(`pg/${folder}`);
  }
  for (const relative of copied) {
    const to = path.join(copy, relative);
    await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    const copied = await copyHashed(path.join(clusterDir, relative), to);
    if (copied) files[`pg/${relative}`] = copied;
  }
  await fs.chmod(copy, 0o700);
}

/**
 * Copies `<dataDir>/files` (without the staging area) and `<dataDir>/secrets`. File keys never change
 * their bytes (a new upload is a new key), so a file the previous backup holds with the same size is
 * hard-linked from it rather than copied when that backup verified good (its hash taken from that
 * manifest; verification re-reads it).
 */
async function copyDataFiles(dataDir: string, target: string, files: Manifest, previous: StoredBackup | undefined): Promise<void> {
  for (const folder of ['files', 'secrets'] as const) {
    const skip = (relative: string) => folder === 'files' && relative.split('/')[0] === '.tmp';
    for (const relative of await walkFiles(path.join(dataDir, folder), skip)) {
      const key = `${folder}/${relative}`;
      const to = path.join(target, key);
      await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
      const before = previous?.manifest.files[key];
      const from = path.join(dataDir, key);
      const stat = await fs.stat(from).catch(() => null);
      if (!stat) continue; // removed while we copied: its row is gone too
      if (previous?.verification?.ok && before && before.size === stat.size && (await fs.link(path.join(previous.dir, key), to).then(() => true, () => false))) {
        files[key] = before;
        continue;
      }
      const copied = await copyHashed(from, to);
      if (copied) files[key] = copied;
    }
  }
}

export interface TakeBackupOptions {
  dataDir: string;
  backupDir: string;
  kind: BackupKind;
  /** a superuser connection to the embedded cluster; null: an external database, files and secrets only */
  cluster: pg.Client | null;
  /** the longest pg_backup_stop may wait for the archive (a broken archive_command would make it wait forever) */
  archiveWaitMs?: number;
  log?: (message: string) => void;
}

/**
 * Takes one backup into `<backupDir>/base/<id>`. The embedded cluster: pg_backup_start, copy the
 * cluster, pg_backup_stop on the same connection (which waits until the WAL up to its stop is
 * archived), its label file written as backup_label; then the files and secrets, copied after the
 * stop so every row in the backup has its file (a file is placed before its row commits). The caller
 * holds the backup lock and verifies.
 */
export async function takeBackup(options: TakeBackupOptions): Promise<StoredBackup> {
  const { dataDir, backupDir, kind, cluster } = options;
  const log = options.log ?? (() => undefined);
  const startedAt = new Date();
  let id = newBackupId(kind, startedAt.getTime());
  const existing = await listBackups(backupDir);
  if (existing.some((backup) => backup.manifest.id === id)) id = `${id}-${startedAt.getMilliseconds()}`;
  let segmentBytes = 0;
  if (cluster) {
    // refused before anything is written
    const settings = (await cluster.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_settings WHERE name IN ('archive_mode', 'archive_command', 'wal_segment_size')`)).rows;
    const setting = (name: string) => settings.find((row) => row.name === name)?.setting ?? '';
    if (setting('archive_mode') !== 'on') throw new Error('WAL archiving is off on this cluster: start the server with backups on (XIAOWU_BACKUP=on, the default) and run the backup again.');
    if (!setting('archive_command').includes(walDirOf(backupDir)))
      throw new Error(`The cluster archives its WAL somewhere other than ${walDirOf(backupDir)}: run the backup with the server's XIAOWU_BACKUP_DIR.`);
    segmentBytes = Number(setting('wal_segment_size'));
  }
  const partial = path.join(baseDirOf(backupDir), `${id}.partial`);
  await fs.mkdir(partial, { recursive: true, mode: 0o700 });
  const files: Manifest = {};
  const directories: string[] = [];
  let wal: BackupWalRange | null = null;
  try {
    if (cluster) {
      await cluster.query(`SELECT set_config('statement_timeout', $1, false)`, [String(Math.round(options.archiveWaitMs ?? 600_000))]);
      const start = (await cluster.query<{ lsn: string; segment: string }>('SELECT lsn::text AS lsn, pg_walfile_name(lsn) AS segment FROM pg_backup_start($1, true) AS lsn', [`xiaowu ${id}`])).rows[0];
      log(`pg_backup_start at ${start.lsn}; copying the cluster`);
      await copyCluster(clusterDirOf(dataDir), partial, files, directories);
      let stop: { lsn: string; segment: string; labelfile: string; spcmapfile: string | null };
      try {
        stop = (await cluster.query<typeof stop>('SELECT lsn::text AS lsn, pg_walfile_name(lsn) AS segment, labelfile, spcmapfile FROM pg_backup_stop(wait_for_archive => true)')).rows[0];
      } catch (error) {
        if ((error as { code?: string }).code === '57014')
          throw new Error(`The WAL archive did not receive the backup's last segment in time: WAL archiving is failing (see the PostgreSQL log and pg_stat_archiver); the backup was abandoned.`, { cause: error });
        throw error;
      }
      await cluster.query('RESET statement_timeout');
      log(`pg_backup_stop at ${stop.lsn}`);
      // the label makes the copy start its recovery at the backup's start, not at the last checkpoint in pg_control
      const written: [string, string][] = [['backup_label', stop.labelfile]];
      if (stop.spcmapfile) written.push(['tablespace_map', stop.spcmapfile]);
      for (const [name, text] of written) {
        await fs.writeFile(path.join(partial, 'pg', name), text, { mode: 0o600 });
        files[`pg/${name}`] = (await hashFile(path.join(partial, 'pg', name)))!;
      }
      wal = { startLsn: start.lsn, stopLsn: stop.lsn, startSegment: start.segment, stopSegment: stop.segment, segmentBytes };
      const password = await copyHashed(`${clusterDirOf(dataDir)}.password`, path.join(partial, 'pg.password'));
      if (password) files['pg.password'] = password;
    }
    log('copying files and secrets');
    await copyDataFiles(dataDir, partial, files, existing[0]);
    const manifest: BackupManifest = {
      format: 1,
      id,
      kind,
      database: cluster ? 'embedded' : 'external',
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      wal,
      files,
      directories: [...new Set(directories)].sort(),
      sizeBytes: Object.values(files).reduce((sum, file) => sum + file.size, 0),
    };
    await writeJsonAtomically(path.join(partial, 'backup.json'), manifest);
    const dir = path.join(baseDirOf(backupDir), id);
    await fs.rename(partial, dir);
    return { manifest, verification: null, dir };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}
