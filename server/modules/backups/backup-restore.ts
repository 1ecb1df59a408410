import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { SCHOOL_TIME_ZONE_OFFSET } from '../../../contracts/school-time';
import { startEmbeddedPostgres } from '../../db/embedded';
import { postgresOsUser, restoreCommand, walDirOf } from '../../db/wal-archive';
import { latestArchivedWal } from './backup-run';
import { copyHashed, fileArchiveOf, type StoredBackup } from './backup-store';
import { segmentPosition } from './backup-verify';
import { clusterDirOf, livePostmaster } from './cluster-access';

/** A restore refused before it changed anything (the message says why). */
export class RestoreRefusedError extends Error {}

/**
 * `--until` as an instant: ISO or "YYYY-MM-DD HH:MM[:SS[.fff]]", in school time unless it carries an
 * offset (Z, +08:00); null when it is not a time.
 */
export function parseUntil(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  if (!match) return null;
  const offset = match[3] ? (match[3].toUpperCase() === 'Z' ? 'Z' : match[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : SCHOOL_TIME_ZONE_OFFSET;
  const at = new Date(`${match[1]}T${match[2].length === 5 ? `${match[2]}:00` : match[2]}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Refuses a target that holds a cluster, a live postmaster, or anything at all: a restore never overwrites. */
export async function assertRestoreTarget(into: string): Promise<void> {
  for (const clusterDir of [clusterDirOf(into), into]) {
    const live = livePostmaster(clusterDir);
    if (live) throw new RestoreRefusedError(`${into} is in use: PostgreSQL (pid ${live.pid}) runs on ${clusterDir}. A restore goes into a new, empty directory.`);
  }
  for (const marker of [path.join(clusterDirOf(into), 'PG_VERSION'), path.join(into, 'PG_VERSION')]) {
    if (await fs.stat(marker).then(() => true, () => false))
      throw new RestoreRefusedError(`${into} holds a database cluster (${path.dirname(marker)}). A restore never overwrites one: choose a new directory with --into.`);
  }
  const entries = await fs.readdir(into).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  if (entries.length > 0) throw new RestoreRefusedError(`${into} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}). A restore goes into a new, empty directory.`);
}

/**
 * How far the WAL archive carries a backup: the last segment of the unbroken run from its start (on its
 * timeline) and when it was archived, and whether the archive resumes after a gap (retention keeps only
 * a backup's own range once it is older than the point-in-time window). null: files only, or the
 * backup's first segment is not in the archive (it cannot be restored).
 */
export async function walReach(backup: StoredBackup, backupDir: string): Promise<{ lastSegment: string; archivedAt: number; gapAfter: boolean } | null> {
  const wal = backup.manifest.wal;
  if (!wal) return null;
  const timeline = wal.startSegment.slice(0, 8);
  const positions = new Map<bigint, string>();
  for (const name of await fs.readdir(walDirOf(backupDir)).catch(() => [] as string[])) {
    if (!name.startsWith(timeline) || name.includes('.partial') || name.includes('.history')) continue;
    const position = segmentPosition(name, wal.segmentBytes);
    if (position !== null) positions.set(position, name);
  }
  let position = segmentPosition(wal.startSegment, wal.segmentBytes)!;
  if (!positions.has(position)) return null;
  while (positions.has(position + 1n)) position++;
  const last = positions.get(position)!;
  const archivedAt = (await fs.stat(path.join(walDirOf(backupDir), last))).mtimeMs;
  return { lastSegment: last.slice(0, 24), archivedAt, gapAfter: [...positions.keys()].some((other) => other > position) };
}

/** The backup a restore `--until` a moment starts from: the newest verified one that finished by then. */
export function backupForMoment(backups: readonly StoredBackup[], until: Date): StoredBackup | null {
  return backups.find((backup) => backup.verification?.ok && Date.parse(backup.manifest.finishedAt) <= until.getTime()) ?? null;
}

export interface RestoreOutcome {
  into: string;
  /** the last transaction replayed (null: none after the backup, or files only) */
  lastTransactionAt: string | null;
  files: { restored: number; missing: string[] };
  ms: number;
}

/** Copies a backup's files under `prefix` into `target`, checking each against the manifest's checksum. */
async function copyChecked(backup: StoredBackup, prefix: string, target: string): Promise<void> {
  for (const [file, expected] of Object.entries(backup.manifest.files)) {
    if (!file.startsWith(prefix)) continue;
    const to = path.join(target, file.slice(prefix.length));
    await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    const copied = await copyHashed(path.join(backup.dir, file), to);
    if (!copied || copied.sha256 !== expected.sha256)
      throw new RestoreRefusedError(`The backup ${backup.manifest.id} is damaged: ${file} is ${copied ? 'corrupted' : 'missing'}. Restore an older backup.`);
  }
}

async function chownTree(root: string, owner: { uid: number; gid: number }): Promise<void> {
  await fs.chown(root, owner.uid, owner.gid);
  for (const entry of await fs.readdir(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) await chownTree(full, owner);
    else await fs.chown(full, owner.uid, owner.gid);
  }
}

/**
 * Copies the promoted cluster's timeline history file into the WAL archive (archiving is off while
 * it replays): the next restore then picks a timeline of its own, so two restored clusters never
 * write segments of the same name into the archive.
 */
async function claimTimeline(client: pg.Client, clusterDir: string, backupDir: string): Promise<void> {
  const { timeline } = (await client.query<{ timeline: number }>('SELECT timeline_id AS timeline FROM pg_control_checkpoint()')).rows[0];
  const name = `${timeline.toString(16).toUpperCase().padStart(8, '0')}.history`;
  const target = path.join(walDirOf(backupDir), name);
  if (await fs.stat(target).then(() => true, () => false)) return;
  const source = path.join(clusterDir, 'pg_wal', name);
  if (!(await fs.stat(source).then(() => true, () => false))) return;
  await fs.copyFile(source, `${target}.tmp`);
  await fs.chmod(`${target}.tmp`, 0o600);
  const owner = postgresOsUser();
  if (owner) await fs.chown(`${target}.tmp`, owner.uid, owner.gid);
  await fs.rename(`${target}.tmp`, target);
}

const conf = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Whether PostgreSQL's log says the replay ended before its recovery target (the archive ends, or breaks, earlier). */
const notReached = (messages: readonly string[]) => messages.join('').includes('recovery ended before configured recovery target was reached');

/**
 * Restores `backup` into the new data directory `into`: the cluster copied with recovery.signal and
 * restore_command reading the WAL archive, replayed to `until` (or to the archive's end) and promoted;
 * then the files the restored rows name (from the backup, else the file archive) and the secrets.
 * The cluster is stopped again; the server starts on it with XIAOWU_DATA_DIR=<into>.
 */
export async function restoreBackup(options: { backup: StoredBackup; backupDir: string; into: string; until?: Date; log?: (message: string) => void }): Promise<RestoreOutcome> {
  const { backup, backupDir, until } = options;
  const into = path.resolve(options.into);
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  await assertRestoreTarget(into);
  if (until && backup.manifest.database === 'embedded' && until.getTime() < Date.parse(backup.manifest.finishedAt))
    throw new RestoreRefusedError(
      `The backup ${backup.manifest.id} finished at ${backup.manifest.finishedAt}, after ${until.toISOString()}: a backup restores only to moments after it. Choose an older backup.`,
    );
  if (backup.manifest.database === 'embedded') {
    const reach = await walReach(backup, backupDir);
    if (!reach)
      throw new RestoreRefusedError(
        `The WAL segment ${backup.manifest.wal?.startSegment} the backup ${backup.manifest.id} starts from is not in ${walDirOf(backupDir)}: it cannot be restored (npm run backup -- verify lists what is missing). Choose another backup.`,
      );
    if (until && reach.gapAfter && until.getTime() > reach.archivedAt)
      throw new RestoreRefusedError(
        `The backup ${backup.manifest.id} reaches only to about ${new Date(reach.archivedAt).toISOString()}: the WAL after it (from ${reach.lastSegment}) is no longer kept, as retention keeps continuous WAL for the point-in-time window (XIAOWU_BACKUP_PITR_DAYS) only. Choose an earlier moment or a newer backup.`,
      );
  }
  await fs.mkdir(into, { recursive: true, mode: 0o755 });
  await copyChecked(backup, 'secrets/', path.join(into, 'secrets'));
  let lastTransactionAt: string | null = null;
  const files = { restored: 0, missing: [] as string[] };

  if (backup.manifest.database !== 'embedded') {
    // files only (an external database): everything the backup holds
    await copyChecked(backup, 'files/', path.join(into, 'files'));
    files.restored = Object.keys(backup.manifest.files).filter((file) => file.startsWith('files/')).length;
    return { into, lastTransactionAt, files, ms: performance.now() - started };
  }

  const clusterDir = clusterDirOf(into);
  log(`copying the cluster of ${backup.manifest.id}`);
  await copyChecked(backup, 'pg/', clusterDir);
  for (const folder of backup.manifest.directories) await fs.mkdir(path.join(clusterDir, folder.slice('pg/'.length)), { recursive: true, mode: 0o700 });
  await copyChecked(backup, 'pg.password', `${clusterDir}.password`);
  const recovery = [
    `restore_command = ${conf(restoreCommand(backupDir))}`,
    `recovery_target_action = 'promote'`,
    // the backup's own timeline: another restore's timeline (claimed in the archive below) is never followed by accident
    `recovery_target_timeline = 'current'`,
  ];
  await fs.appendFile(path.join(clusterDir, 'postgresql.auto.conf'), `\n# restore of ${backup.manifest.id} (npm run restore)\n${recovery.join('\n')}\n`);
  await fs.writeFile(path.join(clusterDir, 'recovery.signal'), '', { mode: 0o600 });
  await fs.chmod(clusterDir, 0o700);
  const owner = postgresOsUser();
  if (owner) await chownTree(clusterDir, owner);

  log(`replaying the WAL archive${until ? ` until ${until.toISOString()}` : ' to its end'}`);
  const messages: string[] = [];
  const replay = (target: Date | undefined) =>
    startEmbeddedPostgres({
      clusterDir,
      extraFlags: [
        // archiving off while it replays: a restore to look at does not add its timeline to the archive
        '-c', 'archive_mode=off',
        // the rows committed at or before `target`, none after (PostgreSQL's own timestamp form: 'T' and 'Z' are refused);
        // on the command line, so it is gone at the next start
        ...(target ? ['-c', `recovery_target_time=${target.toISOString().replace('T', ' ').replace('Z', '+00')}`] : []),
      ],
      onLog: (message) => messages.push(message),
    });
  let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    try {
      cluster = await replay(until);
    } catch (error) {
      // No commit after `until` in the archive (a quiet database, "restore to now"): PostgreSQL stops short of a target it
      // cannot see passed. When the archive holds WAL closed after `until`, its end IS the state at `until`: replay to it.
      const archiveEnd = await latestArchivedWal(backupDir);
      if (!until || !notReached(messages) || !archiveEnd || Date.parse(archiveEnd.at) < until.getTime()) throw error;
      log(`no transaction after ${until.toISOString()} in the archive (complete to ${archiveEnd.at}): replaying it to its end`);
      messages.length = 0;
      cluster = await replay(undefined);
    }
  } catch (error) {
    const lines = messages.join('').split('\n');
    const first = lines.findIndex((line) => /FATAL|PANIC/.test(line));
    // the fatal line and what PostgreSQL logged just before it (the reason: a bad setting, a missing segment)
    const fatal = first < 0 ? [] : lines.slice(Math.max(0, first - 3), first + 1).map((line) => line.replace(/^\S+ \S+ \S+ \[\d+\] /, ''));
    throw new RestoreRefusedError(
      notReached(messages)
        ? `The WAL archive does not reach ${until?.toISOString()}: its newest segment (or the last before a gap) ends earlier. Restore to an earlier moment (npm run backup -- list shows the recovery point). The partial restore in ${into} can be deleted.`
        : `PostgreSQL did not finish the recovery in ${clusterDir}: ${fatal.join(' ') || String(error)}. The partial restore in ${into} can be deleted.`,
      { cause: error },
    );
  }
  const client = new pg.Client({ connectionString: cluster.connectionString });
  try {
    await client.connect();
    for (let i = 0; (await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r')).rows[0].r; i++) {
      if (i > 600) throw new Error('the restored cluster stayed in recovery for 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // PostgreSQL says where the replay stopped ("last completed transaction was at log time …")
    const stoppedAt = /last completed transaction was at log time ([0-9-]+ [0-9:.]+[+-]\d{2}(?::\d{2})?)/.exec(messages.join(''));
    lastTransactionAt = stoppedAt ? new Date(stoppedAt[1].replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString() : null;
    await claimTimeline(client, clusterDir, backupDir);
    // the recovery settings go (ALTER SYSTEM rewrites postgresql.auto.conf without them)
    await client.query('ALTER SYSTEM RESET restore_command');
    await client.query('ALTER SYSTEM RESET recovery_target_action');
    await client.query('ALTER SYSTEM RESET recovery_target_timeline');
    const hasFiles = (await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'files'`)).rowCount === 1;
    const rows = hasFiles ? (await client.query<{ path: string; sha256: string }>('SELECT path, sha256 FROM files')).rows : [];
    log(`copying the ${rows.length} files the restored rows name`);
    const inBackup = new Set(Object.keys(backup.manifest.files));
    for (const row of rows) {
      const sources = [...(inBackup.has(`files/${row.path}`) ? [path.join(backup.dir, 'files', row.path)] : []), path.join(fileArchiveOf(backupDir), row.path)];
      const to = path.join(into, 'files', row.path);
      if (!to.startsWith(path.join(into, 'files') + path.sep)) continue;
      await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
      let placed = false;
      for (const source of sources) {
        const copied = await copyHashed(source, to);
        if (copied && copied.sha256 === row.sha256) {
          placed = true;
          break;
        }
      }
      if (placed) files.restored++;
      else {
        await fs.rm(to, { force: true });
        files.missing.push(row.path);
      }
    }
  } finally {
    await client.end().catch(() => undefined);
    await cluster.stop();
  }
  return { into, lastTransactionAt, files, ms: performance.now() - started };
}
