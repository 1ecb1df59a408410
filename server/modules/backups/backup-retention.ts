import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackupSettings } from './backup-settings';
import { baseDirOf, type BackupKind, fileArchiveOf, listBackups, type StoredBackup, walDirOf, walkFiles } from './backup-store';
import { segmentPosition } from './backup-verify';

/** A file placed this long before the oldest kept backup started is in that backup's own copy. */
const FILE_ARCHIVE_MARGIN_MS = 24 * 60 * 60 * 1000;

export interface RetentionOutcome {
  removedBackups: string[];
  removedSegments: number;
  removedArchivedFiles: number;
}

/** The backups retention keeps: the newest `keep[kind]` of each kind. */
export function keptBackups(backups: readonly StoredBackup[], keep: BackupSettings['keep']): StoredBackup[] {
  const seen: Record<BackupKind, number> = { daily: 0, weekly: 0, manual: 0 };
  return backups.filter((backup) => ++seen[backup.manifest.kind] <= keep[backup.manifest.kind]);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The WAL segments retention keeps, as positions along the WAL: everything from `continuousFrom` on
 * (any moment after it can be restored), and below it only each kept backup's own start → stop range
 * (that backup restores to the moment it finished). null: no kept backup has WAL.
 */
export function keptWal(kept: readonly StoredBackup[], pointInTimeDays: number, now = Date.now()): { continuousFrom: bigint; ranges: Array<[bigint, bigint]> } | null {
  const withWal = kept.filter((backup) => backup.manifest.wal);
  if (withWal.length === 0) return null;
  const windowStart = now - pointInTimeDays * DAY_MS;
  // the newest backup started before the window opens restores every moment inside it; none that old: the oldest kept
  const anchor = withWal.find((backup) => Date.parse(backup.manifest.startedAt) <= windowStart) ?? withWal[withWal.length - 1];
  const position = (segment: string, backup: StoredBackup) => segmentPosition(segment, backup.manifest.wal!.segmentBytes)!;
  return {
    continuousFrom: position(anchor.manifest.wal!.startSegment, anchor),
    ranges: withWal.map((backup) => [position(backup.manifest.wal!.startSegment, backup), position(backup.manifest.wal!.stopSegment, backup)]),
  };
}

/**
 * Keeps the newest N daily, M weekly and K manual backups and removes the rest and abandoned partial
 * folders; keeps continuous WAL for the point-in-time window (XIAOWU_BACKUP_PITR_DAYS: any moment of
 * the last days can be restored) and, older than that, only what each kept backup needs to be restored
 * as it finished (a weekly backup of three weeks ago restores to its own moment, not to any moment of
 * that week); drops archived files placed well before the oldest kept backup. Run holding the backup lock.
 */
export async function applyRetention(settings: Pick<BackupSettings, 'dir' | 'keep' | 'pointInTimeDays'>, now = Date.now()): Promise<RetentionOutcome> {
  const backupDir = settings.dir;
  const backups = await listBackups(backupDir);
  const kept = keptBackups(backups, settings.keep);
  const removedBackups: string[] = [];
  for (const backup of backups) {
    if (kept.includes(backup)) continue;
    await fs.rm(backup.dir, { recursive: true, force: true });
    removedBackups.push(backup.manifest.id);
  }
  for (const name of await fs.readdir(baseDirOf(backupDir)).catch(() => [] as string[])) {
    if (name.endsWith('.partial')) await fs.rm(path.join(baseDirOf(backupDir), name), { recursive: true, force: true });
  }

  let removedSegments = 0;
  let removedArchivedFiles = 0;
  const oldest = kept[kept.length - 1];
  if (oldest) {
    const wal = keptWal(kept, settings.pointInTimeDays, now);
    const segmentBytes = kept.find((backup) => backup.manifest.wal)?.manifest.wal?.segmentBytes;
    if (wal && segmentBytes) {
      for (const name of await fs.readdir(walDirOf(backupDir)).catch(() => [] as string[])) {
        // timeline history files are tiny and every restore may need them
        if (name.includes('.history')) continue;
        const position = segmentPosition(name, segmentBytes);
        if (position === null || position >= wal.continuousFrom) continue;
        if (wal.ranges.some(([from, to]) => position >= from && position <= to)) continue;
        await fs.rm(path.join(walDirOf(backupDir), name), { force: true });
        removedSegments++;
      }
    }
    const before = Date.parse(oldest.manifest.startedAt) - FILE_ARCHIVE_MARGIN_MS;
    for (const relative of await walkFiles(fileArchiveOf(backupDir))) {
      const file = path.join(fileArchiveOf(backupDir), relative);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < before) {
        await fs.rm(file, { force: true });
        removedArchivedFiles++;
      }
    }
  }
  return { removedBackups, removedSegments, removedArchivedFiles };
}
