import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  DICT_ADD_PERMISSION,
  DICT_DELETE_PERMISSION,
  DICT_EDIT_PERMISSION,
  type DictDataListRequest,
  type DictEntryRow,
  type DictEntrySaveRequest,
  type DictItem,
  type DictRevisionData,
  type DictsData,
  type DictTypeRow,
  type DictTypeSaveRequest,
} from '../../../contracts/dicts';
import { dictDateIssue, dictEntryCodeIssue, dictNameIssue, dictTypeCodeIssue, isBuiltInDict, type DictIssue } from '../../../contracts/dict-rules';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import type { Lang } from '../../i18n/messages';
import { tableWorkbook } from '../../kit/xlsx';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import { dictsRepository } from './dicts.repository';

/** Managing dictionaries (the dictionary menu of system management): may list unpublished entries. */
export const DICT_ADMIN_PERMISSION = 'system_dict';

export class DictsService {
  /**
   * `POST /dicts`: the published entries (valid today) of each requested type, in sort order.
   * Every requested code is a key of the answer; an unknown or unpublished type maps to [].
   */
  async dicts(tx: Tx, typeCodes: readonly string[]): Promise<DictsData> {
    const codes = [...new Set(typeCodes)];
    const data: DictsData = Object.fromEntries(codes.map((code) => [code, [] as DictItem[]]));
    for (const { typeCode, ...item } of await dictsRepository.publishedItems(tx, codes)) data[typeCode]?.push(item);
    return data;
  }

  /**
   * `POST /api/dict/getDictDataList` (generic table A): entries with every field. Without
   * system_dict only published entries are listed (asking for unpublished ones lists nothing).
   */
  async dictDataList(
    tx: Tx,
    request: DictDataListRequest,
    grantedCodes: () => Promise<ReadonlySet<string>>,
  ): Promise<TableAData<DictEntryRow>> {
    const search = request.search;
    const mayManage = (await grantedCodes()).has(DICT_ADMIN_PERMISSION);
    if (!mayManage && search.status === '0') return { total: 0, rows: [] };
    const filters = {
      typeCode: search.typeCode,
      keyword: search.keyword,
      parentCode: search.parentCode,
      status: mayManage ? search.status : ('1' as const),
    };
    const total = await dictsRepository.countEntries(tx, filters);
    const offset = request.currPage * request.limit;
    if (offset >= total) return { total, rows: [] };
    const order = request.sortField
      ? { field: request.sortField, direction: request.order === 'desc' || request.order === 'descending' ? ('desc' as const) : ('asc' as const) }
      : null;
    const rows = await dictsRepository.pageEntries(tx, filters, order, offset, request.limit);
    return { total, rows };
  }

  /** `POST /api/dict/revision`: a fingerprint clients compare at start to drop stale cached dictionaries. */
  async revision(tx: Tx): Promise<DictRevisionData> {
    return { revision: await dictsRepository.revision(tx) };
  }

  /** `POST /api/dict/types/list`: every type with its entry count, in sort order. */
  async types(tx: Tx, keyword: string): Promise<DictTypeRow[]> {
    const rows = await dictsRepository.types(tx, keyword);
    return rows.map((row) => ({ ...row, entryCount: Number(row.entryCount), builtIn: isBuiltInDict(row.code) }));
  }

  /** `POST /api/dict/types/save`: prefix rule, name ≤ 40, code unique; a built-in type keeps its code. */
  async saveType(tx: Tx, session: Session, request: DictTypeSaveRequest, granted: ReadonlySet<string>): Promise<{ id: string }> {
    refuseIssue(dictTypeCodeIssue(request.code) ?? dictNameIssue(request.name));
    const values = { code: request.code, name: request.name, nameEn: request.nameEn, sort: request.sort, status: request.status, remark: request.remark };
    const taken = () => new AppError(ResponseCode.conflict, 'dictsTypeCodeTaken', { code: request.code });
    if (!request.id) {
      requirePermission(granted, DICT_ADD_PERMISSION);
      if (await dictsRepository.typeByCode(tx, request.code)) throw taken();
      const id = uuidv7();
      await uniquely(() => dictsRepository.insertType(tx, { tenantId: session.tenantId, id, ...values, createdBy: session.userId, updatedBy: session.userId }), taken);
      return { id };
    }
    requirePermission(granted, DICT_EDIT_PERMISSION);
    const existing = await dictsRepository.typeById(tx, request.id);
    if (!existing) throw new AppError(ResponseCode.notFound, 'dictsTypeNotFound');
    if (existing.code !== request.code) {
      if (isBuiltInDict(existing.code)) throw new AppError(ResponseCode.forbidden, 'dictsBuiltInCode', { code: existing.code });
      if (await dictsRepository.typeByCode(tx, request.code)) throw taken();
    }
    const updated = await uniquely(() => dictsRepository.updateType(tx, existing.id, request.version ?? -1, { ...values, updatedBy: session.userId }), taken);
    if (!updated) throw new AppError(ResponseCode.conflict, 'dictsStale');
    return { id: existing.id };
  }

  /**
   * `POST /api/dict/types/delete`: removes the types and their entries (the screen names the
   * entry count in its confirmation); a built-in type is refused and nothing is removed.
   */
  /**
   * Deletes of several rows (types here, entries below): every id must exist, else 40400 naming how
   * many are missing and nothing is deleted (server review L8: as users, roles and menus answer).
   */
  async deleteTypes(tx: Tx, ids: readonly string[], granted: ReadonlySet<string>): Promise<{ deleted: number }> {
    requirePermission(granted, DICT_DELETE_PERMISSION);
    const types = await dictsRepository.typesByIds(tx, ids);
    const builtIn = types.find((type) => isBuiltInDict(type.code));
    if (builtIn) throw new AppError(ResponseCode.forbidden, 'dictsBuiltInDelete', { code: builtIn.code });
    const missing = new Set(ids).size - types.length;
    if (missing > 0) throw new AppError(ResponseCode.notFound, 'dictsTypesMissing', { count: missing });
    await dictsRepository.deleteTypes(tx, types.map((type) => type.id));
    return { deleted: types.length };
  }

  /**
   * `POST /api/dict/entries/save`: code unique in its type; the parent an entry of the same type,
   * never the entry itself or one of its descendants; level = the parent's + 1 (descendants follow);
   * start not after end. A changed code carries its children along.
   */
  async saveEntry(tx: Tx, session: Session, request: DictEntrySaveRequest, granted: ReadonlySet<string>): Promise<{ id: string }> {
    refuseIssue(dictEntryCodeIssue(request.code) ?? dictNameIssue(request.name) ?? dictDateIssue(request.startDate, request.endDate));
    const type = await dictsRepository.typeById(tx, request.typeId);
    if (!type) throw new AppError(ResponseCode.notFound, 'dictsTypeNotFound');
    const existing = request.id ? await dictsRepository.entryById(tx, request.id) : undefined;
    if (request.id && (!existing || existing.typeId !== type.id)) throw new AppError(ResponseCode.notFound, 'dictsEntryNotFound');
    requirePermission(granted, existing ? DICT_EDIT_PERMISSION : DICT_ADD_PERMISSION);

    const entries = await dictsRepository.entriesOfType(tx, type.id);
    const byCode = new Map(entries.map((entry) => [entry.code, entry]));
    const taken = () => new AppError(ResponseCode.conflict, 'dictsEntryCodeTaken', { code: request.code });
    const holder = byCode.get(request.code);
    if (holder && holder.id !== existing?.id) throw taken();

    let level = 1;
    if (request.parentCode) {
      const parent = byCode.get(request.parentCode);
      if (!parent) throw new AppError(ResponseCode.invalidInput, 'dictsParentNotFound', { code: request.parentCode });
      // walk up from the parent: meeting the entry itself means the parent is the entry or one of its descendants
      const own = new Set([existing?.code, request.code].filter((code): code is string => Boolean(code)));
      const seen = new Set<string>();
      for (let at: typeof parent | undefined = parent; at; at = at.parentCode ? byCode.get(at.parentCode) : undefined) {
        if ((existing && at.id === existing.id) || (!existing && own.has(at.code)) || seen.has(at.code)) {
          throw new AppError(ResponseCode.invalidInput, 'dictsParentCycle');
        }
        seen.add(at.code);
      }
      level = parent.level + 1;
    }
    const values = {
      code: request.code,
      name: request.name,
      sort: request.sort,
      parentCode: request.parentCode,
      level,
      alias: request.alias,
      shortName: request.shortName,
      nameEn: request.nameEn,
      tag1: request.tag1,
      tag1Note: request.tag1Note,
      tag2: request.tag2,
      tag2Note: request.tag2Note,
      tag3: request.tag3,
      tag3Note: request.tag3Note,
      tag4: request.tag4,
      tag4Note: request.tag4Note,
      tag5: request.tag5,
      tag5Note: request.tag5Note,
      status: request.status,
      source: request.source,
      startDate: request.startDate,
      endDate: request.endDate,
      remark: request.remark,
    };
    if (!existing) {
      const id = uuidv7();
      await uniquely(
        () => dictsRepository.insertEntry(tx, { tenantId: session.tenantId, id, typeId: type.id, ...values, createdBy: session.userId, updatedBy: session.userId }),
        taken,
      );
      await touchType(tx, type.id);
      return { id };
    }
    const updated = await uniquely(() => dictsRepository.updateEntry(tx, existing.id, request.version ?? -1, { ...values, updatedBy: session.userId }), taken);
    if (!updated) throw new AppError(ResponseCode.conflict, 'dictsStale');
    if (existing.code !== request.code) await dictsRepository.renameParent(tx, type.id, existing.code, request.code);
    if (existing.level !== level || existing.code !== request.code) await relevel(tx, type.id);
    return { id: existing.id };
  }

  /**
   * `POST /api/dict/entries/delete`: removes the entries; refused (nothing removed) when one of
   * them has a child that is not removed with it.
   */
  async deleteEntries(tx: Tx, ids: readonly string[], granted: ReadonlySet<string>): Promise<{ deleted: number }> {
    requirePermission(granted, DICT_DELETE_PERMISSION);
    const rows = await dictsRepository.entriesByIds(tx, ids);
    const missing = new Set(ids).size - rows.length;
    if (missing > 0) throw new AppError(ResponseCode.notFound, 'dictsEntriesMissing', { count: missing });
    const removed = new Set(rows.map((row) => row.id));
    for (const typeId of new Set(rows.map((row) => row.typeId))) {
      const entries = await dictsRepository.entriesOfType(tx, typeId);
      const goingCodes = new Set(rows.filter((row) => row.typeId === typeId).map((row) => row.code));
      const orphan = entries.find((entry) => !removed.has(entry.id) && goingCodes.has(entry.parentCode));
      if (orphan) throw new AppError(ResponseCode.conflict, 'dictsEntryHasChildren', { code: orphan.parentCode });
    }
    await dictsRepository.deleteEntries(tx, [...removed]);
    for (const typeId of new Set(rows.map((row) => row.typeId))) await touchType(tx, typeId);
    return { deleted: rows.length };
  }

  /** `GET /api/dict/export?typeId=`: the type's entries with every field, titles in the caller's language. */
  async export(tx: Tx, typeId: string, lang: Lang): Promise<{ fileName: string; bytes: Buffer }> {
    const type = (await dictsRepository.types(tx, '')).find((row) => row.id === typeId);
    if (!type) throw new AppError(ResponseCode.notFound, 'dictsTypeNotFound');
    const rows = await dictsRepository.fullEntriesOfType(tx, typeId);
    const titles = EXPORT_TITLES[lang];
    const bytes = await tableWorkbook([
      {
        name: type.code,
        columns: EXPORT_FIELDS.map((field) => ({ header: titles[field], key: field, width: field === 'remark' || field === 'name' ? 24 : 14 })),
        rows: rows.map((row) =>
          Object.fromEntries(EXPORT_FIELDS.map((field) => [field, field === 'status' ? (row.status === '1' ? titles.published : titles.unpublished) : (row[field] ?? '')])),
        ),
      },
    ]);
    return { fileName: `${type.code}-${lang === 'en' ? type.nameEn || type.name : type.name}.xlsx`, bytes };
  }
}

function refuseIssue(issue: DictIssue | null) {
  if (issue) throw new AppError(ResponseCode.invalidInput, issue);
}

function requirePermission(granted: ReadonlySet<string>, code: string) {
  if (!granted.has(code)) throw new AppError(ResponseCode.forbidden, 'dictsForbidden');
}

/** An entry change also moves the type's updated time (the revision notices deletions too). */
async function touchType(tx: Tx, typeId: string) {
  await tx.execute(sql`UPDATE dict_types SET updated_at = now() WHERE id = ${typeId}`);
}

/** Sets every level of a type from its parents (top 1); entries whose parent is missing count as top. */
async function relevel(tx: Tx, typeId: string) {
  const entries = await dictsRepository.entriesOfType(tx, typeId);
  const byCode = new Map(entries.map((entry) => [entry.code, entry]));
  const levels = new Map<string, number>();
  const levelOf = (code: string, depth = 0): number => {
    const known = levels.get(code);
    if (known !== undefined) return known;
    const entry = byCode.get(code);
    const parent = entry?.parentCode ? byCode.get(entry.parentCode) : undefined;
    const level = parent && depth < entries.length ? levelOf(parent.code, depth + 1) + 1 : 1;
    levels.set(code, level);
    return level;
  };
  for (const entry of entries) {
    const level = levelOf(entry.code);
    if (level !== entry.level) await dictsRepository.setLevel(tx, entry.id, level);
  }
}

const EXPORT_FIELDS = [
  'code', 'name', 'nameEn', 'sort', 'parentCode', 'level', 'alias', 'shortName',
  'tag1', 'tag1Note', 'tag2', 'tag2Note', 'tag3', 'tag3Note', 'tag4', 'tag4Note', 'tag5', 'tag5Note',
  'status', 'source', 'startDate', 'endDate', 'remark',
] as const;

type ExportTitles = Record<(typeof EXPORT_FIELDS)[number] | 'published' | 'unpublished', string>;
const EXPORT_TITLES: Record<Lang, ExportTitles> = {
  zh: {
    code: '编码', name: '名称', nameEn: '英文名称', sort: '排序', parentCode: '父级编码', level: '层级', alias: '别名', shortName: '简称',
    tag1: '备用字段1', tag1Note: '备用字段1说明', tag2: '备用字段2', tag2Note: '备用字段2说明', tag3: '备用字段3', tag3Note: '备用字段3说明',
    tag4: '备用字段4', tag4Note: '备用字段4说明', tag5: '备用字段5', tag5Note: '备用字段5说明',
    status: '发布状态', source: '来源', startDate: '开始日期', endDate: '结束日期', remark: '备注', published: '已发布', unpublished: '未发布',
  },
  en: {
    code: 'Code', name: 'Name', nameEn: 'English name', sort: 'Sort', parentCode: 'Parent code', level: 'Level', alias: 'Alias', shortName: 'Short name',
    tag1: 'Tag 1', tag1Note: 'Tag 1 note', tag2: 'Tag 2', tag2Note: 'Tag 2 note', tag3: 'Tag 3', tag3Note: 'Tag 3 note',
    tag4: 'Tag 4', tag4Note: 'Tag 4 note', tag5: 'Tag 5', tag5Note: 'Tag 5 note',
    status: 'Status', source: 'Source', startDate: 'Start date', endDate: 'End date', remark: 'Remark', published: 'Published', unpublished: 'Unpublished',
  },
};
