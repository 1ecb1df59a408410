import { randomBytes, createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from '../../db/bootstrap';
import { connectDatabase } from '../../db/client';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../../db/embedded';
import { buildTestApp, call, login } from '../../test/helpers';
import { LocalFileStorage } from '../files/storage';
import { loadSurveySecret, surveySecretPath } from '../surveys/surveys.secret';
import { type BackupSettings, fileArchiveDir } from './backup-settings';
import { applyRetention } from './backup-retention';
import { assertRestoreTarget, backupForMoment, parseUntil, RestoreRefusedError, restoreBackup } from './backup-restore';
import { nightlyDue, nightlyKind, runBackup } from './backup-run';
import { BackupBusyError } from './backup-take';
import { listBackups, type StoredBackup } from './backup-store';
import { verifyBackup } from './backup-verify';
import { archiveCurrentWal, clusterDirOf } from './cluster-access';

/**
 * Issue 22's proofs on real clusters: one source cluster archiving its WAL (as main.ts starts it),
 * the demo schools seeded; each restore starts the restored cluster, reads it, stops it.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-backups-'));
// PostgreSQL runs as user `postgres` when we are root: it must be able to reach the directory.
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, 'data');
const settings: BackupSettings = { mode: 'embedded', dir: path.join(dataDir, 'backups'), archiveTimeoutSeconds: 60, nightlyAt: { hour: 2, minute: 30 }, keep: { daily: 7, weekly: 4, manual: 5 }, pointInTimeDays: 7 };
const storage = new LocalFileStorage(dataDir, { archiveDir: fileArchiveDir(settings) });

let cluster: EmbeddedCluster;
let owner: pg.Pool;
let tenantId: string;
let adminId: string;
let classIds: string[];
/** a past semester of the demo school with seeded rolls: the one deleted "by mistake" */
let semesterId: string;

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A file the way the app stores one: staged, its row inserted, placed under its key, then the commit. */
async function insertFileRow(client: pg.ClientBase, name: string): Promise<{ id: string; path: string; sha256: string }> {
  const id = uuidv7();
  const bytes = randomBytes(2000 + (randomBytes(2).readUInt16LE() % 4000));
  const staged = path.join(storage.root, '.tmp', `${id}.part`);
  fs.mkdirSync(path.dirname(staged), { recursive: true });
  fs.writeFileSync(staged, bytes);
  const key = storage.keyFor(tenantId, id);
  await client.query(
    `INSERT INTO files (tenant_id, id, name, suffix, mime, size, sha256, path, category, owner_id) VALUES ($1, $2, $3, 'bin', 'application/octet-stream', $4, $5, $6, 'attachment', $7)`,
    [tenantId, id, name, bytes.length, sha(bytes), key, adminId],
  );
  await storage.put(staged, key);
  return { id, path: key, sha256: sha(bytes) };
}

/** A roll of the semester on a day of its own, and in the same transaction a file row named after it (`roll-<id>.bin`). */
let rollDay = 0;
async function writeRollWithFile(): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    const rollId = uuidv7();
    const date = new Date(Date.UTC(2001, 0, 1) + rollDay++ * 86_400_000).toISOString().slice(0, 10);
    await client.query(`INSERT INTO attendance_rolls (tenant_id, id, class_id, date, semester_id, taken_by) VALUES ($1, $2, $3, $4, $5, $6)`, [tenantId, rollId, classIds[0], date, semesterId, adminId]);
    await insertFileRow(client, `roll-${rollId}.bin`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** What a restore must bring back of the semester: its rolls, entries and attachment rows (with their checksums). */
async function semesterSnapshot(client: pg.ClientBase | pg.Pool) {
  const rolls = await client.query<{ id: string }>('SELECT id::text FROM attendance_rolls WHERE tenant_id = $1 AND semester_id = $2 ORDER BY id', [tenantId, semesterId]);
  const entries = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM attendance_entries e JOIN attendance_rolls r ON r.tenant_id = e.tenant_id AND r.id = e.roll_id WHERE r.tenant_id = $1 AND r.semester_id = $2',
    [tenantId, semesterId],
  );
  const files = await client.query<{ path: string; sha256: string }>(`SELECT path, sha256 FROM files WHERE tenant_id = $1 AND name LIKE 'roll-%' ORDER BY path`, [tenantId]);
  return { rolls: rolls.rows.map((row) => row.id), entries: Number(entries.rows[0].n), files: files.rows };
}

/** Starts a restored data directory's cluster, reads it, stops it. */
async function readRestored<T>(into: string, read: (client: pg.Client) => Promise<T>): Promise<T> {
  const restored = await startEmbeddedPostgres({ clusterDir: clusterDirOf(into) });
  const client = new pg.Client({ connectionString: restored.connectionString });
  await client.connect();
  try {
    return await read(client);
  } finally {
    await client.end();
    await restored.stop();
  }
}

const backupClient = async () => {
  const client = new pg.Client({ connectionString: cluster.connectionString });
  await client.connect();
  return client;
};

async function backUp(): Promise<StoredBackup> {
  const client = await backupClient();
  try {
    const run = await runBackup({ settings, dataDir, kind: 'manual', cluster: client, lockClient: client });
    expect(run!.verification).toMatchObject({ ok: true, problems: [] });
    return run!.backup;
  } finally {
    await client.end();
  }
}

async function flushArchive(): Promise<void> {
  const client = await backupClient();
  try {
    expect(await archiveCurrentWal(client)).toBe(true);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await startEmbeddedPostgres({ clusterDir: clusterDirOf(dataDir), walArchive: { dir: settings.dir, timeoutSeconds: settings.archiveTimeoutSeconds } });
  const db = connectDatabase(cluster.connectionString, { maxConnections: 2 });
  try {
    await bootstrapDatabase(db, { seedDemo: true });
  } finally {
    await db.close();
  }
  owner = new pg.Pool({ connectionString: cluster.connectionString, max: 22 });
  // idle connections cut when the cluster stops at the end are expected
  owner.on('error', () => undefined);
  // the secrets the app keeps beside its files (made at its first start)
  loadSurveySecret(dataDir);
  tenantId = (await owner.query<{ id: string }>(`SELECT id::text FROM tenants WHERE code = 'demo'`)).rows[0].id;
  adminId = (await owner.query<{ id: string }>(`SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'admin'`, [tenantId])).rows[0].id;
  classIds = (await owner.query<{ id: string }>(`SELECT id::text FROM org_units WHERE tenant_id = $1 AND kind = 'class' ORDER BY id LIMIT 2`, [tenantId])).rows.map((row) => row.id);
  semesterId = (
    await owner.query<{ id: string }>(
      `SELECT semester_id::text AS id FROM attendance_rolls WHERE tenant_id = $1 GROUP BY semester_id ORDER BY count(*) DESC LIMIT 1`,
      [tenantId],
    )
  ).rows[0].id;
}, 180_000);

afterAll(async () => {
  await owner?.end();
  await cluster?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('backups of the embedded cluster', () => {
  let first: StoredBackup;

  it('restores --until a moment just before a semester was deleted by mistake: exactly the rows of that moment, and their files', async () => {
    for (let i = 0; i < 5; i++) await writeRollWithFile();
    first = await backUp();
    // written after the backup: their rows come from the WAL archive, their files from the file archive
    for (let i = 0; i < 5; i++) await writeRollWithFile();
    const before = await semesterSnapshot(owner);
    expect(before.rolls.length).toBeGreaterThan(10);
    expect(before.entries).toBeGreaterThan(0);
    expect(before.files).toHaveLength(10);
    const until = (await owner.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0].at;
    await new Promise((resolve) => setTimeout(resolve, 20));

    // the mistake: the semester's attendance and attachments deleted, the attachments' bytes removed as the app does
    const client = await owner.connect();
    await client.query('BEGIN');
    await client.query('DELETE FROM attendance_entries e USING attendance_rolls r WHERE r.tenant_id = e.tenant_id AND r.id = e.roll_id AND r.tenant_id = $1 AND r.semester_id = $2', [tenantId, semesterId]);
    await client.query('DELETE FROM attendance_rolls WHERE tenant_id = $1 AND semester_id = $2', [tenantId, semesterId]);
    await client.query(`DELETE FROM files WHERE tenant_id = $1 AND name LIKE 'roll-%'`, [tenantId]);
    await client.query('COMMIT');
    client.release();
    for (const file of before.files) await storage.delete(file.path);
    expect((await semesterSnapshot(owner)).rolls).toEqual([]);
    await flushArchive();

    const into = path.join(tmp, 'restored-until');
    const outcome = await restoreBackup({ backup: first, backupDir: settings.dir, into, until });
    expect(outcome.files.missing).toEqual([]);
    expect(Date.parse(outcome.lastTransactionAt!)).toBeLessThanOrEqual(until.getTime());
    const after = await readRestored(into, (restored) => semesterSnapshot(restored));
    expect(after).toEqual(before);
    for (const file of before.files) expect(sha(fs.readFileSync(path.join(into, 'files', file.path)))).toBe(file.sha256);
    expect(fs.readFileSync(surveySecretPath(into))).toEqual(fs.readFileSync(surveySecretPath(dataDir)));
    // the restored cluster's timeline is claimed in the archive: the next restore picks another one
    expect(fs.existsSync(path.join(settings.dir, 'wal', '00000002.history'))).toBe(true);
    // the archive holds gzipped segments only: one closed early by a switch is mostly zeros and shrinks to a few KB
    const archived = fs.readdirSync(path.join(settings.dir, 'wal'));
    expect(archived.filter((name) => /^[0-9A-F]{24}$/.test(name))).toEqual([]);
    const packed = archived.filter((name) => /^[0-9A-F]{24}\.gz$/.test(name));
    expect(packed.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...packed.map((name) => fs.statSync(path.join(settings.dir, 'wal', name)).size))).toBeLessThan(first.manifest.wal!.segmentBytes / 8);
  }, 90_000);

  it('restores to "now" on a quiet database: with no commit after the moment, the archive\'s end is that moment', async () => {
    await writeRollWithFile();
    const expected = await semesterSnapshot(owner);
    // typed before the restore command closes the running server's WAL segment (npm run restore does that)
    const until = new Date();
    await flushArchive();
    const outcome = await restoreBackup({ backup: first, backupDir: settings.dir, into: path.join(tmp, 'restored-now'), until });
    expect(Date.parse(outcome.lastTransactionAt!)).toBeLessThanOrEqual(until.getTime());
    expect(await readRestored(path.join(tmp, 'restored-now'), (restored) => semesterSnapshot(restored))).toEqual(expected);
  }, 60_000);

  it('a backup taken while 20 writers insert rows with files restores consistently: both rows of every transaction or neither, every row with its file', async () => {
    let writing = true;
    let committed = 0;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const client = await owner.connect();
        try {
          await client.query('BEGIN');
          await insertFileRow(client, `pair-${n}-${i}-a`);
          await insertFileRow(client, `pair-${n}-${i}-b`);
          // every fourth transaction changes its mind after placing its files: neither row may appear
          if (i % 4 === 3) await client.query('ROLLBACK');
          else {
            await client.query('COMMIT');
            committed++;
          }
        } finally {
          client.release();
        }
        // a school's pace rather than a flood: the backup's file copy keeps up, the test stays short
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const writers = Array.from({ length: 20 }, (_, n) => writer(n));
    while (committed < 40) await new Promise((resolve) => setTimeout(resolve, 10));
    const backup = await backUp();
    const atFinish = new Date(backup.manifest.finishedAt);
    while (committed < 40 + 40) await new Promise((resolve) => setTimeout(resolve, 10));
    writing = false;
    await Promise.all(writers);
    await flushArchive();

    // to the moment the backup finished (writers busy on both sides of it) and to the archive's end
    for (const [name, until] of [['restored-busy', atFinish], ['restored-end', undefined]] as const) {
      const into = path.join(tmp, name);
      const outcome = await restoreBackup({ backup, backupDir: settings.dir, into, until });
      expect(outcome.files.missing).toEqual([]);
      const pairs = await readRestored(into, async (restored) =>
        (
          await restored.query<{ pair: string; n: string }>(
            `SELECT substring(name from '^(pair-\\d+-\\d+)-') AS pair, count(*) AS n FROM files WHERE tenant_id = $1 AND name LIKE 'pair-%' GROUP BY 1`,
            [tenantId],
          )
        ).rows,
      );
      expect(pairs.length, name).toBeGreaterThanOrEqual(40);
      expect(pairs.filter((pair) => pair.n !== '2'), name).toEqual([]);
      // no rolled-back transaction's rows (every fourth, i % 4 === 3)
      expect(pairs.filter((pair) => Number(pair.pair.split('-')[2]) % 4 === 3), name).toEqual([]);
      const files = await readRestored(into, async (restored) => (await restored.query<{ path: string; sha256: string }>('SELECT path, sha256 FROM files WHERE tenant_id = $1', [tenantId])).rows);
      for (const file of files.filter((row) => !row.path.startsWith('nowhere'))) expect(sha(fs.readFileSync(path.join(into, 'files', file.path))), file.path).toBe(file.sha256);
    }
  }, 120_000);

  it('verification finds a corrupted file, a missing WAL segment and a damaged one, naming them', async () => {
    const [, backup] = await listBackups(settings.dir); // the first backup (newest first)
    expect(backup.manifest.id).toBe(first.manifest.id);
    const victim = Object.keys(backup.manifest.files).find((file) => file.startsWith('pg/base/'))!;
    const bytes = fs.readFileSync(path.join(backup.dir, victim));
    bytes[bytes.length >> 1] ^= 0xff;
    fs.writeFileSync(path.join(backup.dir, victim), bytes);
    const segment = backup.manifest.wal!.stopSegment;
    const walFile = path.join(settings.dir, 'wal', `${segment}.gz`);
    fs.renameSync(walFile, `${walFile}.aside`);
    let verification;
    try {
      verification = await verifyBackup(backup, settings.dir);
    } finally {
      fs.renameSync(`${walFile}.aside`, walFile);
    }
    expect(verification.ok).toBe(false);
    expect(verification.problems).toEqual([
      { issue: 'changed', file: victim },
      { issue: 'wal-missing', file: segment },
    ]);
    // recorded for the status (系统配置)
    expect((await listBackups(settings.dir)).find((b) => b.manifest.id === backup.manifest.id)?.verification?.ok).toBe(false);
    // and a restore refuses the damaged file while it copies
    await expect(restoreBackup({ backup, backupDir: settings.dir, into: path.join(tmp, 'restored-bad') })).rejects.toThrow(`${victim} is corrupted`);

    // a segment cut short (a full disk while archiving, a bad copy) unpacks to less than a segment
    const packed = fs.readFileSync(walFile);
    fs.writeFileSync(walFile, packed.subarray(0, packed.length - 10));
    try {
      expect((await verifyBackup(backup, settings.dir)).problems).toContainEqual({ issue: 'wal-short', file: segment });
    } finally {
      fs.writeFileSync(walFile, packed);
    }
  }, 60_000);

  it('a restore refuses a live data directory, a directory holding a cluster, and a non-empty one, and changes nothing', async () => {
    const [backup] = await listBackups(settings.dir);
    const stopped = path.join(tmp, 'restored-until'); // holds the cluster the first proof restored (stopped)
    const full = path.join(tmp, 'full');
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, 'notes.txt'), 'keep me');
    for (const [into, words] of [
      [dataDir, /is in use: PostgreSQL \(pid \d+\) runs on/],
      [stopped, /holds a database cluster/],
      [full, /is not empty \(notes\.txt\)/],
    ] as const) {
      const listing = fs.readdirSync(into).sort();
      await expect(restoreBackup({ backup, backupDir: settings.dir, into }), into).rejects.toThrow(words);
      await expect(assertRestoreTarget(into)).rejects.toBeInstanceOf(RestoreRefusedError);
      expect(fs.readdirSync(into).sort()).toEqual(listing);
    }
    expect(fs.readFileSync(path.join(full, 'notes.txt'), 'utf8')).toBe('keep me');
    // the command says so too, and exits 1
    const cli = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/scripts/restore.ts', backup.manifest.id, '--into', dataDir], {
      env: { ...process.env, XIAOWU_DATA_DIR: dataDir, XIAOWU_BACKUP_DIR: settings.dir },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/\[restore\] failed: .* is in use: PostgreSQL/);
  }, 60_000);

  it('retention keeps the newest of each kind and drops the WAL no kept backup needs', async () => {
    const backups = await listBackups(settings.dir);
    expect(backups.length).toBe(2);
    const [newest, oldest] = backups;
    const walBefore = fs.readdirSync(path.join(settings.dir, 'wal')).length;
    const outcome = await applyRetention({ ...settings, keep: { daily: 7, weekly: 4, manual: 1 } });
    expect(outcome.removedBackups).toEqual([oldest.manifest.id]);
    expect(outcome.removedSegments).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(settings.dir, 'wal')).length).toBe(walBefore - outcome.removedSegments);
    expect((await verifyBackup((await listBackups(settings.dir))[0], settings.dir)).ok).toBe(true);
    expect((await listBackups(settings.dir)).map((b) => b.manifest.id)).toEqual([newest.manifest.id]);
  }, 60_000);
});

describe('the point-in-time window (XIAOWU_BACKUP_PITR_DAYS)', () => {
  it('keeps continuous WAL for the window and, older, only each kept backup\'s own range; a restore past such a gap is refused up front', async () => {
    const dir = path.join(tmp, 'window');
    const now = Date.parse('2026-11-28T04:00:00Z');
    const day = 86_400_000;
    const segmentBytes = 16 * 1024 * 1024;
    const segment = (position: number) => `0000000100000000${position.toString(16).toUpperCase().padStart(8, '0')}`;
    fs.mkdirSync(path.join(dir, 'wal'), { recursive: true });
    for (let position = 5; position <= 55; position++) fs.writeFileSync(path.join(dir, 'wal', `${segment(position)}.gz`), '');
    const made: Record<string, StoredBackup> = {};
    for (const [id, kind, daysAgo, from, to] of [
      ['w3', 'weekly', 21, 10, 11],
      ['w2', 'weekly', 14, 20, 21],
      ['d8', 'daily', 8, 30, 31],
      ['d5', 'daily', 5, 40, 41],
      ['m1', 'manual', 1, 50, 50],
    ] as const) {
      const startedAt = now - daysAgo * day;
      const manifest = {
        format: 1, id, kind, database: 'embedded', startedAt: new Date(startedAt).toISOString(), finishedAt: new Date(startedAt + 60_000).toISOString(),
        wal: { startLsn: '0/0', stopLsn: '0/0', startSegment: segment(from), stopSegment: segment(to), segmentBytes }, files: {}, directories: [], sizeBytes: 0,
      };
      fs.mkdirSync(path.join(dir, 'base', id), { recursive: true });
      fs.writeFileSync(path.join(dir, 'base', id, 'backup.json'), JSON.stringify(manifest));
      fs.writeFileSync(path.join(dir, 'base', id, 'verification.json'), JSON.stringify({ at: manifest.finishedAt, ok: true, problems: [] }));
      // archived as the backup finished
      fs.utimesSync(path.join(dir, 'wal', `${segment(to)}.gz`), new Date(startedAt + 60_000), new Date(startedAt + 60_000));
      made[id] = { manifest: manifest as StoredBackup['manifest'], verification: null, dir: path.join(dir, 'base', id) };
    }

    const outcome = await applyRetention({ dir, keep: { daily: 7, weekly: 4, manual: 5 }, pointInTimeDays: 7 }, now);
    expect(outcome.removedBackups).toEqual([]);
    const left = fs.readdirSync(path.join(dir, 'wal')).map((name) => Number.parseInt(name.slice(22, 24), 16)).sort((a, b) => a - b);
    // d8 started before the window opened: from its start on everything; before it, w3's and w2's own ranges
    expect(left).toEqual([10, 11, 20, 21, ...Array.from({ length: 26 }, (_, i) => 30 + i)]);
    expect(outcome.removedSegments).toBe(51 - left.length);

    // the newest verified backup that finished by the moment
    expect(backupForMoment(await listBackups(dir), new Date(now - 6 * day))?.manifest.id).toBe('d8');
    expect(backupForMoment(await listBackups(dir), new Date(now - 30 * day))).toBeNull();
    // w2 restores to its own moment; an hour later lies in the gap retention made
    await expect(restoreBackup({ backup: made.w2, backupDir: dir, into: path.join(tmp, 'restored-gap'), until: new Date(now - 14 * day + 3_600_000) })).rejects.toThrow(
      /The backup w2 reaches only to about .* the WAL after it \(from 000000010000000000000015\) is no longer kept/,
    );
    expect(fs.existsSync(path.join(tmp, 'restored-gap'))).toBe(false);
  });
});

describe('an external database (DATABASE_URL), and several servers at 02:30', () => {
  it('backs up the files and secrets only, once, whichever server gets there first; a restore brings them back', async () => {
    const filesOnly: BackupSettings = { ...settings, mode: 'files', dir: path.join(tmp, 'files-only-backups') };
    const [first, second] = [await backupClient(), await backupClient()];
    try {
      const nightly = (lockClient: pg.Client) =>
        runBackup({ settings: filesOnly, dataDir, kind: nightlyKind, cluster: null, lockClient, stillWanted: (backups) => nightlyDue(backups, settings.nightlyAt!) });
      const outcomes = await Promise.allSettled([nightly(first), nightly(second)]);
      const taken = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' && outcome.value ? [outcome.value] : []));
      expect(taken).toHaveLength(1);
      // the other server found the lock held, or (having waited for nothing) the backup already there
      for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(BackupBusyError);
      expect(await nightly(second)).toBeNull();
      const [run] = taken;
      expect(run.backup.manifest).toMatchObject({ kind: 'weekly', database: 'external', wal: null });
      expect(run.verification.ok).toBe(true);
      const kept = Object.keys(run.backup.manifest.files);
      expect(kept.filter((file) => !file.startsWith('files/') && !file.startsWith('secrets/'))).toEqual([]);
      expect(kept).toContain('secrets/survey-once-key');

      const into = path.join(tmp, 'restored-files-only');
      const outcome = await restoreBackup({ backup: run.backup, backupDir: filesOnly.dir, into });
      expect(fs.existsSync(clusterDirOf(into))).toBe(false);
      expect(outcome.files.restored).toBe(kept.filter((file) => file.startsWith('files/')).length);
      expect(fs.readFileSync(surveySecretPath(into))).toEqual(fs.readFileSync(surveySecretPath(dataDir)));
    } finally {
      await first.end();
      await second.end();
    }
  }, 60_000);
});

describe('the nightly schedule and --until', () => {
  const backup = (kind: 'daily' | 'weekly' | 'manual', startedAt: string) => ({ manifest: { kind, startedAt } }) as StoredBackup;

  it('is due once per night after HH:MM school time, whatever server takes it; weekly when none in the last six days', () => {
    const at = { hour: 2, minute: 30 };
    const now = Date.parse('2026-11-28T01:00:00+08:00');
    expect(nightlyDue([], at, now)).toBe(true);
    expect(nightlyDue([backup('daily', '2026-11-27T02:31:00+08:00')], at, now)).toBe(false);
    expect(nightlyDue([backup('manual', '2026-11-27T12:00:00+08:00')], at, Date.parse('2026-11-28T02:30:00+08:00'))).toBe(true);
    expect(nightlyDue([backup('daily', '2026-11-27T02:31:00+08:00')], at, Date.parse('2026-11-28T02:30:00+08:00'))).toBe(true);
    expect(nightlyKind([], now)).toBe('weekly');
    // school dates: the weekly of 11-22 is six days before 11-28 (a daily tonight), the one of 11-21 seven (a weekly)
    expect(nightlyKind([backup('weekly', '2026-11-21T18:31:00.000Z')], now)).toBe('daily');
    expect(nightlyKind([backup('weekly', '2026-11-20T18:31:00.000Z')], now)).toBe('weekly');
  });

  it('reads --until as school time unless it carries an offset', () => {
    expect(parseUntil('2026-11-20 10:42')?.toISOString()).toBe('2026-11-20T02:42:00.000Z');
    expect(parseUntil('2026-11-20T10:42:05.250Z')?.toISOString()).toBe('2026-11-20T10:42:05.250Z');
    expect(parseUntil('2026-11-20 10:42+0100')?.toISOString()).toBe('2026-11-20T09:42:00.000Z');
    expect(parseUntil('yesterday')).toBeNull();
  });
});

describe('GET /api/backups/status', () => {
  it("answers the platform school's administrators with each backup, its verification, the recovery point and staleness; other schools see nothing", async () => {
    const t = await buildTestApp({ platformTenant: 'demo', backup: settings });
    try {
      const demo = await call<{ backups: { id: string; kind: string; sizeBytes: number; verification: { ok: boolean } | null }[]; recoveryPoint: string | null; stale: boolean; mode: string }>(
        t.app,
        'GET',
        '/api/backups/status',
        { token: await login(t.app, 'demo', 'admin') },
      );
      expect(demo.body.code).toBe(1);
      const [newest] = await listBackups(settings.dir);
      expect(demo.body.data).toMatchObject({ visible: true, mode: 'embedded', stale: false, backups: [{ id: newest.manifest.id, kind: 'manual', verification: { ok: true } }] });
      expect(demo.body.data.backups[0].sizeBytes).toBeGreaterThan(1_000_000);
      expect(Date.parse(demo.body.data.recoveryPoint!)).toBeGreaterThan(Date.parse(newest.manifest.finishedAt) - 1000);
      const kg = await call(t.app, 'GET', '/api/backups/status', { token: await login(t.app, 'kg', 'admin') });
      expect(kg.body).toMatchObject({ code: 1, data: { visible: false } });
      expect(Object.keys(kg.body.data as object)).toEqual(['visible']);
    } finally {
      await t.close();
    }
  });
});
