import { ROLE_LIMITS, roleCodeIssue } from '../../../../contracts/roles-rules';
import type { RoleCategoryRow, RoleCategorySaveRequest, RoleFilterKind, RoleRow, RoleSaveRequest, RoleType } from '../../../../contracts/roles';

/**
 * The role and role-type forms' rules as typed (the same limits and pattern as contracts/roles.ts,
 * which the server applies): a draft, its problems per field, and the request body it saves as.
 */
export type FieldProblem =
  | { code: 'required' }
  | { code: 'too_long'; max: number }
  | { code: 'pattern' }
  | { code: 'range'; min: number; max: number };

export interface RoleDraft {
  code: string;
  name: string;
  nameEn: string;
  businessSystem: string;
  type: RoleType;
  filterKind: RoleFilterKind;
  filter: string;
  /** a procedure's three parameters (always three here; trailing blanks are dropped on save) */
  filterParams: [string, string, string];
  sort: number | null;
  remark: string;
}
export type RoleDraftField = keyof RoleDraft | 'filterParam0' | 'filterParam1' | 'filterParam2';
export type Problems<F extends string> = Partial<Record<F, FieldProblem>>;

const NAME_EN_MAX = 60;

export function blankRoleDraft(category = ''): RoleDraft {
  return { code: '', name: '', nameEn: '', businessSystem: category, type: 'ordinary', filterKind: 'select', filter: '', filterParams: ['', '', ''], sort: 0, remark: '' };
}

export function roleDraftOf(row: RoleRow): RoleDraft {
  const params = [...row.filterParams, '', '', ''].slice(0, 3) as [string, string, string];
  return {
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    businessSystem: row.businessSystem,
    type: row.type,
    filterKind: row.filterKind,
    filter: row.filter,
    filterParams: params,
    sort: row.sort,
    remark: row.remark,
  };
}

function text(value: string, { required = false, max }: { required?: boolean; max: number }): FieldProblem | undefined {
  const trimmed = value.trim();
  if (required && !trimmed) return { code: 'required' };
  if (trimmed.length > max) return { code: 'too_long', max };
  return undefined;
}

function codeProblem(code: string): FieldProblem | undefined {
  const problem = text(code, { required: true, max: ROLE_LIMITS.codeMax });
  if (problem) return problem;
  return roleCodeIssue(code) ? { code: 'pattern' } : undefined;
}

function sortProblem(sort: number | null): FieldProblem | undefined {
  if (sort === null) return undefined;
  return Number.isInteger(sort) && sort >= 0 && sort <= ROLE_LIMITS.sortMax ? undefined : { code: 'range', min: 0, max: ROLE_LIMITS.sortMax };
}

const compact = <F extends string>(entries: [F, FieldProblem | undefined][]): Problems<F> =>
  Object.fromEntries(entries.filter(([, problem]) => problem)) as Problems<F>;

/** What is wrong with a role as typed (empty: it may be sent). */
export function roleProblems(draft: RoleDraft): Problems<RoleDraftField> {
  const sql = draft.type === 'sql';
  return compact<RoleDraftField>([
    ['name', text(draft.name, { required: true, max: ROLE_LIMITS.nameMax })],
    ['nameEn', text(draft.nameEn, { max: NAME_EN_MAX })],
    ['code', codeProblem(draft.code)],
    ['businessSystem', text(draft.businessSystem, { required: true, max: ROLE_LIMITS.codeMax })],
    ['filter', sql ? text(draft.filter, { required: true, max: ROLE_LIMITS.filterMax }) : undefined],
    ...draft.filterParams.map((param, index): [RoleDraftField, FieldProblem | undefined] => [
      `filterParam${index}` as RoleDraftField,
      sql && draft.filterKind === 'procedure' ? text(param, { max: ROLE_LIMITS.filterParamMax }) : undefined,
    ]),
    ['sort', sortProblem(draft.sort)],
    ['remark', text(draft.remark, { max: ROLE_LIMITS.remarkMax })],
  ]);
}

/** A procedure's parameters as sent: the three as typed, trailing blanks dropped. */
export function paramsOf(draft: Pick<RoleDraft, 'filterKind' | 'filterParams'>): string[] {
  if (draft.filterKind !== 'procedure') return [];
  const params = draft.filterParams.map((param) => param.trim());
  while (params.length && params[params.length - 1] === '') params.pop();
  return params;
}

/** The save request of a draft (an ordinary role sends no filter). */
export function roleSaveBody(draft: RoleDraft, row?: Pick<RoleRow, 'id' | 'version'>): RoleSaveRequest {
  const sql = draft.type === 'sql';
  return {
    ...(row ? { id: row.id, version: row.version } : {}),
    code: draft.code.trim(),
    name: draft.name.trim(),
    nameEn: draft.nameEn.trim(),
    businessSystem: draft.businessSystem,
    type: draft.type,
    filterKind: draft.filterKind,
    filter: sql ? draft.filter.trim() : '',
    filterParams: sql ? paramsOf(draft) : [],
    sort: draft.sort ?? 0,
    remark: draft.remark.trim(),
  };
}

/* ------------------------------------------------------------------ role types */

export interface CategoryDraft {
  code: string;
  name: string;
  nameEn: string;
  sort: number | null;
  remark: string;
}

export const blankCategoryDraft = (): CategoryDraft => ({ code: '', name: '', nameEn: '', sort: 0, remark: '' });
export const categoryDraftOf = (row: RoleCategoryRow): CategoryDraft => ({ code: row.code, name: row.name, nameEn: row.nameEn, sort: row.sort, remark: row.remark });

export function categoryProblems(draft: CategoryDraft): Problems<keyof CategoryDraft> {
  return compact<keyof CategoryDraft>([
    ['code', codeProblem(draft.code)],
    ['name', text(draft.name, { required: true, max: ROLE_LIMITS.nameMax })],
    ['nameEn', text(draft.nameEn, { max: NAME_EN_MAX })],
    ['sort', sortProblem(draft.sort)],
    ['remark', text(draft.remark, { max: ROLE_LIMITS.remarkMax })],
  ]);
}

export function categorySaveBody(draft: CategoryDraft, row?: Pick<RoleCategoryRow, 'id' | 'version'>): RoleCategorySaveRequest {
  return {
    ...(row ? { id: row.id, version: row.version } : {}),
    code: draft.code.trim(),
    name: draft.name.trim(),
    nameEn: draft.nameEn.trim(),
    sort: draft.sort ?? 0,
    remark: draft.remark.trim(),
  };
}
