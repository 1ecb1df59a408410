import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import type { FileStorage } from '../files/storage';
import {
  type Connection,
  countRows,
  enterTenantAsApp,
  findClashingTenants,
  insertRows,
  onClient,
  readFileKeys,
  readLastMigration,
  readTenantRow,
  readTenantsColumns,
  readTenantTables,
  streamRows,
  type TenantTable,
  useCanonicalText,
} from './tenant-archive.repository';

/**
 * One school's rows and files as a portable archive (issue 22): a gzipped tar holding
 * `manifest.json`, one JSON Lines file per table (`tables/NNN-<table>.jsonl`, the global `tenants`
 * row first, then every table with a tenant_id in foreign-key order) and the files its rows name
 * (`files/<storage key>`). Ids keep their values, so an import recreates the school as it was.
 */

export const ARCHIVE_FORMAT = 'xiaowu-tenant-archive';
export const ARCHIVE_FORMAT_VERSION = 1;

/** A refusal with its reason in both languages; nothing was written. */
export class TenantArchiveRefusal extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
    this.name = 'TenantArchiveRefusal';
  }
}

const digestSchema = z.string().regex(/^[0-9a-f]{64}$/);
const archivePath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'a relative path inside the archive');

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  /** the source's last applied migration (drizzle journal tag) and its journal `when` */
  schemaVersion: z.object({ migration: z.string(), when: z.number().int() }),
  tenant: z.object({ id: z.uuid(), code: z.string().min(1), name: z.string() }),
  createdAt: z.string(),
  /** in insertion order: `tenants` first, then parents before children */
  tables: z.array(z.object({ name: z.string().min(1), file: archivePath, rows: z.number().int().min(0), sha256: digestSchema })),
  files: z.array(z.object({ key: archivePath, size: z.number().int().min(0), sha256: digestSchema })),
  /** keys the rows name whose bytes were not in the source's store when it was exported */
  missingFiles: z.array(z.string()),
});
export type TenantArchiveManifest = z.infer<typeof manifestSchema>;

export interface ExportReport {
  file: string;
  bytes: number;
  manifest: TenantArchiveManifest;
  ms: number;
}

export interface ImportReport {
  tenant: TenantArchiveManifest['tenant'];
  rows: number;
  files: number;
  ms: number;
}

// --- schema version -----------------------------------------------------------------------------

type JournalEntry = { idx: number; when: number; tag: string };
let journal: JournalEntry[] | undefined;
const readJournal = (): JournalEntry[] =>
  (journal ??= (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries);

/** The database's schema version: its last applied migration, named by the journal's tag. */
async function schemaVersionOf(conn: Connection): Promise<{ migration: string; when: number }> {
  const when = await readLastMigration(conn);
  if (when === null) return { migration: 'none', when: 0 };
  return { migration: readJournal().find((entry) => entry.when === when)?.tag ?? `unknown (${when})`, when };
}

// --- dependency order ---------------------------------------------------------------------------

/** Parents before children (Kahn's algorithm, ties by name so two exports list tables alike). */
export function orderByReferences(tables: TenantTable[]): TenantTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const waiting = new Map(tables.map((table) => [table.name, new Set(table.references.filter((name) => byName.has(name)))]));
  const ordered: TenantTable[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting].filter(([, parents]) => parents.size === 0).map(([name]) => name).sort();
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among: ${[...waiting.keys()].join(', ')}`);
    for (const name of ready) {
      waiting.delete(name);
      ordered.push(byName.get(name)!);
      for (const parents of waiting.values()) parents.delete(name);
    }
  }
  return ordered;
}

// --- small helpers ------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(3, '0');

/** JSON text never holds a raw line break inside a string; outside one it is whitespace (a json column's own layout). */
const asOneLine = (line: string) => line.replace(/[\r\n]/g, ' ');

async function hashFile(file: string): Promise<{ sha256: string; size: number; lines: number }> {
  const hash = createHash('sha256');
  let size = 0;
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) lines++;
  }
  return { sha256: hash.digest('hex'), size, lines };
}

async function hashStream(source: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk);
  return hash.digest('hex');
}

/** A path under `root` for an archive-relative path, refusing anything that leaves it. */
function inside(root: string, relative: string): string {
  const full = path.resolve(root, relative);
  if (!full.startsWith(root + path.sep)) throw new Error(`path outside the archive: ${relative}`);
  return full;
}

/** A storage key of the school's own folder (`<tenant id>/…`, no `..`): what its file rows may name. */
export const isTenantKey = (tenantId: string, key: string) => key.startsWith(`${tenantId}/`) && !key.split('/').includes('..');

const pgCode = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
};
const pgMessage = (error: unknown): string => {
  const e = error as { message?: string; cause?: { message?: string } };
  return e?.cause?.message ?? e?.message ?? String(error);
};

/** One transaction on one connection; `snapshot`: read-only, every read at one moment (repeatable read). */
async function inTransaction<T>(db: Database, mode: 'snapshot' | 'write', work: (conn: Connection) => Promise<T>): Promise<T> {
  const client = await db.pool.connect();
  try {
    if (mode === 'snapshot') await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    else await client.query('BEGIN');
    try {
      const result = await work(onClient(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

// --- export -------------------------------------------------------------------------------------

/**
 * Writes the school `code` of `db` (an owner's connection) and its files to `out`. The rows come
 * from one read-only repeatable-read transaction (one moment of the school) as the app role bound
 * to the school, so row-level security holds the export to it.
 */
export async function exportTenant(db: Database, storage: FileStorage, options: { code: string; out: string }): Promise<ExportReport> {
  const started = Date.now();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'xiaowu-tenant-export-'));
  try {
    const manifest = await inTransaction(db, 'snapshot', async (conn) => {
      await useCanonicalText(conn);
      const schemaVersion = await schemaVersionOf(conn);
      const tenantRow = await readTenantRow(conn, options.code);
      if (!tenantRow) throw new TenantArchiveRefusal(`没有编号为「${options.code}」的学校`, `There is no school with the code "${options.code}"`);
      const tenant = JSON.parse(tenantRow.line) as { id: string; code: string; name: string };
      const tables = orderByReferences(await readTenantTables(conn));
      await enterTenantAsApp(conn, tenant.id);

      await fs.mkdir(path.join(work, 'tables'));
      const written: TenantArchiveManifest['tables'] = [];
      const writeTable = async (name: string, index: number, batches: AsyncIterable<string[]>) => {
        const file = `tables/${pad(index)}-${name}.jsonl`;
        const hash = createHash('sha256');
        let rows = 0;
        async function* text() {
          for await (const lines of batches) {
            const chunk = lines.map((line) => `${asOneLine(line)}\n`).join('');
            hash.update(chunk);
            rows += lines.length;
            yield chunk;
          }
        }
        await pipeline(text, createWriteStream(path.join(work, file)));
        written.push({ name, file, rows, sha256: hash.digest('hex') });
        return rows;
      };
      await writeTable('tenants', 0, (async function* () {
        yield [tenantRow.line];
      })());
      for (const [i, table] of tables.entries()) {
        const rows = await writeTable(table.name, i + 1, streamRows(conn, table, tenant.id));
        const expected = await countRows(conn, table.name, tenant.id);
        // a tree row not reachable from a root (a cycle of parents) would be left out silently
        if (rows !== expected) throw new Error(`${table.name}: ${expected} rows, ${rows} reachable in parent order`);
      }

      const fileEntries: TenantArchiveManifest['files'] = [];
      const missingFiles: string[] = [];
      for (const key of await readFileKeys(conn, tenant.id)) {
        const source = await storage.get(key);
        if (!source) {
          missingFiles.push(key);
          continue;
        }
        const target = inside(path.join(work, 'files'), key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        const hash = createHash('sha256');
        let size = 0;
        async function* counted(input: AsyncIterable<Buffer>) {
          for await (const chunk of input) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        }
        await pipeline(source, counted, createWriteStream(target));
        fileEntries.push({ key, size, sha256: hash.digest('hex') });
      }
      return {
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        schemaVersion,
        tenant: { id: tenant.id, code: tenant.code, name: tenant.name },
        createdAt: new Date().toISOString(),
        tables: written,
        files: fileEntries,
        missingFiles,
      } satisfies TenantArchiveManifest;
    });
    await fs.writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.mkdir(path.dirname(path.resolve(options.out)), { recursive: true });
    const entries = ['manifest.json', 'tables', ...(manifest.files.length ? ['files'] : [])];
    await tar.c({ gzip: true, file: options.out, cwd: work, portable: true }, entries);
    return { file: options.out, bytes: (await fs.stat(options.out)).size, manifest, ms: Date.now() - started };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

// --- import -------------------------------------------------------------------------------------

/** Unpacks and checks an archive: the manifest, every table's digest and row count, every file's bytes. */
async function openArchive(file: string, work: string): Promise<TenantArchiveManifest> {
  try {
    // plain files and folders only: a link could point the import at bytes outside the archive
    await tar.x({ file, cwd: work, strict: true, filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory') });
  } catch (error) {
    const detail = (error as Error).message;
    throw new TenantArchiveRefusal(`无法读取归档 ${file}：${detail}；未导入任何数据`, `Cannot read the archive ${file}: ${detail}. Nothing was imported`);
  }
  const refuseManifest = (detail: string) =>
    new TenantArchiveRefusal(`归档的清单缺失或无效（${detail}）；未导入任何数据`, `The archive's manifest is missing or invalid (${detail}). Nothing was imported`);
  let text: unknown;
  try {
    text = JSON.parse(await fs.readFile(path.join(work, 'manifest.json'), 'utf8'));
  } catch (error) {
    throw refuseManifest((error as Error).message);
  }
  const parsed = manifestSchema.safeParse(text);
  if (!parsed.success) throw refuseManifest(z.prettifyError(parsed.error));
  const manifest = parsed.data;
  if (manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new TenantArchiveRefusal(
      `归档格式版本 ${manifest.formatVersion} 不受支持（本程序读取版本 ${ARCHIVE_FORMAT_VERSION}）；未导入任何数据`,
      `Archive format version ${manifest.formatVersion} is not supported (this program reads version ${ARCHIVE_FORMAT_VERSION}). Nothing was imported`,
    );
  }

  const problems: { zh: string; en: string }[] = [];
  for (const table of manifest.tables) {
    const found = await hashFile(inside(work, table.file)).catch(() => null);
    if (!found) problems.push({ zh: `缺少表 ${table.name} 的数据文件`, en: `the rows of ${table.name} are missing` });
    else if (found.sha256 !== table.sha256 || found.lines !== table.rows)
      problems.push({ zh: `表 ${table.name} 的摘要或行数不符`, en: `the digest or row count of ${table.name} does not match` });
  }
  for (const entry of manifest.files) {
    const found = await hashFile(inside(path.join(work, 'files'), entry.key)).catch(() => null);
    if (!found) problems.push({ zh: `缺少文件 ${entry.key}`, en: `the file ${entry.key} is missing` });
    else if (found.sha256 !== entry.sha256 || found.size !== entry.size) problems.push({ zh: `文件 ${entry.key} 的校验和不符`, en: `the checksum of ${entry.key} does not match` });
  }
  if (manifest.tables[0]?.name !== 'tenants' || manifest.tables[0].rows !== 1) {
    problems.push({ zh: '缺少学校本身的记录（tenants）', en: "the school's own record (tenants) is missing" });
  }
  const outside = manifest.files.filter((entry) => !isTenantKey(manifest.tenant.id, entry.key));
  if (outside.length) problems.push({ zh: `文件不在本校的目录中：${outside[0]!.key}`, en: `a file lies outside the school's folder: ${outside[0]!.key}` });
  if (problems.length) {
    throw new TenantArchiveRefusal(
      `归档已损坏：${problems.map((p) => p.zh).join('；')}；未导入任何数据`,
      `The archive is damaged: ${problems.map((p) => p.en).join('; ')}. Nothing was imported`,
    );
  }
  return manifest;
}

async function* lineBatches(file: string, size = 1000): AsyncGenerator<string[]> {
  const lines = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    batch.push(line);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Creates the school of archive `file` in `db` (an owner's connection: the global tenants row is the
 * owner's to write) and its files in `storage`, all or nothing. Everything is checked before the first
 * write: the archive's digests and files, the schema version (must equal the database's), and that no
 * school of the database has the same id, code or host name. The school's rows are then written in one
 * transaction as the app role bound to the school, as the server's own writes are, so row-level
 * security refuses a row of any other school.
 */
export async function importTenant(
  db: Database,
  storage: FileStorage,
  options: {
    file: string;
    /** runs once the archive has passed its checks, before the database is read (the CLI sets up a new deployment's schema here) */
    prepareDatabase?: () => Promise<void>;
    /**
     * Rows per INSERT (default 1,000). Foreign keys are checked per statement, so only a tree spread
     * over several statements needs its parents first: tests lower this to prove the order.
     */
    batchRows?: number;
  },
): Promise<ImportReport> {
  const started = Date.now();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'xiaowu-tenant-import-'));
  const placed: string[] = [];
  try {
    const manifest = await openArchive(options.file, work);
    await options.prepareDatabase?.();
    const { tenant } = manifest;
    const tenantLine = (await fs.readFile(inside(work, manifest.tables[0]!.file), 'utf8')).trim();
    const tenantRow = JSON.parse(tenantLine) as { id: string; code: string; hosts?: string[] };
    if (tenantRow.id !== tenant.id || tenantRow.code !== tenant.code) {
      throw new TenantArchiveRefusal('归档中学校的记录与清单不一致；未导入任何数据', "The archive's school record does not match its manifest. Nothing was imported");
    }

    const rows = await inTransaction(db, 'write', async (conn) => {
      const target = await schemaVersionOf(conn);
      if (target.when !== manifest.schemaVersion.when) {
        throw new TenantArchiveRefusal(
          `归档的数据库版本为 ${manifest.schemaVersion.migration}，本部署为 ${target.migration}；请先让两边运行同一版本的程序；未导入任何数据`,
          `The archive was written at schema version ${manifest.schemaVersion.migration}; this deployment is at ${target.migration}. Run the same version of Xiaowu on both sides first. Nothing was imported`,
        );
      }
      const tables = new Map((await readTenantTables(conn)).map((table) => [table.name, table]));
      const archived = manifest.tables.slice(1).map((table) => table.name);
      if (archived.length !== tables.size || archived.some((name) => !tables.has(name))) {
        throw new TenantArchiveRefusal('归档中的表与本部署的表不一致；未导入任何数据', "The archive's tables differ from this deployment's. Nothing was imported");
      }
      const refuseClash = (clash: { id: string; code: string }) =>
        new TenantArchiveRefusal(
          `本部署已有这所学校或与之冲突的学校（编号 ${clash.code}，ID ${clash.id}）；未导入任何数据`,
          `This deployment already holds this school or one that clashes with it (code ${clash.code}, id ${clash.id}). Nothing was imported`,
        );
      const clashes = await findClashingTenants(conn, { id: tenant.id, code: tenant.code, hosts: tenantRow.hosts ?? [] });
      if (clashes[0]) throw refuseClash(clashes[0]);

      try {
        await insertRows(conn, { name: 'tenants', insertColumns: await readTenantsColumns(conn) }, [tenantLine]);
      } catch (error) {
        // another import of the same school won the race
        if (pgCode(error) === '23505') throw refuseClash({ id: tenant.id, code: tenant.code });
        throw error;
      }
      await enterTenantAsApp(conn, tenant.id);
      let count = 0;
      for (const entry of manifest.tables.slice(1)) {
        try {
          for await (const batch of lineBatches(inside(work, entry.file), options.batchRows)) {
            await insertRows(conn, tables.get(entry.name)!, batch);
            count += batch.length;
          }
        } catch (error) {
          if (pgCode(error) === '42501') {
            throw new TenantArchiveRefusal(
              `表 ${entry.name} 中有不属于学校 ${tenant.code} 的行；未导入任何数据`,
              `${entry.name} holds rows of another school than ${tenant.code}. Nothing was imported`,
            );
          }
          const detail = pgMessage(error);
          throw new TenantArchiveRefusal(`表 ${entry.name} 的行无法写入（${detail}）；未导入任何数据`, `The rows of ${entry.name} could not be written (${detail}). Nothing was imported`);
        }
      }

      // rows pass row-level security, but a file row's path could still name another school's bytes
      const foreignKey = (await readFileKeys(conn, tenant.id)).find((key) => !isTenantKey(tenant.id, key));
      if (foreignKey) {
        throw new TenantArchiveRefusal(
          `文件记录指向本校目录以外的 ${foreignKey}；未导入任何数据`,
          `A file record names ${foreignKey}, outside the school's folder. Nothing was imported`,
        );
      }

      // the bytes go in before the commit; a refusal after this point removes them again
      for (const entry of manifest.files) {
        const existing = await storage.get(entry.key);
        if (existing) {
          if ((await hashStream(existing)) === entry.sha256) continue;
          throw new TenantArchiveRefusal(
            `文件目录中已有内容不同的 ${entry.key}；未导入任何数据`,
            `The files folder already holds a different ${entry.key}. Nothing was imported`,
          );
        }
        const staged = await storage.stage(createReadStream(inside(path.join(work, 'files'), entry.key)), Number.MAX_SAFE_INTEGER);
        await storage.put(staged.tempPath, entry.key);
        placed.push(entry.key);
      }
      return count;
    });
    return { tenant, rows: rows + 1, files: manifest.files.length, ms: Date.now() - started };
  } catch (error) {
    await Promise.all(placed.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
