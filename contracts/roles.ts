import { z } from 'zod';
import { sortedTableARequest, tableARequest } from './envelope';
import { jsonObjectInput } from './input';
import { ROLE_CODE_PATTERN, ROLE_FILTER_KINDS, ROLE_LIMITS, ROLE_TYPES, type RoleFilterKind, type RoleIssue, type RoleType } from './roles-rules';

export {
  ROLE_CODE_PATTERN,
  ROLE_FILTER_KINDS,
  ROLE_FILTER_PROBLEMS,
  ROLE_FILTER_TIMEOUT_MS,
  ROLE_LIMITS,
  ROLE_REFRESH_MINUTES,
  ROLE_TYPES,
  ROLE_URLS,
  type RoleFilterKind,
  type RoleFilterProblem,
  type RoleType,
} from './roles-rules';

/**
 * 角色管理 (/system/role) and 角色类型 (/system/jslx). SPEC §3 'Role' (name, code, business system,
 * type ordinary or dynamic SQL, filter: SQL or a stored procedure of three parameters returning user
 * ids), §6 role types in the selector. Paths are not shown in the SPEC: POST + JSON in its style;
 * the role list is generic table A.
 *
 * A dynamic role's members are what its filter returns. The server runs the filter (read-only, a
 * statement timeout, as the database role xiaowu_role_filter that sees only the school's own people)
 * when the role is saved, on 刷新成员 and every ROLE_REFRESH_MINUTES, and writes the ids as the role's
 * members (user_roles.source 'dynamic'), so every place that reads roles (permissions, the selector,
 * questionnaire targets) sees them. Filters are validated before saving: one SELECT (or a procedure
 * of schema role_filters), one column of user ids; anything that writes, or reaches other schools, the
 * system catalogs or functions off the allowed list, is refused with a message saying what.
 */

/* ------------------------------------------------------------------ role types (categories) */

export interface RoleCategoryRow {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  sort: number;
  remark: string;
  /** roles of this category: a category with roles cannot be deleted */
  roleCount: number;
  version: number;
}

/** `POST /api/roles/categories`: every category, in sort order (a short list). */
export type RoleCategoriesData = RoleCategoryRow[];

export const roleCategorySaveRequest = z.object({
  id: z.uuid().optional(),
  version: z.number().int().positive().optional(),
  code: z.string().trim().min(1).max(ROLE_LIMITS.codeMax).regex(ROLE_CODE_PATTERN, { message: 'rolesCodeInvalid' satisfies RoleIssue }),
  name: z.string().trim().min(1).max(ROLE_LIMITS.nameMax),
  nameEn: z.string().trim().max(60).default(''),
  sort: z.number().int().min(0).max(ROLE_LIMITS.sortMax).default(0),
  remark: z.string().trim().max(ROLE_LIMITS.remarkMax).default(''),
});
export type RoleCategorySaveRequest = z.input<typeof roleCategorySaveRequest>;

/* ------------------------------------------------------------------ roles */

/** `POST /api/roles/list`: table A; search keyword (name or code contains), type, category. */
export const roleSearch = z.object({
  keyword: z.string().trim().max(50).optional(),
  type: z.enum(['', ...ROLE_TYPES]).optional(),
  category: z.string().trim().max(ROLE_LIMITS.codeMax).optional(),
});
export type RoleSearch = z.infer<typeof roleSearch>;
/** the columns the role list sorts by (default: sort) */
export const ROLE_SORT_FIELDS = ['sort', 'code', 'name', 'type', 'businessSystem'] as const;
export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];
export const roleListRequest = sortedTableARequest(ROLE_SORT_FIELDS).extend({ search: jsonObjectInput(roleSearch) });
export type RoleListRequest = z.input<typeof roleListRequest>;

export interface RoleRow {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  /** role category code (SPEC "business system") and its name in the caller's language */
  businessSystem: string;
  businessSystemName: string;
  type: RoleType;
  filterKind: RoleFilterKind;
  filter: string;
  filterParams: string[];
  sort: number;
  remark: string;
  memberCount: number;
  /** granted menu rows (directories, menus, buttons) */
  menuCount: number;
  /** dynamic roles: last filter run (ISO) and its failure ('' when it ran) */
  membersRefreshedAt: string | null;
  membersError: string;
  /** built-in roles of SPEC §6 (admin, teacher, student, parent…) cannot be deleted or change code */
  builtIn: boolean;
  version: number;
}
export interface RoleListData {
  total: number;
  rows: RoleRow[];
}

const filterParam = z.string().trim().max(ROLE_LIMITS.filterParamMax);

export const roleSaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().positive().optional(),
    code: z.string().trim().min(1).max(ROLE_LIMITS.codeMax).regex(ROLE_CODE_PATTERN, { message: 'rolesCodeInvalid' satisfies RoleIssue }),
    name: z.string().trim().min(1).max(ROLE_LIMITS.nameMax),
    nameEn: z.string().trim().max(60).default(''),
    businessSystem: z.string().trim().min(1).max(ROLE_LIMITS.codeMax),
    type: z.enum(ROLE_TYPES),
    filterKind: z.enum(ROLE_FILTER_KINDS).default('select'),
    filter: z.string().trim().max(ROLE_LIMITS.filterMax).default(''),
    filterParams: z.array(filterParam).max(ROLE_LIMITS.filterParams).default([]),
    sort: z.number().int().min(0).max(ROLE_LIMITS.sortMax).default(0),
    remark: z.string().trim().max(ROLE_LIMITS.remarkMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'sql' && value.filter === '') ctx.addIssue({ code: 'custom', path: ['filter'], message: 'required' });
  });
export type RoleSaveRequest = z.input<typeof roleSaveRequest>;

/** `POST /api/roles/detail` { id } */
export const roleIdRequest = z.object({ id: z.uuid() });
export const roleDeleteRequest = z.object({ ids: z.array(z.uuid()).min(1).max(100) });

/**
 * `POST /api/roles/filter/test` { type, filterKind, filter, filterParams }: validates and runs a filter
 * without saving. Refused filters answer 40000 with the reason in msg and `data.problem`.
 */
export const roleFilterTestRequest = z.object({
  filterKind: z.enum(ROLE_FILTER_KINDS),
  filter: z.string().trim().min(1).max(ROLE_LIMITS.filterMax),
  filterParams: z.array(filterParam).max(ROLE_LIMITS.filterParams).default([]),
});
export type RoleFilterTestRequest = z.input<typeof roleFilterTestRequest>;
export interface RoleFilterTestData {
  count: number;
  /** the first ROLE_LIMITS.testSample people it returns */
  sample: { id: string; name: string; username: string; userType: string }[];
  durationMs: number;
}

/** `POST /api/roles/filter/catalog`: what a filter may read and call, for the editor's help panel. */
export interface RoleFilterCatalog {
  relations: { name: string; columns: { name: string; type: string; note: string }[] }[];
  functions: string[];
  procedures: { name: string; params: string[]; note: string }[];
  /** (H6, optional) a valid SELECT for the help panel; without it the screen shows `SELECT id FROM <first relation>` */
  example?: string;
}

/** `POST /api/roles/refresh-members` { id }: runs a dynamic role's filter now. */

/* ------------------------------------------------------------------ permissions and members */

/** `POST /api/roles/menus` { id }: the whole menu tree and the ids this role is granted. */
export interface RoleMenuNode {
  id: string;
  parentId: string | null;
  type: 'directory' | 'menu' | 'button';
  name: string;
  perms: string[];
  children: RoleMenuNode[];
}
export interface RoleMenusData {
  tree: RoleMenuNode[];
  granted: string[];
  /** admin holds every menu by its code: the tree is shown all ticked and read-only */
  all: boolean;
}
/** `POST /api/roles/menus/save`: the ticked rows (a ticked child implies its parents on the server). */
export const roleMenusSaveRequest = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  menuIds: z.array(z.uuid()).max(5000),
});

/** `POST /api/roles/members`: table A with search { roleId, keyword }. */
export const roleMemberSearch = z.object({ roleId: z.uuid(), keyword: z.string().trim().max(50).optional() });
export const roleMemberListRequest = tableARequest.extend({ search: jsonObjectInput(roleMemberSearch) });
export interface RoleMemberRow {
  id: string;
  name: string;
  username: string;
  userType: string;
  orgName: string;
  source: 'manual' | 'dynamic';
}
export interface RoleMemberListData {
  total: number;
  rows: RoleMemberRow[];
}
/** `POST /api/roles/members/add` / `remove`: ordinary roles only (a dynamic role's members come from its filter). */
export const roleMembersChangeRequest = z.object({ roleId: z.uuid(), userIds: z.array(z.uuid()).min(1).max(500) });

