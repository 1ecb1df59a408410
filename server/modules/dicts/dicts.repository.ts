import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dictEntries, dictTypes } from './dicts.table';

export interface EntryFilters {
  typeCode: string;
  keyword: string;
  parentCode?: string;
  /** '' any */
  status: '' | '0' | '1';
}

export interface EntryOrder {
  field: 'sort' | 'code' | 'name';
  direction: 'asc' | 'desc';
}

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const joinType = and(eq(dictTypes.tenantId, dictEntries.tenantId), eq(dictTypes.id, dictEntries.typeId));

const itemColumns = {
  typeCode: dictTypes.code,
  code: dictEntries.code,
  name: dictEntries.name,
  nameEn: dictEntries.nameEn,
  sort: dictEntries.sort,
  parentCode: dictEntries.parentCode,
  level: dictEntries.level,
  alias: dictEntries.alias,
  shortName: dictEntries.shortName,
  tag1: dictEntries.tag1,
  tag2: dictEntries.tag2,
  tag3: dictEntries.tag3,
  tag4: dictEntries.tag4,
  tag5: dictEntries.tag5,
};

function entryWhere(filters: EntryFilters): SQL | undefined {
  const keyword = filters.keyword ? containsPattern(filters.keyword) : '';
  return and(
    filters.typeCode ? eq(dictTypes.code, filters.typeCode) : undefined,
    filters.status ? eq(dictEntries.status, filters.status) : undefined,
    filters.parentCode !== undefined ? eq(dictEntries.parentCode, filters.parentCode) : undefined,
    keyword
      ? or(ilike(dictEntries.code, keyword), ilike(dictEntries.name, keyword), ilike(dictEntries.nameEn, keyword), ilike(dictEntries.alias, keyword))
      : undefined,
  );
}

const orderColumn = { sort: dictEntries.sort, code: dictEntries.code, name: dictEntries.name } as const;

// Tenant scoping comes from row-level security.
export const dictsRepository = {
  /** Published entries of published types, valid on the database's today, in sort order. */
  publishedItems: (tx: Tx, typeCodes: readonly string[]) =>
    tx
      .select(itemColumns)
      .from(dictEntries)
      .innerJoin(dictTypes, joinType)
      .where(
        and(
          inArray(dictTypes.code, [...typeCodes]),
          eq(dictTypes.status, '1'),
          eq(dictEntries.status, '1'),
          or(isNull(dictEntries.startDate), lte(dictEntries.startDate, sql`current_date`)),
          or(isNull(dictEntries.endDate), gte(dictEntries.endDate, sql`current_date`)),
        ),
      )
      .orderBy(asc(dictEntries.sort), asc(dictEntries.code)),

  countEntries: (tx: Tx, filters: EntryFilters) =>
    tx
      .select({ n: count() })
      .from(dictEntries)
      .innerJoin(dictTypes, joinType)
      .where(entryWhere(filters))
      .then((rows) => rows[0]?.n ?? 0),

  pageEntries: (tx: Tx, filters: EntryFilters, order: EntryOrder | null, offset: number, limit: number) =>
    tx
      .select({
        ...itemColumns,
        id: dictEntries.id,
        typeName: dictTypes.name,
        tag1Note: dictEntries.tag1Note,
        tag2Note: dictEntries.tag2Note,
        tag3Note: dictEntries.tag3Note,
        tag4Note: dictEntries.tag4Note,
        tag5Note: dictEntries.tag5Note,
        status: dictEntries.status,
        source: dictEntries.source,
        startDate: dictEntries.startDate,
        endDate: dictEntries.endDate,
        remark: dictEntries.remark,
        version: dictEntries.version,
      })
      .from(dictEntries)
      .innerJoin(dictTypes, joinType)
      .where(entryWhere(filters))
      .orderBy(
        ...(order ? [order.direction === 'desc' ? desc(orderColumn[order.field]) : asc(orderColumn[order.field])] : []),
        asc(dictTypes.sort),
        asc(dictTypes.code),
        asc(dictEntries.sort),
        asc(dictEntries.code),
      )
      .offset(offset)
      .limit(limit),

  /** A cheap fingerprint of the school's dictionaries: counts, the newest change and today's date. */
  revision: (tx: Tx) =>
    tx
      .execute<{ revision: string }>(
        sql`SELECT concat_ws('.',
              (SELECT count(*) FROM ${dictTypes}),
              (SELECT count(*) FROM ${dictEntries}),
              (SELECT coalesce(floor(extract(epoch FROM max(updated_at)) * 1000)::bigint, 0) FROM ${dictTypes}),
              (SELECT coalesce(floor(extract(epoch FROM max(updated_at)) * 1000)::bigint, 0) FROM ${dictEntries}),
              to_char(current_date, 'YYYYMMDD')) AS revision`,
      )
      .then((result) => result.rows[0]!.revision),

  types: (tx: Tx, keyword: string) =>
    tx
      .select({
        id: dictTypes.id,
        code: dictTypes.code,
        name: dictTypes.name,
        nameEn: dictTypes.nameEn,
        sort: dictTypes.sort,
        status: dictTypes.status,
        remark: dictTypes.remark,
        version: dictTypes.version,
        entryCount: sql<number>`(SELECT count(*)::int FROM dict_entries e WHERE e.tenant_id = dict_types.tenant_id AND e.type_id = dict_types.id)`,
      })
      .from(dictTypes)
      .where(
        keyword
          ? or(ilike(dictTypes.code, containsPattern(keyword)), ilike(dictTypes.name, containsPattern(keyword)), ilike(dictTypes.nameEn, containsPattern(keyword)))
          : undefined,
      )
      .orderBy(asc(dictTypes.sort), asc(dictTypes.code)),

  typeById: (tx: Tx, id: string) =>
    tx
      .select()
      .from(dictTypes)
      .where(eq(dictTypes.id, id))
      .for('update')
      .then((rows) => rows[0]),

  typesByIds: (tx: Tx, ids: readonly string[]) => tx.select().from(dictTypes).where(inArray(dictTypes.id, [...ids])).for('update'),

  typeByCode: (tx: Tx, code: string) =>
    tx
      .select({ id: dictTypes.id })
      .from(dictTypes)
      .where(eq(dictTypes.code, code))
      .then((rows) => rows[0]),

  insertType: (tx: Tx, row: typeof dictTypes.$inferInsert) => tx.insert(dictTypes).values(row),

  /** Updates when the stored version is `version`; false when it moved. */
  updateType: (tx: Tx, id: string, version: number, set: Partial<typeof dictTypes.$inferInsert>) =>
    tx
      .update(dictTypes)
      .set({ ...set, updatedAt: new Date(), version: sql`${dictTypes.version} + 1` })
      .where(and(eq(dictTypes.id, id), eq(dictTypes.version, version)))
      .returning({ id: dictTypes.id })
      .then((rows) => rows.length > 0),

  /** Deletes types; their entries go with them (foreign key on delete cascade). */
  deleteTypes: (tx: Tx, ids: readonly string[]) => tx.delete(dictTypes).where(inArray(dictTypes.id, [...ids])),

  /** Every entry of a type (code, parent, level), for parent checks and level updates. */
  entriesOfType: (tx: Tx, typeId: string) =>
    tx
      .select({ id: dictEntries.id, code: dictEntries.code, parentCode: dictEntries.parentCode, level: dictEntries.level })
      .from(dictEntries)
      .where(eq(dictEntries.typeId, typeId)),

  /** Every field of every entry of a type, in sort order (export). */
  fullEntriesOfType: (tx: Tx, typeId: string) =>
    tx.select().from(dictEntries).where(eq(dictEntries.typeId, typeId)).orderBy(asc(dictEntries.sort), asc(dictEntries.code)),

  entryById: (tx: Tx, id: string) =>
    tx
      .select()
      .from(dictEntries)
      .where(eq(dictEntries.id, id))
      .for('update')
      .then((rows) => rows[0]),

  entriesByIds: (tx: Tx, ids: readonly string[]) => tx.select().from(dictEntries).where(inArray(dictEntries.id, [...ids])).for('update'),

  insertEntry: (tx: Tx, row: typeof dictEntries.$inferInsert) => tx.insert(dictEntries).values(row),

  updateEntry: (tx: Tx, id: string, version: number, set: Partial<typeof dictEntries.$inferInsert>) =>
    tx
      .update(dictEntries)
      .set({ ...set, updatedAt: new Date(), version: sql`${dictEntries.version} + 1` })
      .where(and(eq(dictEntries.id, id), eq(dictEntries.version, version)))
      .returning({ id: dictEntries.id })
      .then((rows) => rows.length > 0),

  /** Moves the children of `oldCode` to `newCode` (a parent's code changed). */
  renameParent: (tx: Tx, typeId: string, oldCode: string, newCode: string) =>
    tx
      .update(dictEntries)
      .set({ parentCode: newCode, updatedAt: new Date() })
      .where(and(eq(dictEntries.typeId, typeId), eq(dictEntries.parentCode, oldCode))),

  setLevel: (tx: Tx, id: string, level: number) => tx.update(dictEntries).set({ level, updatedAt: new Date() }).where(eq(dictEntries.id, id)),

  deleteEntries: (tx: Tx, ids: readonly string[]) => tx.delete(dictEntries).where(inArray(dictEntries.id, [...ids])),
};
