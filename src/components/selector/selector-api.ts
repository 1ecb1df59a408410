import { queryOptions } from '@tanstack/react-query';
import type { GetOrgsData, GetRolesData, PeopleByIdsData, PeopleSearch, PeopleSearchData, TeacherTypeData, XqData, AreaData, AreaListData } from '../../../contracts/selector';
import { SELECTOR_PAGE_SIZE } from '../../../contracts/selector-constants';
import { get, post } from '../../lib/http';

/** SPEC §7 selector calls; every URL can be overridden by the caller. */
export const SELECTOR_URLS = {
  campuses: '/saas/components/getXq',
  roles: '/components/getRoles',
  orgs: '/components/getOrgsData',
  people: '/saas/components/getUserAllData',
  peopleByIds: '/saas/components/getUserData',
  areas: '/components/getAreaData',
  areaList: '/components/getAreaList',
  teacherTypes: '/components/getJzgTypeData',
} as const;

/** Role and org trees change rarely: cached for half an hour (SPEC: "cached"). */
const TREE_STALE_MS = 30 * 60_000;

export const campusesQuery = (url: string = SELECTOR_URLS.campuses) =>
  queryOptions({
    queryKey: ['selector', 'campuses', url],
    queryFn: async ({ signal }) => (await get<XqData>(url, undefined, { signal }))?.xqList ?? [],
    staleTime: TREE_STALE_MS,
  });

export const rolesQuery = (url: string = SELECTOR_URLS.roles, roleType = '') =>
  queryOptions({
    queryKey: ['selector', 'roles', url, roleType],
    queryFn: ({ signal }) => post<GetRolesData>(url, { roleType }, { signal }),
    staleTime: TREE_STALE_MS,
  });

export const orgsQuery = (url: string = SELECTOR_URLS.orgs) =>
  queryOptions({
    queryKey: ['selector', 'orgs', url],
    queryFn: ({ signal }) => post<GetOrgsData>(url, {}, { signal }),
    staleTime: TREE_STALE_MS,
  });

/** People search: zero-based page, page size 5, search as JSON of USERTYPE, KEYWORD, XQID (XQDM, DWDM). */
export const peopleQuery = (url: string, page: number, search: PeopleSearch, size = SELECTOR_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['selector', 'people', url, page, size, search],
    queryFn: ({ signal }) => post<PeopleSearchData>(url, { size, page, search: JSON.stringify(search) }, { signal }),
  });

export const peopleByIdsQuery = (url: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: ['selector', 'people-by-ids', url, [...ids].sort()],
    queryFn: ({ signal }) => (ids.length === 0 ? Promise.resolve<PeopleByIdsData>([]) : post<PeopleByIdsData>(url, { ids }, { signal })),
    staleTime: 5 * 60_000,
  });

export const areaLevelQuery = (levNum: number, parentCode: string, url: string = SELECTOR_URLS.areas) =>
  queryOptions({
    queryKey: ['selector', 'areas', url, levNum, parentCode],
    queryFn: ({ signal }) => post<AreaData>(url, { levNum, parentCode }, { signal }),
    staleTime: Infinity,
  });

export const areaPathQuery = (code: string, url: string = SELECTOR_URLS.areaList) =>
  queryOptions({
    queryKey: ['selector', 'area-path', url, code],
    queryFn: ({ signal }) => post<AreaListData>(url, { code }, { signal }),
    staleTime: Infinity,
  });

export const teacherTypesQuery = (url: string = SELECTOR_URLS.teacherTypes) =>
  queryOptions({
    queryKey: ['selector', 'teacher-types', url],
    queryFn: ({ signal }) => post<TeacherTypeData>(url, {}, { signal }),
    staleTime: TREE_STALE_MS,
  });
