import { z } from 'zod';
import { listInput, jsonObjectInput } from './input';
import { tableARequest } from './envelope';

/**
 * Dictionaries (SPEC §3 "Dictionary entry"): a dictionary type (e.g. message types) holds entries
 * with a code, names, sort, an optional parent, five spare tags and a publish status.
 */

/** Publish status of an entry (SPEC §4 published/unpublished). */
export const DictStatus = { unpublished: '0', published: '1' } as const;
export type DictStatus = (typeof DictStatus)[keyof typeof DictStatus];

/**
 * Type codes the admin screens will accept (SPEC §5): STD_GB_ (national), STD_JB_ (ministry),
 * STD_XB_ (school) or STD_ plus capitals, digits and underscores. Look-ups accept any plain code.
 */
export const DICT_TYPE_CODE_PATTERN = /^STD_(?:GB_|JB_|XB_)?[A-Z0-9_]+$/;
/** SPEC §5: dictionary names at most 40 characters. */
export const DICT_NAME_MAX = 40;
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
export const dictDataListRequest = tableARequest.extend({
  sortField: z.enum(['sort', 'code', 'name', '']).optional(),
  search: jsonSearch,
});
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
