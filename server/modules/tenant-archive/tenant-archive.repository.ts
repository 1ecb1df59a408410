import { eq, type SQL, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { APP_ROLE } from '../../db/client';
import { files } from '../files/files.table';

/**
 * SQL of the tenant archive: the catalog (which tables are a school's, in which order), a school's
 * rows as JSON text, and writing them back. One connection, inside a transaction the service opens.
 */
export type Connection = NodePgDatabase<Record<string, never>>;

export const onClient = (client: pg.PoolClient): Connection => drizzle(client);

/** A table holding one school's rows (a `tenant_id` column), as the catalog describes it. */
export interface TenantTable {
  name: string;
  primaryKey: string[];
  /** columns an INSERT may name (generated columns left out) */
  insertColumns: string[];
  /** tables it references (other than itself and the global `tenants`) */
  references: string[];
  /** a foreign key to itself (a tree such as org_units.parent_id): its columns and the referenced ones */
  selfReference?: { columns: string[]; referenced: string[] };
}

type CatalogRow = { name: string; primary_key: string[] | null; insert_columns: string[] };
type ForeignKeyRow = { from_table: string; to_table: string; from_columns: string[]; to_columns: string[] };

/** Every table of the public schema with a tenant_id column (partitions count as their parent). */
export async function readTenantTables(conn: Connection): Promise<TenantTable[]> {
  const tables = await conn.execute<CatalogRow>(sql`
    SELECT c.relname AS name,
           (SELECT array_agg(a.attname::text ORDER BY k.ord)
              FROM pg_constraint p, unnest(p.conkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
             WHERE p.conrelid = c.oid AND p.contype = 'p') AS primary_key,
           (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
             WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS insert_columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND EXISTS (SELECT 1 FROM pg_attribute t WHERE t.attrelid = c.oid AND t.attname = 'tenant_id' AND NOT t.attisdropped)
     ORDER BY c.relname`);
  const keys = await conn.execute<ForeignKeyRow>(sql`
    SELECT f.relname AS from_table, r.relname AS to_table,
           (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS from_columns,
           (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS to_columns
      FROM pg_constraint con
      JOIN pg_class f ON f.oid = con.conrelid JOIN pg_class r ON r.oid = con.confrelid
      JOIN pg_namespace n ON n.oid = f.relnamespace
     WHERE con.contype = 'f' AND n.nspname = 'public'
     ORDER BY 1, 2, con.conname`);
  const names = new Set(tables.rows.map((row) => row.name));
  return tables.rows.map((row) => {
    const own = keys.rows.filter((key) => key.from_table === row.name);
    const selfKeys = own.filter((key) => key.to_table === row.name);
    if (selfKeys.length > 1) throw new Error(`${row.name} references itself by ${selfKeys.length} foreign keys; the archive orders trees by one`);
    if (!row.primary_key) throw new Error(`${row.name} has no primary key`);
    return {
      name: row.name,
      primaryKey: row.primary_key,
      insertColumns: row.insert_columns,
      references: [...new Set(own.filter((key) => key.to_table !== row.name && names.has(key.to_table)).map((key) => key.to_table))],
      selfReference: selfKeys[0] && { columns: selfKeys[0].from_columns, referenced: selfKeys[0].to_columns },
    };
  });
}

/**
 * The last migration this database applied (drizzle's journal keeps each migration's `when` as
 * created_at); null when it has none.
 */
export async function readLastMigration(conn: Connection): Promise<number | null> {
  const exists = await conn.execute<{ found: boolean }>(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`);
  if (!exists.rows[0]?.found) return null;
  const last = await conn.execute<{ when: string | null }>(sql`SELECT max(created_at)::text AS when FROM drizzle.__drizzle_migrations`);
  return last.rows[0]?.when ? Number(last.rows[0].when) : null;
}

/** Session settings that make to_json's text the same on every database (time zone, interval style). */
export async function useCanonicalText(conn: Connection): Promise<void> {
  await conn.execute(sql`SELECT set_config('TimeZone', 'UTC', true), set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '1', true)`);
}

/** Switches the transaction to the app role bound to `tenantId`: row-level security applies from here on. */
export async function enterTenantAsApp(conn: Connection, tenantId: string): Promise<void> {
  await conn.execute(sql`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`);
}

const identifiers = (names: string[], alias?: string): SQL =>
  sql.join(
    names.map((name) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(name)}` : sql.identifier(name))),
    sql`, `,
  );

/**
 * The school's rows of a table as JSON text (to_json keeps json columns verbatim and numerics
 * exactly), in a stable order: by primary key; a tree parent before child (by depth from its roots,
 * rows whose parent columns are null), so rows insert in file order under non-deferrable keys.
 */
function rowsQuery(table: TenantTable, tenantId: string): SQL {
  const name = sql.identifier(table.name);
  const order = identifiers(table.primaryKey, 't');
  if (!table.selfReference) {
    return sql`SELECT to_json(t)::text AS line FROM ${name} AS t WHERE t.tenant_id = ${tenantId}::uuid ORDER BY ${order}`;
  }
  const { columns, referenced } = table.selfReference;
  const parentColumns = columns.filter((column) => column !== 'tenant_id');
  const isRoot = sql.join(
    parentColumns.map((column) => sql`r.${sql.identifier(column)} IS NULL`),
    sql` OR `,
  );
  const childOfParent = sql.join(
    columns.map((column, i) => sql`c.${sql.identifier(column)} = p.${sql.identifier(referenced[i]!)}`),
    sql` AND `,
  );
  return sql`WITH RECURSIVE tree(row_id, depth) AS (
      SELECT r.ctid, 0 FROM ${name} AS r WHERE r.tenant_id = ${tenantId}::uuid AND (${isRoot})
      UNION ALL
      SELECT c.ctid, tree.depth + 1 FROM tree
        JOIN ${name} AS p ON p.ctid = tree.row_id
        JOIN ${name} AS c ON c.tenant_id = ${tenantId}::uuid AND ${childOfParent}
    )
    SELECT to_json(t)::text AS line FROM tree JOIN ${name} AS t ON t.ctid = tree.row_id ORDER BY tree.depth, ${order}`;
}

/** How many rows the school has in a table. */
export async function countRows(conn: Connection, table: string, tenantId: string): Promise<number> {
  const result = await conn.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)} WHERE tenant_id = ${tenantId}::uuid`);
  return Number(result.rows[0]!.n);
}

/** The school's rows of `table` as JSON text, 2,000 at a time through a cursor (never all in memory). */
export async function* streamRows(conn: Connection, table: TenantTable, tenantId: string): AsyncGenerator<string[]> {
  const cursor = sql.identifier(`tenant_archive_${table.name}`);
  await conn.execute(sql`DECLARE ${cursor} NO SCROLL CURSOR FOR ${rowsQuery(table, tenantId)}`);
  try {
    for (;;) {
      const batch = await conn.execute<{ line: string }>(sql`FETCH FORWARD 2000 FROM ${cursor}`);
      if (batch.rows.length === 0) return;
      yield batch.rows.map((row) => row.line);
    }
  } finally {
    await conn.execute(sql`CLOSE ${cursor}`);
  }
}

/** The global row of a school (tenants) as JSON text, null when there is none. */
export async function readTenantRow(conn: Connection, code: string): Promise<{ id: string; line: string } | null> {
  const result = await conn.execute<{ id: string; line: string }>(sql`SELECT t.id::text AS id, to_json(t)::text AS line FROM tenants AS t WHERE t.code = ${code}`);
  return result.rows[0] ?? null;
}

/** Schools of this database that clash with an arriving one: same id, same code or a shared host name. */
export async function findClashingTenants(conn: Connection, tenant: { id: string; code: string; hosts: string[] }): Promise<{ id: string; code: string }[]> {
  const result = await conn.execute<{ id: string; code: string }>(
    sql`SELECT id::text AS id, code FROM tenants WHERE id = ${tenant.id}::uuid OR code = ${tenant.code} OR hosts && ARRAY(SELECT json_array_elements_text(${JSON.stringify(tenant.hosts)}::json)) ORDER BY code`,
  );
  return result.rows;
}

/** Inserts JSON rows (text, one row each) into `table` (`tenants` included) with the values as written. */
export async function insertRows(conn: Connection, table: { name: string; insertColumns: string[] }, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  const name = sql.identifier(table.name);
  const columns = identifiers(table.insertColumns);
  const rows = `[${lines.join(',')}]`;
  await conn.execute(sql`INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ${rows}::json)`);
}

/** The columns of the global tenants table an INSERT may name. */
export async function readTenantsColumns(conn: Connection): Promise<string[]> {
  const result = await conn.execute<{ name: string }>(sql`
    SELECT a.attname::text AS name FROM pg_attribute a
     WHERE a.attrelid = 'public.tenants'::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY a.attnum`);
  return result.rows.map((row) => row.name);
}

/** The storage keys (files.path) the school's file rows name, each once, sorted. */
export async function readFileKeys(conn: Connection, tenantId: string): Promise<string[]> {
  const rows = await conn.selectDistinct({ key: files.path }).from(files).where(eq(files.tenantId, tenantId)).orderBy(files.path);
  return rows.map((row) => row.key);
}
