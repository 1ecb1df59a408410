import { areaDataRequest, areaListRequest, getRolesRequest, peopleByIdsRequest, peopleSearchRequest } from '../../../contracts/selector';
import { defineRoute, reads } from '../../plugins/define-route';

/**
 * SPEC §7 selector data calls, rows of the session's tenant only: campuses, roles, areas and staff
 * categories for any logged-in user; people and the organisation tree for administrators and staff
 * only (SelectorService MAY_LOOK_UP: students and parents get 40300).
 */
/** The calls SelectorService refuses to students and parents ('METHOD url'; the access walk checks them). */
export const STAFF_ONLY_ROUTES: ReadonlySet<string> = new Set([
  'GET /components/getOrgsData',
  'POST /components/getOrgsData',
  'POST /saas/components/getUserAllData',
  'POST /saas/components/getUserData',
  'POST /components/getUserData',
]);

export const selectorRoutes = [
  defineRoute({
    method: 'GET',
    url: '/saas/components/getXq',
    operation: reads('校区选项', 'Campus choices'),
    access: 'session',
    summary: "the tenant's campuses → xqList [{ XQID, XQMC, XQDM }]",
    handler: ({ tx, services }) => services.selector.campuses(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/components/getRoles',
    operation: reads('角色选项', 'Role choices'),
    access: 'session',
    summary: "roleType '' | ordinary | sql → role groups by business system [{ CODE, NAME, CHILD: [{ CODE, NAME, TYPE }] }]",
    body: getRolesRequest,
    handler: ({ tx, body, services, lang }) => services.selector.roles(tx, body.roleType, lang),
  }),
  ...(['POST', 'GET'] as const).map((method) =>
    defineRoute({
      method,
      url: '/components/getOrgsData',
      operation: reads('组织机构树', 'Organisation tree'),
      access: 'session',
      summary: 'the organisation tree [{ id, label, children, NAME, CODE, PID, CHILD, KIND }]',
      handler: ({ tx, session, services, lang }) => services.selector.orgs(tx, session, lang),
    }),
  ),
  defineRoute({
    method: 'POST',
    url: '/saas/components/getUserAllData',
    operation: reads('查找人员', 'Find people'),
    access: 'session',
    summary: 'people search: size, zero-based page, search JSON { USERTYPE, KEYWORD, XQID, XQDM, DWDM, ISBM, USERID } → rows, total',
    body: peopleSearchRequest,
    handler: ({ tx, session, body, services }) => services.selector.searchPeople(tx, session, body),
  }),
  ...['/saas/components/getUserData', '/components/getUserData'].map((url) =>
    defineRoute({
      method: 'POST',
      url,
      operation: reads('按编号查人员', 'People by id'),
      access: 'session',
      summary: 'people by ids (with or without the U_ prefix) → [{ ID, USERNAME, USERID, USERTYPE }]',
      body: peopleByIdsRequest,
      handler: ({ tx, session, body, services }) => services.selector.peopleByIds(tx, session, body.ids),
    }),
  ),
  defineRoute({
    method: 'POST',
    url: '/components/getAreaData',
    operation: reads('地区选项', 'Area choices'),
    access: 'session',
    summary: 'areas of one level (levNum) under parentCode → [{ CODE, NAME, CHILD, LEVNUM }]',
    body: areaDataRequest,
    handler: ({ tx, body, services }) => services.selector.areas(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/components/getAreaList',
    operation: reads('地区路径', 'Area path'),
    access: 'session',
    summary: "an area code → its codes from the leaf up to the province, comma-separated",
    body: areaListRequest,
    handler: ({ tx, body, services }) => services.selector.areaList(tx, body.code),
  }),
  defineRoute({
    method: 'POST',
    url: '/components/getJzgTypeData',
    operation: reads('教职工类别', 'Staff categories'),
    access: 'session',
    summary: 'staff categories (教职工类别) → [{ CODE, NAME }]',
    handler: ({ tx, services, lang }) => services.selector.teacherTypes(tx, lang),
  }),
];
