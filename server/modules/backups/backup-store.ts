import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { schoolWallTime } from '../../../contracts/school-time';
import { walDirOf } from '../../db/wal-archive';

/**
 * The backup folder (XIAOWU_BACKUP_DIR):
 *   wal/<segment>.gz            the WAL archive (archive_command, gzipped), shared by every backup
 *   files/<key>                 the file archive: every file as it was placed (storage.ts), for restores past a backup
 *   base/<id>/backup.json       one backup's manifest: kind, times, WAL range, SHA-256 and size of each file
 *   base/<id>/pg/               the cluster, copied between pg_backup_start and pg_backup_stop, with backup_label
 *   base/<id>/files/, secrets/, pg.password   the data directory's files and secrets, copied after pg_backup_stop
 *   base/<id>/verification.json the last verification
 *   base/<id>.partial/          a backup being written (or abandoned by a crash: retention removes it)
 */

export type BackupKind = 'daily' | 'weekly' | 'manual';

export interface BackupWalRange {
  startLsn: string;
  stopLsn: string;
  /** the segments from the start to the stop, which a restore of this backup needs at least */
  startSegment: string;
  stopSegment: string;
  segmentBytes: number;
}

export interface BackupManifest {
  format: 1;
  id: string;
  kind: BackupKind;
  /** embedded: the cluster is in it; external: files and secrets only (DATABASE_URL is its provider's job) */
  database: 'embedded' | 'external';
  startedAt: string;
  finishedAt: string;
  wal: BackupWalRange | null;
  /** every file of the backup by its path in the backup folder, e.g. `pg/base/5/1259`, `files/<key>` */
  files: Record<string, { size: number; sha256: string }>;
  /** the cluster's folders (PostgreSQL needs its empty ones too, pg_twophase and the like), e.g. `pg/pg_twophase` */
  directories: string[];
  sizeBytes: number;
}

/** What verification found wrong with one file or segment. */
export interface BackupProblem {
  issue: 'missing' | 'changed' | 'wal-missing' | 'wal-short';
  /** the file's path in the backup folder, or the segment's name */
  file: string;
}

export interface BackupVerification {
  at: string;
  ok: boolean;
  problems: BackupProblem[];
}

export interface StoredBackup {
  manifest: BackupManifest;
  verification: BackupVerification | null;
  dir: string;
}

export const baseDirOf = (backupDir: string) => path.join(backupDir, 'base');
export const fileArchiveOf = (backupDir: string) => path.join(backupDir, 'files');
export { walDirOf };

/** A new backup's id: its start in school time and its kind, e.g. 20261128-023000-daily. */
export function newBackupId(kind: BackupKind, at = Date.now()): string {
  return `${schoolWallTime(at).slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${kind}`;
}

/** Files below this are read whole (copyHashed, hashFile); larger ones stream. */
const SMALL_FILE_BYTES = 4 * 1024 * 1024;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Writes JSON through a temp file and a rename: a reader never sees half of it. */
export async function writeJsonAtomically(file: string, value: unknown): Promise<void> {
  const temp = `${file}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify(value, null, 1)}\n`, { mode: 0o600 });
  await fs.rename(temp, file);
}

/** Every finished backup in the folder, newest first (a folder without a readable manifest is skipped). */
export async function listBackups(backupDir: string): Promise<StoredBackup[]> {
  let names: string[];
  try {
    names = await fs.readdir(baseDirOf(backupDir));
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const backups: StoredBackup[] = [];
  for (const name of names) {
    if (name.endsWith('.partial')) continue;
    const dir = path.join(baseDirOf(backupDir), name);
    const manifest = await readJson<BackupManifest>(path.join(dir, 'backup.json')).catch(() => null);
    if (!manifest || manifest.format !== 1) continue;
    backups.push({ manifest, verification: await readJson<BackupVerification>(path.join(dir, 'verification.json')).catch(() => null), dir });
  }
  return backups.sort((a, b) => b.manifest.startedAt.localeCompare(a.manifest.startedAt));
}

/**
 * A backup by id or by the path of its folder; throws a readable error when there is none.
 * `latest`: the newest backup whose last verification passed.
 */
export async function findBackup(backupDir: string, idOrPath: string): Promise<StoredBackup> {
  if (idOrPath === 'latest') {
    const good = (await listBackups(backupDir)).find((backup) => backup.verification?.ok);
    if (!good) throw new Error(`No verified backup in ${backupDir}.`);
    return good;
  }
  const byPath = path.resolve(idOrPath);
  const dir = (await fs.stat(path.join(byPath, 'backup.json')).then(() => true, () => false)) ? byPath : path.join(baseDirOf(backupDir), idOrPath);
  const manifest = await readJson<BackupManifest>(path.join(dir, 'backup.json'));
  if (!manifest) throw new Error(`No backup "${idOrPath}": neither a backup id in ${baseDirOf(backupDir)} nor a backup folder (one holding backup.json). "npm run backup -- list" lists them.`);
  return { manifest, verification: await readJson<BackupVerification>(path.join(dir, 'verification.json')), dir };
}

/** Streams `source` to `target` (mode 600), hashing on the way; null when the source is gone (a dropped table's file). */
export async function copyHashed(source: string, target: string): Promise<{ size: number; sha256: string } | null> {
  const small = await fs.stat(source).then((stat) => stat.size < SMALL_FILE_BYTES, () => false);
  if (small) {
    // most files are small (relation segments, uploads): one read and one write beat a stream pipeline many times over
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(source);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    await fs.writeFile(target, bytes, { mode: 0o600 });
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(source), counter, createWriteStream(target, { mode: 0o600 }));
  } catch (error) {
    if (isMissing(error)) {
      await fs.rm(target, { force: true });
      return null;
    }
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/** SHA-256 and size of a file; null when it is missing. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string } | null> {
  const small = await fs.stat(file).then((stat) => stat.size < SMALL_FILE_BYTES, () => false);
  if (small) {
    const bytes = await fs.readFile(file).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return bytes && { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of createReadStream(file)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every regular file under `root`, as paths relative to it (posix separators); `skip` prunes. */
export async function walkFiles(
  root: string,
  skip: (relative: string, isDirectory: boolean) => boolean = () => false,
  onDirectory: (relative: string) => void = () => undefined,
): Promise<string[]> {
  const out: string[] = [];
  async function walk(relative: string): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (skip(child, entry.isDirectory())) continue;
      if (entry.isDirectory()) {
        onDirectory(child);
        await walk(child);
      }
      else if (entry.isFile()) out.push(child);
      else if (entry.isSymbolicLink()) throw new Error(`${path.join(root, child)} is a symbolic link (a tablespace?): backups copy plain files only`);
    }
  }
  await walk('');
  return out;
}
