import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { defaultConfig } from '../../config';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { LocalFileStorage } from '../files/storage';
import { orgUnits } from '../school/school.table';
import { login, openOwnDatabase, type OwnDatabase, ownerQuery, tenantIdOf, uniqueIp, uploadFile } from '../../test/helpers';
import { exportTenant, importTenant, type TenantArchiveManifest } from './tenant-archive.service';

/**
 * Issue 22, item 5: the demo school exported from one database and imported into an empty one reads
 * back identically; an existing school, a damaged archive, another schema version and rows of another
 * school are refused with nothing written. Two databases of the file's own (the source seeded, the
 * target empty), each with its own files folder.
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

let work: string;
let source: OwnDatabase;
let target: OwnDatabase;
/** an empty database the refused imports aim at */
let spare: OwnDatabase;
let sourceApp: FastifyInstance;
let sourceStore: LocalFileStorage;
let targetStore: LocalFileStorage;
let targetDataDir: string;
let archive: string;
let exported: TenantArchiveManifest;
const uploads: { resId: string; bytes: Buffer }[] = [];

const appOn = (db: OwnDatabase, dataDir: string) =>
  buildApp({ db: db.db, config: defaultConfig({ captchaEnabled: false, logLevel: 'silent', staticDir: '/nonexistent-static-dir', dataDir }), logger: false });

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-tenant-archive-test-'));
  const sourceDataDir = path.join(work, 'source-data');
  targetDataDir = path.join(work, 'target-data');
  [source, target, spare] = await Promise.all([
    openOwnDatabase('tarch_src'),
    openOwnDatabase('tarch_dst', { seedDemo: false }),
    openOwnDatabase('tarch_spare', { seedDemo: false }),
  ]);
  sourceStore = new LocalFileStorage(sourceDataDir);
  targetStore = new LocalFileStorage(targetDataDir);
  sourceApp = await appOn(source, sourceDataDir);
  const admin = await login(sourceApp, 'demo', 'admin');
  for (const [filename, bytes] of [
    ['校徽.png', PNG],
    ['通知.pdf', PDF],
  ] as const) {
    uploads.push({ resId: await uploadFile(sourceApp, admin, { filename, content: bytes }), bytes });
  }
  await parentMadeAfterChild(await tenantIdOf(source.db, 'demo'));
  archive = path.join(work, 'demo.tar.gz');
  ({ manifest: exported } = await exportTenant(source.db, sourceStore, { code: 'demo', out: archive }));
}, 60_000);

afterAll(async () => {
  await sourceApp?.close();
  await Promise.all([source?.drop(), target?.drop(), spare?.drop()]);
  fs.rmSync(work, { recursive: true, force: true });
});

/**
 * A department created now (the newest id) becomes the parent of the oldest department: rows in
 * primary-key order would then insert the child before its parent, so the import proves the archive
 * orders trees by depth.
 */
async function parentMadeAfterChild(tenantId: string) {
  await source.db.withTenant(tenantId, async (tx) => {
    const [root] = await tx.select().from(orgUnits).where(isNull(orgUnits.parentId));
    const [oldest] = await tx
      .select({ id: orgUnits.id })
      .from(orgUnits)
      .where(and(eq(orgUnits.kind, 'department'), isNotNull(orgUnits.parentId)))
      .orderBy(asc(orgUnits.id))
      .limit(1);
    const id = uuidv7();
    await tx.insert(orgUnits).values({ ...root!, id, parentId: root!.id, kind: 'department', code: 'ARCHIVE-LATE', name: '后建部门', nameEn: 'Late department' });
    await tx.update(orgUnits).set({ parentId: id }).where(eq(orgUnits.id, oldest!.id));
  });
}

/** Every tenant table's row count in a database, and its tenants and files on disk: what a refused import must leave alone. */
async function stateOf(db: OwnDatabase, dataDir: string) {
  const tables = await ownerQuery<{ table_name: string }>(
    db.db,
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = await ownerQuery<{ n: string }>(db.db, `SELECT count(*)::text AS n FROM "${table_name}"`);
    counts[table_name] = Number(n);
  }
  const tenants = await ownerQuery(db.db, 'SELECT id, code FROM tenants ORDER BY code');
  const filesDir = path.join(dataDir, 'files');
  const files = fs.existsSync(filesDir) ? (fs.readdirSync(filesDir, { recursive: true }) as string[]).filter((f) => !f.startsWith('.tmp')).sort() : [];
  return { counts, tenants, files };
}

/** Unpacks the archive, lets `change` edit the folder, packs it again under a new name. */
async function tampered(name: string, change: (dir: string) => void): Promise<string> {
  const dir = path.join(work, `${name}-dir`);
  fs.mkdirSync(dir);
  await tar.x({ file: archive, cwd: dir });
  change(dir);
  const file = path.join(work, `${name}.tar.gz`);
  await tar.c({ gzip: true, file, cwd: dir, portable: true }, fs.readdirSync(dir).sort((a, b) => (a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : a.localeCompare(b))));
  return file;
}

const editManifest = (dir: string, edit: (manifest: TenantArchiveManifest) => void) => {
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as TenantArchiveManifest;
  edit(manifest);
  fs.writeFileSync(file, JSON.stringify(manifest));
};

describe('a school moves between databases', () => {
  it('the archive lists every tenant table in foreign-key order with counts and digests, and the uploaded files', () => {
    const names = exported.tables.map((table) => table.name);
    expect(names[0]).toBe('tenants');
    for (const [parent, child] of [
      ['users', 'files'],
      ['org_units', 'users'],
      ['campuses', 'org_units'],
      ['exam_batches', 'score_sheets'],
      ['score_sheets', 'scores'],
    ]) {
      expect(names.indexOf(parent), `${parent} before ${child}`).toBeLessThan(names.indexOf(child));
    }
    expect(exported.tables.find((table) => table.name === 'users')!.rows).toBeGreaterThan(100);
    expect(exported.files).toHaveLength(uploads.length);
    expect(exported.missingFiles).toEqual([]);
    expect(exported.schemaVersion.migration).toBe(lastJournalTag());
  });

  it('imported into an empty database, it reads back identically: rows, digests and file bytes; its people log in and download their files', async () => {
    const report = await importTenant(target.db, targetStore, { file: archive, batchRows: 20 });
    expect(report.rows).toBe(exported.tables.reduce((sum, table) => sum + table.rows, 0));

    const again = await exportTenant(target.db, targetStore, { code: 'demo', out: path.join(work, 'demo-again.tar.gz') });
    expect(again.manifest.tenant).toEqual(exported.tenant);
    expect(again.manifest.tables).toEqual(exported.tables);
    expect(again.manifest.files).toEqual(exported.files);
    expect(await tenantIdOf(target.db, 'demo')).toBe(await tenantIdOf(source.db, 'demo'));

    const targetApp = await appOn(target, targetDataDir);
    try {
      const admin = await login(targetApp, 'demo', 'admin');
      for (const { resId, bytes } of uploads) {
        const response = await targetApp.inject({ method: 'GET', url: `/file/download/${resId}`, headers: { 'x-access-token': admin }, remoteAddress: uniqueIp() });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(bytes)).toBe(true);
      }
    } finally {
      await targetApp.close();
    }
  });

  it('importing it again is refused and changes nothing; so is importing into the database it came from', async () => {
    const before = await stateOf(target, targetDataDir);
    await expect(importTenant(target.db, targetStore, { file: archive })).rejects.toThrow(/already holds this school.*code demo.*Nothing was imported/);
    expect(await stateOf(target, targetDataDir)).toEqual(before);
    await expect(importTenant(source.db, sourceStore, { file: archive })).rejects.toThrow(/already holds this school/);

    // another school under the same code (another id): still refused, naming the one already there
    const targetDemoId = await tenantIdOf(target.db, 'demo');
    const sameCode = await tampered('same-code', (dir) => {
      const entry = exported.tables[0]!;
      const file = path.join(dir, entry.file);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(exported.tenant.id, '01900000-0000-7000-8000-000000000001'));
      editManifest(dir, (manifest) => {
        manifest.tenant.id = '01900000-0000-7000-8000-000000000001';
        manifest.files = []; // its files lie in the other id's folder
        manifest.tables[0]!.sha256 = sha256(fs.readFileSync(file));
      });
    });
    await expect(importTenant(target.db, targetStore, { file: sameCode })).rejects.toThrow(`code demo, id ${targetDemoId}`);
    expect(await stateOf(target, targetDataDir)).toEqual(before);
  });

  it('a damaged archive is refused before anything is written: a changed row, a missing file, not an archive at all', async () => {
    const dataDir = path.join(work, 'spare-data');
    const store = new LocalFileStorage(dataDir);
    const before = await stateOf(spare, dataDir);
    const changedRow = await tampered('changed-row', (dir) => {
      const users = path.join(dir, exported.tables.find((table) => table.name === 'users')!.file);
      fs.writeFileSync(users, fs.readFileSync(users, 'utf8').replace('"name":"', '"name":"X'));
    });
    await expect(importTenant(spare.db, store, { file: changedRow })).rejects.toThrow(/archive is damaged: the digest or row count of users does not match/);

    const missingFile = await tampered('missing-file', (dir) => fs.rmSync(path.join(dir, 'files', exported.files[1]!.key)));
    await expect(importTenant(spare.db, store, { file: missingFile })).rejects.toThrow(`the file ${exported.files[1]!.key} is missing`);

    const garbage = path.join(work, 'garbage.tar.gz');
    fs.writeFileSync(garbage, fs.readFileSync(archive).subarray(0, 2000));
    await expect(importTenant(spare.db, store, { file: garbage })).rejects.toThrow(/Cannot read the archive/);
    expect(await stateOf(spare, dataDir)).toEqual(before);
  });

  it('an archive of another schema version is refused, naming both versions', async () => {
    const entries = journalTags();
    const older = await tampered('older-schema', (dir) =>
      editManifest(dir, (manifest) => {
        manifest.schemaVersion = { migration: entries.at(-2)!.tag, when: entries.at(-2)!.when };
      }),
    );
    await expect(importTenant(source.db, sourceStore, { file: older })).rejects.toThrow(
      `The archive was written at schema version ${entries.at(-2)!.tag}; this deployment is at ${entries.at(-1)!.tag}`,
    );
  });

  it("rows of another school are refused by row-level security, as the server's own writes are, and so is a file row naming another school's bytes", async () => {
    const kgId = await tenantIdOf(source.db, 'kg');
    const dataDir = path.join(work, 'spare-data');
    const before = await stateOf(spare, dataDir);
    const foreign = await tampered('foreign-row', (dir) => {
      const entry = exported.tables.find((table) => table.name === 'campuses')!;
      const file = path.join(dir, entry.file);
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines[0] = lines[0]!.replace(exported.tenant.id, kgId);
      fs.writeFileSync(file, lines.join('\n'));
      editManifest(dir, (manifest) => {
        manifest.tables.find((table) => table.name === 'campuses')!.sha256 = sha256(fs.readFileSync(file));
      });
    });
    await expect(importTenant(spare.db, new LocalFileStorage(dataDir), { file: foreign })).rejects.toThrow('campuses holds rows of another school than demo. Nothing was imported');

    // a file row of its own that names another school's bytes
    const foreignPath = await tampered('foreign-path', (dir) => {
      const entry = exported.tables.find((table) => table.name === 'files')!;
      const file = path.join(dir, entry.file);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(`"path":"${exported.tenant.id}/`, `"path":"${kgId}/`));
      editManifest(dir, (manifest) => {
        manifest.tables.find((table) => table.name === 'files')!.sha256 = sha256(fs.readFileSync(file));
      });
    });
    await expect(importTenant(spare.db, new LocalFileStorage(dataDir), { file: foreignPath })).rejects.toThrow(
      new RegExp(`A file record names ${kgId}/.*, outside the school's folder`),
    );
    expect(await stateOf(spare, dataDir)).toEqual(before);
  });
});

function journalTags(): { tag: string; when: number }[] {
  return (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}
const lastJournalTag = () => journalTags().at(-1)!.tag;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
