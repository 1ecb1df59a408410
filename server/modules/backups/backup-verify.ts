import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { type BackupManifest, type BackupProblem, type BackupVerification, hashFile, type StoredBackup, walDirOf, writeJsonAtomically } from './backup-store';

const SEGMENT_NAME = /^([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{8})$/;

/** A segment's position along the WAL (timeline left out): what retention compares. */
export function segmentPosition(name: string, segmentBytes: number): bigint | null {
  const match = SEGMENT_NAME.exec(name.slice(0, 24));
  if (!match) return null;
  const perLog = 0x1_0000_0000n / BigInt(segmentBytes);
  return BigInt(`0x${match[2]}`) * perLog + BigInt(`0x${match[3]}`);
}

/** The names of the segments from `start` to `stop` (inclusive, on start's timeline). */
export function segmentsBetween(start: string, stop: string, segmentBytes: number): string[] {
  const from = segmentPosition(start, segmentBytes);
  const to = segmentPosition(stop, segmentBytes);
  if (from === null || to === null || to < from) throw new Error(`bad WAL range ${start} – ${stop}`);
  const perLog = 0x1_0000_0000n / BigInt(segmentBytes);
  const hex = (value: bigint) => value.toString(16).toUpperCase().padStart(8, '0');
  const names: string[] = [];
  for (let position = from; position <= to; position++) names.push(`${start.slice(0, 8)}${hex(position / perLog)}${hex(position % perLog)}`);
  return names;
}

/** The bytes a gzip file unpacks to; null when it is damaged (a bad header, a checksum, cut short). */
async function gunzippedBytes(file: string): Promise<number | null> {
  let bytes = 0;
  try {
    for await (const chunk of createReadStream(file).pipe(createGunzip())) bytes += (chunk as Buffer).length;
    return bytes;
  } catch {
    return null;
  }
}

/**
 * An archived segment (gzipped, or as PostgreSQL wrote it for archives made before compression):
 * whole when it unpacks to exactly one segment, short when it is cut off or damaged.
 */
export async function checkArchivedSegment(walDir: string, segment: string, segmentBytes: number): Promise<'whole' | 'short' | 'missing'> {
  const packed = path.join(walDir, `${segment}.gz`);
  if (await fs.stat(packed).then(() => true, () => false)) return (await gunzippedBytes(packed)) === segmentBytes ? 'whole' : 'short';
  const stat = await fs.stat(path.join(walDir, segment)).catch(() => null);
  if (!stat) return 'missing';
  return stat.size === segmentBytes ? 'whole' : 'short';
}

/** What is wrong with a backup: each file re-hashed against its manifest, and its WAL range present in the archive. */
export async function findProblems(manifest: BackupManifest, backupFolder: string, backupDir: string): Promise<BackupProblem[]> {
  const problems: BackupProblem[] = [];
  for (const [file, expected] of Object.entries(manifest.files)) {
    const actual = await hashFile(path.join(backupFolder, file));
    if (!actual) problems.push({ issue: 'missing', file });
    else if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) problems.push({ issue: 'changed', file });
  }
  if (manifest.wal) {
    for (const segment of segmentsBetween(manifest.wal.startSegment, manifest.wal.stopSegment, manifest.wal.segmentBytes)) {
      const state = await checkArchivedSegment(walDirOf(backupDir), segment, manifest.wal.segmentBytes);
      if (state !== 'whole') problems.push({ issue: state === 'missing' ? 'wal-missing' : 'wal-short', file: segment });
    }
  }
  return problems;
}

/** Verifies a backup and records the result beside it (verification.json): the status and the screen read it. */
export async function verifyBackup(backup: StoredBackup, backupDir: string): Promise<BackupVerification> {
  const problems = await findProblems(backup.manifest, backup.dir, backupDir);
  const verification: BackupVerification = { at: new Date().toISOString(), ok: problems.length === 0, problems: problems.slice(0, 100) };
  await writeJsonAtomically(path.join(backup.dir, 'verification.json'), verification);
  return verification;
}

/** One line per problem, for the command line. */
export const describeProblem = (problem: BackupProblem): string =>
  ({
    missing: `missing file ${problem.file}`,
    changed: `file ${problem.file} differs from its checksum (corrupted or changed)`,
    'wal-missing': `WAL segment ${problem.file} is not in the archive`,
    'wal-short': `WAL segment ${problem.file} in the archive is incomplete or damaged`,
  })[problem.issue];
