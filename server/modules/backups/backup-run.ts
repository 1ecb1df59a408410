import fs from 'node:fs/promises';
import type pg from 'pg';
import { addDays, dayNumber, SCHOOL_OFFSET_MS, schoolDate } from '../../../contracts/school-time';
import type { BackupSettings } from './backup-settings';
import { applyRetention, type RetentionOutcome } from './backup-retention';
import { type BackupKind, type BackupVerification, listBackups, type StoredBackup, walDirOf } from './backup-store';
import { takeBackup, withBackupLock } from './backup-take';
import { verifyBackup } from './backup-verify';

export interface BackupRun {
  backup: StoredBackup;
  verification: BackupVerification;
  retention: RetentionOutcome;
  /** taking, then verifying */
  ms: { take: number; verify: number };
}

/**
 * One backup as the schedule and `npm run backup` take it: under the backup lock, taken, verified
 * (recorded beside it) and followed by retention. `stillWanted`, asked once the lock is held, lets
 * the nightly run skip a backup another server has just taken. null: not wanted any more.
 */
export async function runBackup(options: {
  settings: BackupSettings;
  dataDir: string;
  kind: BackupKind | ((backups: StoredBackup[]) => BackupKind);
  cluster: pg.Client | null;
  lockClient: pg.ClientBase;
  stillWanted?: (backups: StoredBackup[]) => boolean;
  log?: (message: string) => void;
}): Promise<BackupRun | null> {
  const { settings } = options;
  return withBackupLock(options.lockClient, async () => {
    const backups = await listBackups(settings.dir);
    if (options.stillWanted && !options.stillWanted(backups)) return null;
    const kind = typeof options.kind === 'function' ? options.kind(backups) : options.kind;
    const started = performance.now();
    const backup = await takeBackup({ dataDir: options.dataDir, backupDir: settings.dir, kind, cluster: options.cluster, log: options.log });
    const taken = performance.now();
    const verification = await verifyBackup(backup, settings.dir);
    const verified = performance.now();
    const retention = await applyRetention(settings);
    return { backup: { ...backup, verification }, verification, retention, ms: { take: taken - started, verify: verified - taken } };
  });
}

/** The latest moment at or before `now` when the nightly backup was due (HH:MM school time). */
export function lastDueMoment(at: { hour: number; minute: number }, now = Date.now()): number {
  const today = schoolDate(now);
  const dueToday = Date.parse(`${today}T00:00:00Z`) - SCHOOL_OFFSET_MS + (at.hour * 60 + at.minute) * 60_000;
  return dueToday <= now ? dueToday : dueToday - 24 * 60 * 60 * 1000;
}

/** Whether the nightly backup is due: no scheduled (daily or weekly) backup started since the last due moment. */
export function nightlyDue(backups: readonly StoredBackup[], at: { hour: number; minute: number }, now = Date.now()): boolean {
  const since = lastDueMoment(at, now);
  return !backups.some((backup) => backup.manifest.kind !== 'manual' && Date.parse(backup.manifest.startedAt) >= since);
}

/** A nightly backup is weekly when no weekly one was taken in the six school days before today, else daily. */
export function nightlyKind(backups: readonly StoredBackup[], now = Date.now()): BackupKind {
  const weekAgo = dayNumber(addDays(schoolDate(now), -6));
  return backups.some((backup) => backup.manifest.kind === 'weekly' && dayNumber(schoolDate(Date.parse(backup.manifest.startedAt))) >= weekAgo) ? 'daily' : 'weekly';
}

/** The newest archived WAL segment's time: how far a restore can reach (the recovery point); null when the archive is empty. */
export async function latestArchivedWal(backupDir: string): Promise<{ segment: string; at: string } | null> {
  let newest: { segment: string; at: number } | null = null;
  for (const name of await fs.readdir(walDirOf(backupDir)).catch(() => [] as string[])) {
    const match = /^([0-9A-F]{24}(?:\.partial)?)(?:\.gz)?$/.exec(name);
    if (!match) continue;
    const stat = await fs.stat(`${walDirOf(backupDir)}/${name}`).catch(() => null);
    if (stat && (!newest || stat.mtimeMs > newest.at)) newest = { segment: match[1], at: stat.mtimeMs };
  }
  return newest ? { segment: newest.segment, at: new Date(newest.at).toISOString() } : null;
}
