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

/**
 * Keeps the newest N daily, M weekly and K manual backups and removes the rest, abandoned partial
 * folders, the WAL segments older than the oldest kept backup's start (every kept backup can then be
 * restored to any moment after it) and archived files placed well before it. Run holding the backup lock.
 */
export async function applyRetention(backupDir: string, keep: BackupSettings['keep']): Promise<RetentionOutcome> {
  const backups = await listBackups(backupDir);
  const kept = keptBackups(backups, keep);
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
    const withWal = kept.filter((backup) => backup.manifest.wal);
    const oldestWal = withWal[withWal.length - 1]?.manifest.wal;
    if (oldestWal) {
      const floor = segmentPosition(oldestWal.startSegment, oldestWal.segmentBytes)!;
      for (const name of await fs.readdir(walDirOf(backupDir)).catch(() => [] as string[])) {
        // timeline history files are tiny and every restore may need them
        if (name.endsWith('.history')) continue;
        const position = segmentPosition(name, oldestWal.segmentBytes);
        if (position !== null && position < floor) {
          await fs.rm(path.join(walDirOf(backupDir), name), { force: true });
          removedSegments++;
        }
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
