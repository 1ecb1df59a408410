import {
  DICT_CODE_MAX,
  dictDateIssue,
  dictEntryCodeIssue,
  dictNameIssue,
  dictTypeCodeIssue,
  type DictIssue,
} from '../../../../contracts/dict-rules';
import type { DictEntryRow, DictEntrySaveRequest, DictStatus, DictTypeRow, DictTypeSaveRequest } from '../../../../contracts/dicts';

/** 数据字典's forms: drafts, the same rules as the server (contracts/dict-rules.ts), request bodies. */

export interface TypeDraft {
  code: string;
  name: string;
  nameEn: string;
  sort: number;
  status: DictStatus;
  remark: string;
}

export const blankTypeDraft = (): TypeDraft => ({ code: 'STD_XB_', name: '', nameEn: '', sort: 0, status: '1', remark: '' });
export const typeDraftOf = (row: DictTypeRow): TypeDraft => ({ code: row.code, name: row.name, nameEn: row.nameEn, sort: row.sort, status: row.status, remark: row.remark });

export function typeProblems(draft: TypeDraft): Partial<Record<'code' | 'name', DictIssue>> {
  const problems: Partial<Record<'code' | 'name', DictIssue>> = {};
  const code = dictTypeCodeIssue(draft.code.trim());
  if (code) problems.code = code;
  const name = dictNameIssue(draft.name);
  if (name) problems.name = name;
  return problems;
}

export const typeSaveBody = (draft: TypeDraft, row?: DictTypeRow): DictTypeSaveRequest => ({
  ...(row ? { id: row.id, version: row.version } : {}),
  code: draft.code.trim(),
  name: draft.name.trim(),
  nameEn: draft.nameEn.trim(),
  sort: draft.sort,
  status: draft.status,
  remark: draft.remark.trim(),
});

export const TAG_NUMBERS = [1, 2, 3, 4, 5] as const;
type TagField = `tag${(typeof TAG_NUMBERS)[number]}` | `tag${(typeof TAG_NUMBERS)[number]}Note`;

export type EntryDraft = {
  code: string;
  name: string;
  nameEn: string;
  alias: string;
  shortName: string;
  sort: number;
  parentCode: string;
  status: DictStatus;
  source: string;
  startDate: string;
  endDate: string;
  remark: string;
} & Record<TagField, string>;

const blankTags = () => Object.fromEntries(TAG_NUMBERS.flatMap((n) => [[`tag${n}`, ''], [`tag${n}Note`, '']])) as Record<TagField, string>;

export const blankEntryDraft = (parentCode = ''): EntryDraft => ({
  code: '',
  name: '',
  nameEn: '',
  alias: '',
  shortName: '',
  sort: 0,
  parentCode,
  status: '1',
  source: '',
  startDate: '',
  endDate: '',
  remark: '',
  ...blankTags(),
});

export function entryDraftOf(row: DictEntryRow): EntryDraft {
  const draft = blankEntryDraft(row.parentCode);
  for (const key of Object.keys(draft) as (keyof EntryDraft)[]) {
    const value = row[key as keyof DictEntryRow];
    (draft as Record<string, unknown>)[key] = value ?? (typeof draft[key] === 'number' ? 0 : '');
  }
  return draft;
}

export function entryProblems(draft: EntryDraft): Partial<Record<'code' | 'name' | 'endDate', DictIssue>> {
  const problems: Partial<Record<'code' | 'name' | 'endDate', DictIssue>> = {};
  const code = dictEntryCodeIssue(draft.code.trim());
  if (code) problems.code = code;
  const name = dictNameIssue(draft.name);
  if (name) problems.name = name;
  const dates = dictDateIssue(draft.startDate || null, draft.endDate || null);
  if (dates) problems.endDate = dates;
  return problems;
}

export function entrySaveBody(draft: EntryDraft, typeId: string, row?: DictEntryRow): DictEntrySaveRequest {
  const trimmed = Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as EntryDraft;
  return {
    ...(row ? { id: row.id, version: row.version } : {}),
    typeId,
    ...trimmed,
    startDate: trimmed.startDate || null,
    endDate: trimmed.endDate || null,
  };
}

/** Codes an entry may take as its parent: any entry of the type except itself and those below it. */
export function parentChoices(entries: readonly Pick<DictEntryRow, 'code' | 'parentCode' | 'name'>[], self?: string): { code: string; name: string }[] {
  if (!self) return entries.map(({ code, name }) => ({ code, name }));
  const below = new Set<string>([self]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of entries) {
      if (!below.has(entry.code) && below.has(entry.parentCode)) {
        below.add(entry.code);
        grew = true;
      }
    }
  }
  return entries.filter((entry) => !below.has(entry.code)).map(({ code, name }) => ({ code, name }));
}

export { DICT_CODE_MAX };
