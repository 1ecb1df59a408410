// 数据字典 rules without zod (screens, route files and the server share them).
export { BUILT_IN_DICTS, SUBJECT_DICT } from './dict-codes';
import { BUILT_IN_DICTS } from './dict-codes';

/**
 * Type codes the admin screens accept (SPEC §5): STD_GB_ (national), STD_JB_ (ministry), STD_XB_
 * (school) or STD_, then capitals (digits and inner underscores may follow the first capital).
 */
export const DICT_TYPE_CODE_PATTERN = /^STD_(?:(?:GB|JB|XB)_)?[A-Z](?:[A-Z0-9_]*[A-Z0-9])?$/;
/** SPEC §5: dictionary names at most 40 characters (types and entries). */
export const DICT_NAME_MAX = 40;
export { DICT_CODE_MAX } from './system-codes';
import { DICT_CODE_MAX } from './system-codes';
/** an entry's code: letters, digits, '_', '.', '-' */
export const DICT_ENTRY_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** other texts (English name, alias, short name, tags, notes, source) */
export const DICT_TEXT_MAX = 100;
export const DICT_REMARK_MAX = 300;
export const DICT_SORT_MAX = 99999;

export const isBuiltInDict = (code: string): boolean => BUILT_IN_DICTS.includes(code);

/** The query key prefix of every cached dictionary read (src/lib/dicts.ts). */
export const DICT_QUERY_KEY = 'dicts';

/** What is wrong with a type's code or name ('' when fine): keys of the dicts messages. */
export type DictIssue = 'dictsTypeCodeInvalid' | 'dictsNameRequired' | 'dictsNameTooLong' | 'dictsEntryCodeInvalid' | 'dictsDateOrder';

export function dictTypeCodeIssue(code: string): DictIssue | null {
  return code.length <= DICT_CODE_MAX && DICT_TYPE_CODE_PATTERN.test(code) ? null : 'dictsTypeCodeInvalid';
}

export function dictNameIssue(name: string): DictIssue | null {
  if (name.trim() === '') return 'dictsNameRequired';
  return [...name].length > DICT_NAME_MAX ? 'dictsNameTooLong' : null;
}

export function dictEntryCodeIssue(code: string): DictIssue | null {
  return code.length > 0 && code.length <= DICT_CODE_MAX && DICT_ENTRY_CODE_PATTERN.test(code) ? null : 'dictsEntryCodeInvalid';
}

/** SPEC §5 date helper: start (yyyy-mm-dd) later than end → 开始时间应早于结束时间. */
export function dictDateIssue(startDate: string | null | undefined, endDate: string | null | undefined): DictIssue | null {
  return startDate && endDate && startDate > endDate ? 'dictsDateOrder' : null;
}

/** The zh and en texts of the issues (the server's messages.ts says the same words). */
export const DICT_ISSUE_TEXT: Record<DictIssue, { zh: string; en: string }> = {
  dictsTypeCodeInvalid: {
    zh: '字典编码须以STD_GB_、STD_JB_、STD_XB_或STD_开头，后接大写字母',
    en: 'The dictionary code must start with STD_GB_, STD_JB_, STD_XB_ or STD_ followed by capital letters',
  },
  dictsNameRequired: { zh: '请输入名称', en: 'Enter a name' },
  dictsNameTooLong: { zh: '名称不能超过40个字符', en: 'The name may have at most 40 characters' },
  dictsEntryCodeInvalid: {
    zh: '编码只能包含字母、数字、下划线、点和短横线，且不超过64个字符',
    en: 'The code may contain letters, digits, _ . - only, at most 64 characters',
  },
  dictsDateOrder: { zh: '开始时间应早于结束时间', en: 'The start must be before the end' },
};

/** Tags 1-5 of an entry, each with its note: the field names, in order. */
export const DICT_TAGS = [1, 2, 3, 4, 5] as const;
