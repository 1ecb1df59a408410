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
};
