import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupItem, BackupStatusAnswer } from '../../../contracts/backups';
import { defaultConfig } from '../../config';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../../db/embedded';
import { buildTestApp, call, login, type TestApp } from '../../test/helpers';
import type { BackupSettings } from './backup-settings';
import { BACKUP_LOCK_KEY } from './backup-take';
import { clusterDirOf } from './cluster-access';
import { walDirOf } from './backup-store';

/**
 * 立即备份 and 校验 (POST /api/backups/take, /verify) through the routes. The app runs on the shared
 * test database; its data directory holds a cluster of its own archiving its WAL (as main.ts starts
 * the embedded one), which the manual backup goes through, as the nightly one would.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-backup-actions-'));
// PostgreSQL runs as user `postgres` when we are root: it must be able to reach the directory.
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, 'data');
// the defaults (retention, archive timeout), embedded, no nightly run
const settings: BackupSettings = { ...defaultConfig().backup, mode: 'embedded', dir: path.join(dataDir, 'backups'), nightlyAt: null };

let cluster: EmbeddedCluster;
let t: TestApp;
let admin: string;

const take = (token: string, lang = 'zh') => call<BackupItem>(t.app, 'POST', '/api/backups/take', { token, headers: { 'x-lang': lang } });
const verify = (token: string, id: unknown, lang = 'zh') => call<BackupItem>(t.app, 'POST', '/api/backups/verify', { token, json: { id }, headers: { 'x-lang': lang } });

beforeAll(async () => {
  cluster = await startEmbeddedPostgres({ clusterDir: clusterDirOf(dataDir), walArchive: { dir: settings.dir, timeoutSeconds: settings.archiveTimeoutSeconds } });
  // a placed file and the secrets: a backup holds them beside the cluster
  fs.mkdirSync(path.join(dataDir, 'files', 'demo'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', 'demo', 'photo.bin'), 'a photo');
  t = await buildTestApp({ platformTenant: 'demo', dataDir, backup: settings });
  admin = await login(t.app, 'demo', 'admin');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await cluster?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('立即备份 and 校验', () => {
  it('refuses callers without the edit permission (40300), other schools (40400), a bad or unknown id, and backups off (40900), in zh and en; nothing is written', async () => {
    const teacher = await login(t.app, 'demo', 'teacher');
    expect((await take(teacher)).body.code).toBe(40300);
    expect((await verify(teacher, '20261128-023000-daily')).body.code).toBe(40300);

    const kg = await login(t.app, 'kg', 'admin');
    expect((await take(kg)).body).toMatchObject({ code: 40400, msg: expect.stringContaining('备份属于整个平台') });
    expect((await verify(kg, '20261128-023000-daily', 'en')).body).toMatchObject({ code: 40400, msg: expect.stringContaining('backups belong to the whole platform') });

    expect((await verify(admin, '../../etc')).body.code).toBe(40000);
    expect((await verify(admin, '')).body.code).toBe(40000);
    expect((await verify(admin, '20010101-000000-manual')).body).toMatchObject({ code: 40400, msg: '备份“20010101-000000-manual”不存在，可能已按保留规则删除' });

    const off = await buildTestApp({ platformTenant: 'demo', dataDir, backup: { ...settings, mode: 'off' } });
    try {
      const token = await login(off.app, 'demo', 'admin');
      const refused = await call(off.app, 'POST', '/api/backups/take', { token, headers: { 'x-lang': 'en' } });
      expect(refused.body).toMatchObject({ code: 40900, msg: expect.stringContaining('Backups are off on this server') });
    } finally {
      await off.close();
    }
    expect(fs.existsSync(path.join(settings.dir, 'base'))).toBe(false);
  });

  it('answers 40900 while another backup holds the lock', async () => {
    const holder = new pg.Client({ connectionString: cluster.connectionString });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK_KEY]);
      expect((await take(admin)).body).toMatchObject({ code: 40900, msg: expect.stringContaining('另一个备份正在进行') });
      expect((await take(admin, 'en')).body).toMatchObject({ code: 40900, msg: expect.stringContaining('Another backup is running') });
    } finally {
      await holder.end();
    }
  });

  it('takes a verified manual backup through the running cluster; 校验 records a corrupted file, the status shows both', async () => {
    const taken = await take(admin);
    expect(taken.body.code).toBe(1);
    const backup = taken.body.data;
    expect(backup).toMatchObject({ kind: 'manual', database: 'embedded', verification: { ok: true, problems: [] } });
    expect(backup.wal?.startSegment).toMatch(/^[0-9A-F]{24}$/);
    expect(backup.sizeBytes).toBeGreaterThan(1_000_000);
    const folder = path.join(settings.dir, 'base', backup.id);
    expect(fs.readFileSync(path.join(folder, 'files', 'demo', 'photo.bin'), 'utf8')).toBe('a photo');
    expect(fs.readFileSync(path.join(folder, 'pg', 'backup_label'), 'utf8')).toContain(`xiaowu ${backup.id}`);

    fs.appendFileSync(path.join(folder, 'files', 'demo', 'photo.bin'), ' changed');
    const verified = await verify(admin, backup.id);
    expect(verified.body.code).toBe(1);
    expect(verified.body.data.verification).toMatchObject({ ok: false, problems: [{ issue: 'changed', file: 'files/demo/photo.bin' }] });
    expect(Date.parse(verified.body.data.verification!.at)).toBeGreaterThan(Date.parse(backup.verification!.at));

    const status = await call<BackupStatusAnswer>(t.app, 'GET', '/api/backups/status', { token: admin });
    expect(status.body.data).toMatchObject({ visible: true, mode: 'embedded', stale: true, newestGoodBackupAt: null, backups: [{ id: backup.id, verification: { ok: false } }] });
  }, 60_000);

  it('refuses at once (40900) while WAL archiving fails, rather than wait for an archive that does not come', async () => {
    const walDir = walDirOf(settings.dir);
    const mode = fs.statSync(walDir).mode & 0o777;
    const before = fs.readdirSync(path.join(settings.dir, 'base')).length;
    const client = new pg.Client({ connectionString: cluster.connectionString });
    await client.connect();
    try {
      // PostgreSQL (user postgres) can no longer write the archive
      fs.chmodSync(walDir, 0o000);
      await client.query('CREATE TABLE IF NOT EXISTS archive_probe (n int)');
      await client.query('SELECT pg_switch_wal()');
      await expect
        .poll(async () => Number((await client.query<{ failed: string }>('SELECT failed_count AS failed FROM pg_stat_archiver')).rows[0].failed), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect((await take(admin)).body).toMatchObject({ code: 40900, msg: expect.stringContaining('数据库日志归档正在失败') });
      expect((await take(admin, 'en')).body).toMatchObject({ code: 40900, msg: expect.stringContaining('Archiving the database log is failing') });
      expect(fs.readdirSync(path.join(settings.dir, 'base'))).toHaveLength(before);
    } finally {
      fs.chmodSync(walDir, mode);
      await client.end();
    }
  }, 30_000);
});
