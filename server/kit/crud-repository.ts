import { and, asc, type Column, count, desc, eq, getTableColumns, getTableName, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { isCalendarDate } from '../../contracts/date-rules';
import { labelFields, type ResourceDefinition, type ResourceField } from '../../contracts/resource';
import type { Tx } from '../db/client';
import { containsPattern } from '../db/like';
import { pgErrorCode } from '../db/unique';
import { nextVersion } from '../db/versions';
import { dictEntries, dictTypes } from '../modules/dicts/dicts.table';
import { orgUnits } from '../modules/school/school.table';
import { users } from '../modules/users/users.table';

/**
 * The kit's SQL (tenant scoping is RLS, as everywhere): one repository per kit table, built from the
 * definition. The table's column keys are the definition's field names plus the audit columns
 * (db/columns.ts); `columnsOf` checks that when the module is made, so a typo fails at start-up.
 */

/** A kit resource's table: tenant_id, id, one column per field (same key), the audit columns. */
export type KitTable = PgTable;
/** A stored row as drizzle reads it (columns by field name). */
export type KitRecord = Record<string, unknown> & { id: string; version: number; updatedAt: Date };

/** Another kit resource's definition, table and display column (a ref field's `<field>Name`: labelSql). */
export type RefTarget = (resource: string) => { definition: ResourceDefinition; table: KitTable; display: string };

/** The search the list asks for, already checked by the schema: key → text ('' none). */
export type SearchValues = Record<string, string | undefined>;

/** A column holding an id or '' as a uuid (NULL for ''), so the lookup uses the other table's key. */
const idOf = (column: SQL) => sql`NULLIF(${column}::text, '')::uuid`;

/** "table"."column", whatever the query around it. */
const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** The ids of an org unit and every unit below it (the org tree's search). */
const orgSubtree = (rootId: string): SQL =>
  sql`WITH RECURSIVE subtree AS (SELECT ${orgUnits.id} AS id FROM ${orgUnits} WHERE ${orgUnits.id} = ${rootId}::uuid UNION ALL SELECT o.id FROM ${orgUnits} o JOIN subtree ON o.parent_id = subtree.id) SELECT id FROM subtree`;

const LOOKUP_KINDS: ReadonlySet<ResourceField['kind']> = new Set(['ref', 'person', 'org', 'dict']);

/**
 * A row's label (ResourceDefinition.label) as SQL over its table, columns qualified: the label fields'
 * texts joined by a space, a ref field by its target's display column (one level: no cycles).
 */
export function labelSql(definition: ResourceDefinition, table: KitTable, refTarget: RefTarget): SQL {
  const columns = getTableColumns(table) as Record<string, Column>;
  const parts = labelFields(definition).map((name) => {
    const field = definition.fields[name];
    if (field?.kind !== 'ref') return sql`${qualified(columns[name]!)}::text`;
    const target = refTarget(field.resource);
    const other = getTableColumns(target.table) as Record<string, Column>;
    return sql`(SELECT ${qualified(other[target.display]!)}::text FROM ${target.table} WHERE ${qualified(other.tenantId!)} = ${qualified(columns.tenantId!)} AND ${qualified(other.id!)} = ${idOf(qualified(columns[name]!))})`;
  });
  return parts.length === 1 ? parts[0]! : sql`concat_ws(' ', ${sql.join(parts, sql`, `)})`;
}

/** The columns of a kit table by field name; throws when a field has no column (at start-up). */
export function columnsOf(definition: ResourceDefinition, table: KitTable): Record<string, PgColumn> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  for (const name of [...Object.keys(definition.fields), 'id', 'tenantId', 'version', 'updatedAt', 'updatedBy', 'createdBy']) {
    if (!columns[name]) throw new Error(`${definition.name}: the table has no column for ${name}`);
  }
  return columns;
}

/**
 * Which unique index guards which field: the index's columns other than tenant_id (a field unique
 * within another's, uniqueWithin: that field's column and its own). Every unique field must have one
 * (the invariant lives in the database); a 23505 names its index, so the kit tells the caller which
 * field's value is taken.
 */
export function uniqueIndexesOf(definition: ResourceDefinition, table: KitTable, columns: Record<string, Column>): Map<string, string> {
  const fieldOfColumn = new Map(Object.entries(columns).map(([field, column]) => [column.name, field]));
  const byIndex = new Map<string, string>();
  for (const index of getTableConfig(table).indexes) {
    if (!index.config.unique || !index.config.name) continue;
    const fields = index.config.columns.map((column) => fieldOfColumn.get((column as Column).name)).filter((field) => field && field !== 'tenantId');
    if (fields.length === 1) byIndex.set(index.config.name, fields[0]!);
    // (tenant_id, scope, field): the field unique within its scope
    const scoped = fields.length === 2 ? fields.find((field) => fields.includes(definition.uniqueWithin?.[field!])) : undefined;
    if (scoped) byIndex.set(index.config.name, scoped);
  }
  for (const field of definition.unique) {
    const scope = definition.uniqueWithin?.[field];
    if (![...byIndex.values()].includes(field)) throw new Error(`${definition.name}: unique field ${field} has no unique index (tenant_id, ${scope ? `${scope}, ` : ''}${field})`);
  }
  return byIndex;
}

/**
 * Which foreign key guards which field (its columns other than tenant_id): a 23503 names its
 * constraint, though not its key (PostgreSQL leaves the key out of the detail under RLS).
 */
export function foreignKeysOf(table: KitTable, columns: Record<string, Column>): Map<string, string> {
  const fieldOfColumn = new Map(Object.entries(columns).map(([field, column]) => [column.name, field]));
  const byConstraint = new Map<string, string>();
  for (const key of getTableConfig(table).foreignKeys) {
    const fields = key.reference().columns.map((column) => fieldOfColumn.get(column.name)).filter((field) => field && field !== 'tenantId');
    if (fields.length === 1) byConstraint.set(key.getName(), fields[0]!);
  }
  return byConstraint;
}

/** The constraint a database refusal names (the driver's `constraint`, directly or as the cause). */
export function violatedConstraint(error: unknown): string | undefined {
  const constraint = (error as { constraint?: unknown }).constraint ?? (error as { cause?: { constraint?: unknown } }).cause?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** The unique index a 23505 names (the driver's `constraint`), or undefined for any other error. */
export function violatedIndex(error: unknown): string | undefined {
  return pgErrorCode(error) === '23505' ? violatedConstraint(error) : undefined;
}

/**
 * How an edit or a delete locks the rows it read: by default SELECT … FOR UPDATE on the kit table; a
 * table that is a view with an outer join (学生信息's student_records) locks its base rows itself.
 */
export type RowLock = (tx: Tx, ids: readonly string[]) => Promise<void>;

export function crudRepository(definition: ResourceDefinition, table: KitTable, refTarget: RefTarget, lock?: RowLock) {
  const columns = columnsOf(definition, table);
  const col = (field: string) => columns[field];
  const { id, version } = columns;
  const tenantId = columns.tenantId;

  /** `<field>Name` of each ref, person, org and dict field: a scalar subquery per row (lists are pages of ≤ 500). */
  const lookups = (lang: 'zh' | 'en'): Record<string, SQL<string | null>> => {
    const out: Record<string, SQL<string | null>> = {};
    // every column named with its table: drizzle leaves a single-table select's columns bare, and
    // inside the subquery a bare "tenant_id" is the subquery's own (or ambiguous in the dict join)
    const q = qualified;
    for (const [name, field] of Object.entries(definition.fields)) {
      if (!LOOKUP_KINDS.has(field.kind)) continue;
      const value = col(name);
      if (field.kind === 'person') out[`${name}Name`] = sql<string | null>`(SELECT ${q(users.name)} FROM ${users} WHERE ${q(users.tenantId)} = ${q(tenantId)} AND ${q(users.id)} = ${idOf(q(value))})`;
      else if (field.kind === 'org')
        out[`${name}Name`] = sql<string | null>`(SELECT ${q(orgUnits.name)} FROM ${orgUnits} WHERE ${q(orgUnits.tenantId)} = ${q(tenantId)} AND ${q(orgUnits.id)} = ${idOf(q(value))})`;
      else if (field.kind === 'dict')
        out[`${name}Name`] = sql<string | null>`(SELECT ${lang === 'en' ? sql`COALESCE(NULLIF(${q(dictEntries.nameEn)}, ''), ${q(dictEntries.name)})` : q(dictEntries.name)} FROM ${dictEntries} JOIN ${dictTypes} ON ${q(dictTypes.tenantId)} = ${q(dictEntries.tenantId)} AND ${q(dictTypes.id)} = ${q(dictEntries.typeId)} WHERE ${q(dictEntries.tenantId)} = ${q(tenantId)} AND ${q(dictTypes.code)} = ${field.dict} AND ${q(dictEntries.code)} = ${q(value)}::text LIMIT 1)`;
      else if (field.kind === 'ref') {
        // the target's label (a room: its building and number)
        const target = refTarget(field.resource);
        const other = getTableColumns(target.table) as Record<string, Column>;
        out[`${name}Name`] = sql<string | null>`(SELECT ${labelSql(target.definition, target.table, refTarget)} FROM ${target.table} WHERE ${q(other.tenantId)} = ${q(tenantId)} AND ${q(other.id)} = ${idOf(q(value))})`;
      }
    }
    return out;
  };

  /** The list's WHERE from its search (contains / equals / range) and a module's own condition. */
  const whereOf = (search: SearchValues, extra?: SQL): SQL | undefined => {
    const parts: (SQL | undefined)[] = [extra];
    for (const [key, rule] of Object.entries(definition.search)) {
      if ('contains' in rule) {
        const text = search[key]?.trim();
        if (text) parts.push(or(...rule.contains.map((field) => (definition.fields[field].kind === 'text' ? ilike(col(field), containsPattern(text)) : ilike(sql`${col(field)}::text`, containsPattern(text))))));
      } else if ('equals' in rule) {
        const field = definition.fields[rule.equals];
        const value = searchValueOf(field, search[key]);
        // an org unit stands for its subtree: a grade finds the students of its classes
        if (value !== undefined) parts.push(field.kind === 'org' ? sql`${col(rule.equals)} IN (${orgSubtree(value as string)})` : eq(col(rule.equals), value));
      } else {
        const field = definition.fields[rule.range];
        const from = searchValueOf(field, search[`${key}From`]);
        const to = searchValueOf(field, search[`${key}To`]);
        if (from !== undefined) parts.push(gte(col(rule.range), from));
        if (to !== undefined) parts.push(lte(col(rule.range), to));
      }
    }
    return and(...parts);
  };

  /** The sort asked for (a sortable field), else the definition's order; ties by id. */
  const orderOf = (sort?: { field: string; desc: boolean }): SQL[] => {
    const chosen = sort && columns[sort.field] ? [{ field: sort.field, desc: sort.desc }] : definition.order;
    return [...chosen.map((order) => (order.desc ? desc(col(order.field)) : asc(col(order.field)))), asc(id)];
  };

  return {
    columns,

    /** A page of rows and the total (counted here unless the module counted it: CrudHooks.countRows). */
    async page(tx: Tx, request: { lang: 'zh' | 'en'; search: SearchValues; where?: SQL; total?: number; sort?: { field: string; desc: boolean }; limit: number; offset: number }) {
      const where = whereOf(request.search, request.where);
      const n = request.total ?? (await tx.select({ n: count() }).from(table).where(where))[0]!.n;
      const rows = await tx
        .select({ record: table, ...lookups(request.lang) } as never)
        .from(table)
        .where(where)
        .orderBy(...orderOf(request.sort))
        .limit(request.limit)
        .offset(request.offset);
      return { total: n, rows: rows as unknown as ({ record: KitRecord } & Record<string, string | null>)[] };
    },

    /** id and label (labelSql) of the rows, in the definition's order: at most `limit` (a select), or every one (an import's lookups). */
    async options(tx: Tx, limit?: number) {
      const query = tx
        .select({ id: sql<string>`${id}`, label: sql<string>`${labelSql(definition, table, refTarget)}` })
        .from(table)
        .orderBy(...orderOf());
      return limit === undefined ? query : query.limit(limit);
    },

    async byIdForUpdate(tx: Tx, rowId: string): Promise<KitRecord | undefined> {
      if (lock) await lock(tx, [rowId]);
      const query = tx.select().from(table).where(eq(id, rowId));
      const [row] = lock ? await query : await query.for('update');
      return row as KitRecord | undefined;
    },

    async byIdsForUpdate(tx: Tx, ids: readonly string[]): Promise<KitRecord[]> {
      if (lock) await lock(tx, ids);
      const query = tx.select().from(table).where(inArray(id, [...ids]));
      return (lock ? await query : await query.for('update')) as KitRecord[];
    },

    /** Rows whose `field` is one of `values` (unique checks of an import), with that value and the id. */
    async byValues(tx: Tx, field: string, values: readonly unknown[]): Promise<KitRecord[]> {
      if (values.length === 0) return [];
      return (await tx.select().from(table).where(inArray(col(field), [...values]))) as KitRecord[];
    },

    /** Another row (not `exceptId`) has the value; with `scope`, one with the same value of that field too (uniqueWithin). */
    async taken(tx: Tx, field: string, value: unknown, exceptId?: string, scope?: { field: string; value: unknown }): Promise<boolean> {
      const rows = await tx
        .select({ id })
        .from(table)
        .where(and(eq(col(field), value), scope ? eq(col(scope.field), scope.value) : undefined, exceptId ? ne(id, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    insert: (tx: Tx, values: Record<string, unknown> | Record<string, unknown>[]) => tx.insert(table).values(values as never),

    /** Updates when the stored version is `read`; false when it moved (a stale edit). */
    async update(tx: Tx, rowId: string, read: number, set: Record<string, unknown>, userId: string): Promise<boolean> {
      const updated = await tx
        .update(table)
        .set({ ...set, ...nextVersion({ version }, userId) } as never)
        .where(and(eq(id, rowId), eq(version, read)))
        .returning({ id });
      return updated.length > 0;
    },

    /** Deletes in a savepoint: a refusal (a foreign key, 23503) leaves the request's transaction usable. */
    async remove(tx: Tx, ids: readonly string[]): Promise<{ deleted: number } | { refused: string }> {
      try {
        const removed = await tx.transaction((savepoint) => savepoint.delete(table).where(inArray(id, [...ids])).returning({ id }));
        return { deleted: removed.length };
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === '23503') return { refused: code };
        throw error;
      }
    },
  };
}
export type CrudRepository = ReturnType<typeof crudRepository>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An equals or range box's text as the column's value: booleans from '1' / '0', numbers from
 * digits, ids as uuids, dates as real days; undefined (no filter) for '' and for a value that does
 * not parse as the field's, as the client's URL parser drops it.
 */
export function searchValueOf(field: ResourceField, raw: string | undefined): unknown {
  const text = raw?.trim() ?? '';
  if (text === '') return undefined;
  switch (field.kind) {
    case 'boolean':
      return text === '1' ? true : text === '0' ? false : undefined;
    case 'int':
      return /^-?\d{1,9}$/.test(text) ? Number(text) : undefined;
    case 'decimal':
      return /^-?\d{1,12}(\.\d{1,6})?$/.test(text) ? text : undefined;
    case 'date':
      return isCalendarDate(text) ? text : undefined;
    case 'ref':
    case 'person':
    case 'org':
    case 'file':
      return UUID.test(text) ? text : undefined;
    default:
      return text;
  }
}

/** What an import or export shows for stored ids (resource-excel.ts ExcelLookups): SQL only. */
export const lookupRepository = {
  async dictEntries(tx: Tx, dictCode: string): Promise<{ code: string; name: string; nameEn: string }[]> {
    return tx
      .select({ code: dictEntries.code, name: dictEntries.name, nameEn: dictEntries.nameEn })
      .from(dictEntries)
      .innerJoin(dictTypes, and(eq(dictTypes.tenantId, dictEntries.tenantId), eq(dictTypes.id, dictEntries.typeId)))
      .where(eq(dictTypes.code, dictCode))
      .orderBy(asc(dictEntries.sort), asc(dictEntries.code));
  },

  /** People by job / student number or by id (only the ones asked for). */
  async people(tx: Tx, wanted: { numbers?: readonly string[]; ids?: readonly string[] }): Promise<{ id: string; number: string; name: string }[]> {
    const numbers = [...new Set(wanted.numbers ?? [])].filter(Boolean);
    const ids = [...new Set(wanted.ids ?? [])].filter(Boolean);
    if (numbers.length === 0 && ids.length === 0) return [];
    return tx
      .select({ id: users.id, number: users.userNo, name: users.name })
      .from(users)
      .where(or(numbers.length > 0 ? inArray(users.userNo, numbers) : undefined, ids.length > 0 ? inArray(users.id, ids) : undefined));
  },

  /** A ref value's label (its target's labelSql, as the options and <field>Name show it); null when it names nothing. */
  async refLabel(tx: Tx, field: ResourceField & { kind: 'ref' }, value: string, refTarget: RefTarget): Promise<string | null> {
    const target = refTarget(field.resource);
    const id = (getTableColumns(target.table) as Record<string, Column>).id!;
    const [row] = await tx
      .select({ label: sql<string>`${labelSql(target.definition, target.table, refTarget)}` })
      .from(target.table)
      .where(eq(id, value))
      .limit(1);
    return row?.label ?? null;
  },

  /** Whether a ref, person, org or dict field's value names something of the school (RLS scopes every table); true for other kinds. */
  async names(tx: Tx, field: ResourceField, value: string, refTarget: RefTarget): Promise<boolean> {
    const found = async (query: { limit(count: number): Promise<unknown[]> }) => (await query.limit(1)).length > 0;
    const one = { one: sql<number>`1` };
    if (field.kind === 'person') return found(tx.select(one).from(users).where(eq(users.id, value)));
    if (field.kind === 'org') return found(tx.select(one).from(orgUnits).where(eq(orgUnits.id, value)));
    if (field.kind === 'dict')
      return found(
        tx.select(one).from(dictEntries).innerJoin(dictTypes, and(eq(dictTypes.tenantId, dictEntries.tenantId), eq(dictTypes.id, dictEntries.typeId))).where(and(eq(dictTypes.code, field.dict), eq(dictEntries.code, value))),
      );
    if (field.kind !== 'ref') return true;
    const { table } = refTarget(field.resource);
    return found(tx.select(one).from(table).where(eq((getTableColumns(table) as Record<string, Column>).id, value)));
  },

  orgs: (tx: Tx): Promise<{ id: string; code: string; name: string }[]> => tx.select({ id: orgUnits.id, code: orgUnits.code, name: orgUnits.name }).from(orgUnits).orderBy(asc(orgUnits.code)),
};
