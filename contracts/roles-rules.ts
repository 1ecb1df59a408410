/**
 * 角色管理 / 角色类型's constants without zod (contracts/roles.ts re-exports them): what route files
 * and screens need (types, limits, the code pattern, paths) without pulling zod into their chunks.
 */

export { ROLE_TYPES, type RoleType } from './system-codes';
export const ROLE_FILTER_KINDS = ['select', 'procedure'] as const;
export type RoleFilterKind = (typeof ROLE_FILTER_KINDS)[number];

export const ROLE_LIMITS = {
  nameMax: 30,
  codeMax: 30,
  remarkMax: 300,
  filterMax: 4000,
  /** a procedure's three parameters */
  filterParams: 3,
  filterParamMax: 100,
  sortMax: 9999,
  /** members shown by a filter test */
  testSample: 20,
} as const;
/** How often dynamic roles' members are recomputed (also at save and on 刷新成员). */
export const ROLE_REFRESH_MINUTES = 10;
/** A filter run is cancelled after this long (statement_timeout). */
export const ROLE_FILTER_TIMEOUT_MS = 3000;

/** Role codes: letters, digits and underscore, starting with a letter (they are what grants and targets name). */
export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The code rule's words, said by the form as typed and by the server (server/i18n/messages.ts spreads
 * these; contracts/roles.ts names the key as the zod issue's message, server/plugins/validation.ts says it).
 */
export const ROLE_ISSUE_TEXT = {
  rolesCodeInvalid: {
    zh: '角色编码须以字母开头，只能包含字母、数字和下划线',
    en: 'The role code must start with a letter and may contain only letters, digits and underscores',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
export type RoleIssue = keyof typeof ROLE_ISSUE_TEXT;

/** What is wrong with a role (or role type) code's form, or null (length is checked apart). */
export const roleCodeIssue = (code: string): RoleIssue | null => (ROLE_CODE_PATTERN.test(code.trim()) ? null : 'rolesCodeInvalid');

/** Why a filter was refused; the msg says it in the caller's language. */
export const ROLE_FILTER_PROBLEMS = [
  'syntax', // not valid SQL
  'not_select', // not one read-only SELECT (several statements, DML, DDL, SELECT INTO, FOR UPDATE…)
  'writes', // a data-modifying part (INSERT / UPDATE / DELETE / MERGE, even inside WITH)
  'relation', // reads a table or view off the allowed list (other schools' data, system catalogs)
  'function', // calls a function off the allowed list (pg_sleep, set_config, dblink…)
  'columns', // not exactly one column
  'not_ids', // the column is not user ids of this school
  'timeout', // ran longer than ROLE_FILTER_TIMEOUT_MS
  'procedure', // the procedure does not exist in role_filters or does not take three parameters
  'permission', // the database refused a right the filter lacks (other tables, writes, settings)
  'value', // the database met a value the filter cannot handle (a bad cast, a division by zero)
  'invalid', // the database does not know a name, type or construct of the filter
  'failed', // the database refused it otherwise (its SQLSTATE follows; the server log has the reason)
] as const;
export type RoleFilterProblem = (typeof ROLE_FILTER_PROBLEMS)[number];

export const ROLE_URLS = {
  categories: '/api/roles/categories',
  categorySave: '/api/roles/categories/save',
  categoryDelete: '/api/roles/categories/delete',
  list: '/api/roles/list',
  detail: '/api/roles/detail',
  save: '/api/roles/save',
  delete: '/api/roles/delete',
  filterTest: '/api/roles/filter/test',
  filterCatalog: '/api/roles/filter/catalog',
  refreshMembers: '/api/roles/refresh-members',
  menus: '/api/roles/menus',
  menusSave: '/api/roles/menus/save',
  members: '/api/roles/members',
  membersAdd: '/api/roles/members/add',
  membersRemove: '/api/roles/members/remove',
} as const;
