import { z } from 'zod';
import { calendarDateOrBlank } from './dates';
import { listInput, jsonObjectInput } from './input';
import { sortedTableARequest } from './envelope';

/**
 * Dictionaries (SPEC §3 "Dictionary entry"): a dictionary type (e.g. message types) holds entries
 * with a code, names, sort, an optional parent, five spare tags and a publish status.
 */

/** Publish status of an entry (SPEC §4 published/unpublished). */
export const DictStatus = { unpublished: '0', published: '1' } as const;
export type DictStatus = (typeof DictStatus)[keyof typeof DictStatus];

// Type codes the admin screens accept (SPEC §5) and the name limit: contracts/dict-rules.ts.
// Look-ups accept any plain code.
export { DICT_TYPE_CODE_PATTERN, DICT_NAME_MAX } from './dict-rules';
export { SUBJECT_DICT } from './dict-codes';

const lookupCode = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_.-]+$/);


/**
 * `POST /dicts`, JSON `{ typeArr: [...] }` or form `typeArr=A&typeArr=B` (also `typeArr[]=…`, or
 * one comma-separated value): the published entries of each type.
 */
export const dictsRequest = z.preprocess(
  (input) => {
    if (input && typeof input === 'object' && !Array.isArray(input)) {
      const record = input as Record<string, unknown>;
      if (record.typeArr === undefined && record['typeArr[]'] !== undefined) return { ...record, typeArr: record['typeArr[]'] };
    }
    return input;
  },
  z.object({ typeArr: z.preprocess(listInput, z.array(lookupCode).min(1).max(50)) }),
);
export type DictsRequest = z.infer<typeof dictsRequest>;

/** One entry as `POST /dicts` gives it (published and valid today). */
export interface DictItem {
  code: string;
  name: string;
  nameEn: string;
  sort: number;
  /** '' at the top level */
  parentCode: string;
  level: number;
  alias: string;
  shortName: string;
  tag1: string;
  tag2: string;
  tag3: string;
  tag4: string;
  tag5: string;
}

/** `POST /dicts` data: entries by type code, in sort order; an unknown type maps to []. */
export type DictsData = Record<string, DictItem[]>;

/** `search` of `POST /api/dict/getDictDataList` (a JSON string, as generic table A sends it). */
export const dictSearch = z.object({
  /** the dictionary type code; empty: every type */
  typeCode: z.string().trim().max(64).default(''),
  /** part of the code, name, English name or alias (case-insensitive) */
  keyword: z.string().trim().max(100).default(''),
  /** only children of this entry code */
  parentCode: z.string().trim().max(64).optional(),
  /** '' every entry; '0' unpublished (needs system_dict); '1' published */
  status: z.enum(['', DictStatus.unpublished, DictStatus.published]).default(''),
});
export type DictSearch = z.infer<typeof dictSearch>;

const jsonSearch = jsonObjectInput(dictSearch);

/**
 * `POST /api/dict/getDictDataList` (not shown by the SPEC; generic table A): `currPage` zero-based,
 * `limit`, `order`, `sortField` (sort, code, name), `search` as JSON of DictSearch → total, rows.
 */
export const dictDataListRequest = sortedTableARequest(['sort', 'code', 'name']).extend({ search: jsonSearch });
export type DictDataListRequest = z.infer<typeof dictDataListRequest>;

/** Every field of an entry (SPEC §3), as the dictionary list gives it. */
export interface DictEntryRow extends DictItem {
  id: string;
  typeCode: string;
  typeName: string;
  tag1Note: string;
  tag2Note: string;
  tag3Note: string;
  tag4Note: string;
  tag5Note: string;
  status: DictStatus;
  source: string;
  /** yyyy-mm-dd or null */
  startDate: string | null;
  endDate: string | null;
  remark: string;
  version: number;
}

/* ------------------------------------------------------------------ 数据字典 (/system/dict) */

/** Managing dictionaries: the menu code and its buttons. */
export const DICT_PERMISSION = 'system_dict';
export const DICT_ADD_PERMISSION = 'system_dict_add';
export const DICT_EDIT_PERMISSION = 'system_dict_edit';
export const DICT_DELETE_PERMISSION = 'system_dict_delete';
export const DICT_EXPORT_PERMISSION = 'system_dict_export';

/** `POST /api/dict/revision`: changes whenever any type or entry of the school changes (and daily). */
export interface DictRevisionData {
  revision: string;
}

/** `POST /api/dict/types/list`: every type of the school, optionally filtered by a keyword. */
export const dictTypeListRequest = z.object({ keyword: z.string().trim().max(100).default('') });
export type DictTypeListRequest = z.infer<typeof dictTypeListRequest>;

export interface DictTypeRow {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  sort: number;
  status: DictStatus;
  remark: string;
  /** how many entries it holds */
  entryCount: number;
  /** read by the system itself: its code cannot change and it cannot be deleted */
  builtIn: boolean;
  version: number;
}

const versionOnEdit = (value: { id?: string; version?: number }, ctx: z.RefinementCtx) => {
  if (value.id !== undefined && value.version === undefined) {
    ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['version'], input: undefined });
  }
};

const text = (max: number) => z.string().trim().max(max).default('');
const status = z.enum([DictStatus.unpublished, DictStatus.published]).default(DictStatus.published);
const sort = z.number().int().min(0).max(99999).default(0);

/**
 * `POST /api/dict/types/save`: add (no id) or edit (id + version). Code and name rules (prefix,
 * name ≤ 40) are checked by the service with the words of contracts/dict-rules.ts.
 */
export const dictTypeSaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().min(0).optional(),
    code: z.string().trim().max(200),
    name: z.string().trim().max(200),
    nameEn: text(100),
    sort,
    status,
    remark: text(300),
  })
  .superRefine(versionOnEdit);
export type DictTypeSaveRequest = z.infer<typeof dictTypeSaveRequest>;

export const dictIdsRequest = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export type DictIdsRequest = z.infer<typeof dictIdsRequest>;

const date = calendarDateOrBlank
  .nullish()
  .transform((value) => value || null);

/** `POST /api/dict/entries/save`: add (no id) or edit (id + version) an entry of type `typeId`. */
export const dictEntrySaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().min(0).optional(),
    typeId: z.uuid(),
    code: z.string().trim().max(200),
    name: z.string().trim().max(200),
    sort,
    parentCode: text(64),
    alias: text(100),
    shortName: text(100),
    nameEn: text(100),
    tag1: text(100),
    tag1Note: text(100),
    tag2: text(100),
    tag2Note: text(100),
    tag3: text(100),
    tag3Note: text(100),
    tag4: text(100),
    tag4Note: text(100),
    tag5: text(100),
    tag5Note: text(100),
    status,
    source: text(100),
    startDate: date,
    endDate: date,
    remark: text(300),
  })
  .superRefine(versionOnEdit);
export type DictEntrySaveRequest = z.infer<typeof dictEntrySaveRequest>;

/** `GET /api/dict/export?typeId=`: the type's entries as .xlsx. */
export const dictExportQuery = z.object({ typeId: z.uuid() });
