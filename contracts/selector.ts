import { z } from 'zod';
import { listInput, jsonObjectInput } from './input';

/**
 * The selector's data calls (SPEC §3 Selector entry, Person row, Campus option, Organisation tree
 * node, Role group, People search parameters, Area node; §4 Selector; §7). Field names are the SPEC's
 * (upper case); every call needs a session; rows are always the caller's tenant only.
 */

export * from './selector-constants';
import { SELECTOR_KEYWORD_MAX, SELECTOR_MAX_IDS, SELECTOR_MAX_PAGE_SIZE, SELECTOR_PAGE_SIZE, SELECTOR_PREFIX } from './selector-constants';

// ---------- campuses: GET /saas/components/getXq ----------

/** SPEC §3 Campus option. */
export interface CampusOption {
  /** campus id (uuid) */
  XQID: string;
  /** campus name */
  XQMC: string;
  /** campus code (what XQDM filters by) */
  XQDM: string;
}
export interface XqData {
  xqList: CampusOption[];
}

// ---------- roles: POST /components/getRoles ----------

/** SPEC §6 role types: '' every role, ordinary, or dynamic SQL. */
export const ROLE_TYPE_FILTERS = ['', 'ordinary', 'sql'] as const;
export const getRolesRequest = z.object({
  roleType: z.enum(ROLE_TYPE_FILTERS).default(''),
});
export type GetRolesRequest = z.infer<typeof getRolesRequest>;

export interface RoleItem {
  /** the role's code (a selector value is SELECTOR_PREFIX.role + CODE) */
  CODE: string;
  NAME: string;
  /** 'ordinary' | 'sql' */
  TYPE: string;
}
/** SPEC §3 Role group: roles grouped by business system. */
export interface RoleGroup {
  /** business system code, e.g. xiaowu */
  CODE: string;
  NAME: string;
  CHILD: RoleItem[];
}
export type GetRolesData = RoleGroup[];

// ---------- orgs: POST or GET /components/getOrgsData ----------

/**
 * SPEC §3 Organisation tree node. `id`, `label`, `children` for tree widgets; NAME, CODE, PID for the
 * places that read upper-case fields; CHILD is '1' when the node has children, else '0' (as Area node).
 */
export interface OrgNode {
  /** org unit id (uuid); a selector value is SELECTOR_PREFIX.org + id */
  id: string;
  label: string;
  children: OrgNode[];
  NAME: string;
  /** the org unit's code (what DWDM filters by) */
  CODE: string;
  /** parent id, '' at the root */
  PID: string;
  CHILD: '1' | '0';
  /** school | department | grade | class */
  KIND: string;
  /** '1': a grade or class the semester upgrade graduated (org_units.graduated); absent in a tree cached before it was sent */
  GRADUATED?: '1' | '0';
}
export type GetOrgsData = OrgNode[];

// ---------- people search: POST /saas/components/getUserAllData ----------

/** '' and null mean "no filter"; numbers (e.g. USERTYPE: 2) are taken as their text. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : typeof value === 'number' ? String(value) : value;

/** SPEC §3 People search parameters (the `search` JSON). Every field is optional; '' means no filter. */
export const peopleSearch = z.object({
  /** '1' administrator, '2' student, '3' teacher, '4' parent; several as '2,3' */
  USERTYPE: z.preprocess(blankToUndefined, z.string().trim().max(16).regex(/^[1-4](,[1-4])*$/).optional()),
  /** part of the name, account, or job or student number (case-insensitive contains) */
  KEYWORD: z.preprocess(blankToUndefined, z.string().trim().max(SELECTOR_KEYWORD_MAX).optional()),
  /** campus id */
  XQID: z.preprocess(blankToUndefined, z.string().trim().uuid().optional()),
  /** campus code */
  XQDM: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  /** org unit code: people of that unit and every unit below it */
  DWDM: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  /** '1': only the unit DWDM itself, not the units below it */
  ISBM: z.preprocess(blankToUndefined, z.enum(['0', '1']).optional()),
  /** exact job or student number */
  USERID: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
});
export type PeopleSearch = z.infer<typeof peopleSearch>;

/** `search` arrives as a JSON string (or, from JSON callers, an object). Bad JSON fails on `search`. */
const searchJson = jsonObjectInput(peopleSearch);

/** `POST /saas/components/getUserAllData` (JSON or form): `size`, zero-based `page`, `search`. */
export const peopleSearchRequest = z.object({
  size: z.coerce.number().int().min(1).max(SELECTOR_MAX_PAGE_SIZE).default(SELECTOR_PAGE_SIZE),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  search: searchJson,
});
export type PeopleSearchRequest = z.infer<typeof peopleSearchRequest>;

/** SPEC §3 Person row; never carries ID numbers or phone numbers. */
export interface PersonRow {
  /** user id (uuid); a selector value is SELECTOR_PREFIX.people + ID */
  ID: string;
  /** the person's name */
  USERNAME: string;
  /** job or student number ('' when the account has none) */
  USERID: string;
  USERTYPE: string;
  /** what the picker shows beside the name: job or student number, else the login account */
  USERID_SHOW: string;
  /** org unit name (department or class), '' when none */
  DWMC: string;
}
export interface PeopleSearchData {
  rows: PersonRow[];
  total: number;
}

// ---------- people by ids: POST /saas/components/getUserData and /components/getUserData ----------


/** A user id, with or without the people prefix. */
const personId = z.preprocess(
  (value) => (typeof value === 'string' && value.startsWith(SELECTOR_PREFIX.people) ? value.slice(SELECTOR_PREFIX.people.length) : value),
  z.string().trim().uuid(),
);

/**
 * Body: a JSON array of ids, or `{ ids }` / `{ userIds }` / `{ id }` (array or comma-separated), JSON or
 * form. Ids may carry the people prefix. Unknown ids (and other tenants') are left out of the answer.
 */
export const peopleByIdsRequest = z.preprocess(
  (input) => {
    if (Array.isArray(input) || typeof input === 'string') return { ids: input };
    if (input && typeof input === 'object') {
      const record = input as Record<string, unknown>;
      return { ids: record.ids ?? record.userIds ?? record.id ?? record['ids[]'] ?? [] };
    }
    return input;
  },
  z.object({ ids: z.preprocess(listInput, z.array(personId).max(SELECTOR_MAX_IDS)) }),
);
export type PeopleByIdsRequest = z.infer<typeof peopleByIdsRequest>;
export type PeopleByIdsData = Array<Pick<PersonRow, 'ID' | 'USERNAME' | 'USERID' | 'USERTYPE'>>;

// ---------- areas: POST /components/getAreaData and /components/getAreaList ----------

/** Levels of the area tree: 1 province, 2 city, 3 district. */
export const AREA_MAX_LEVEL = 3;
const areaCode = z.string().trim().regex(/^\d{6}$/);

/** `levNum` the level to load (1 = provinces), `parentCode` the parent's code ('' at level 1). */
export const areaDataRequest = z.object({
  levNum: z.coerce.number().int().min(1).max(AREA_MAX_LEVEL).default(1),
  parentCode: z.preprocess(blankToUndefined, areaCode.optional()),
});
export type AreaDataRequest = z.infer<typeof areaDataRequest>;

/** SPEC §3 Area node (GB/T 2260 six-digit codes). */
export interface AreaNode {
  CODE: string;
  NAME: string;
  /** '1' has children */
  CHILD: '1' | '0';
  LEVNUM: number;
}
export type AreaData = AreaNode[];

/** `code`: an area code; data: the codes from that area up to its province, comma-separated (leaf first). */
export const areaListRequest = z.object({ code: areaCode });
export type AreaListRequest = z.infer<typeof areaListRequest>;
/** e.g. '110105,110100,110000' */
export type AreaListData = string;

// ---------- teacher types: POST /components/getJzgTypeData ----------

/** Staff categories (教职工类别) for the staff picker. */
export interface TeacherTypeOption {
  CODE: string;
  NAME: string;
}
export type TeacherTypeData = TeacherTypeOption[];
