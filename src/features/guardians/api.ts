import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Guardian, GuardianAccountLine, GuardianFound, GuardianListRow, GuardianSearch, GuardianStudent } from '../../../contracts/guardians';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../components/table/table-query';
import { downloadFile } from '../../lib/download';
import { post } from '../../lib/http';
import type { GuardianSearchParams } from './search';

/** 家庭信息's calls (contracts/guardians.ts; server/modules/guardians). */
export const URLS = {
  list: '/api/guardians/list',
  ofStudent: '/api/guardians/of-student',
  save: '/api/guardians/save',
  find: '/api/guardians/find',
  link: '/api/guardians/link',
  unlink: '/api/guardians/unlink',
  reorder: '/api/guardians/reorder',
  accounts: '/api/guardians/accounts',
  export: '/api/guardians/export',
} as const;

export const guardianFilters = (search: GuardianSearchParams): GuardianSearch => ({ keyword: search.keyword ?? '', orgUnitId: search.org ?? '', guardian: search.guardian ?? '' });

export const guardianListInput = (search: GuardianSearchParams): TableQueryInput => ({
  url: URLS.list,
  kind: 'A',
  filters: { ...guardianFilters(search) },
  page: search.page ?? 0,
  size: search.size ?? 10,
});

export const studentGuardiansQuery = (studentId: string) =>
  queryOptions({ queryKey: ['guardians', 'of-student', studentId], queryFn: () => post<{ student: GuardianStudent; guardians: Guardian[] }>(URLS.ofStudent, { studentId }), staleTime: 0 });

export interface GuardianInput {
  studentId: string;
  parentId?: string;
  version?: number;
  name: string;
  relation: string;
  phone: string;
  workUnit: string;
  idType: string;
  idNumber: string;
  livesWith: boolean;
  emergencyOrder: number | null;
}
export const saveGuardian = (body: GuardianInput) => post<{ parentId: string }>(URLS.save, body);
export const findGuardians = (phone: string, idNumber: string) => post<GuardianFound[]>(URLS.find, { phone, idNumber });
export const linkGuardian = (body: { studentId: string; parentId: string; relation: string; livesWith: boolean; emergencyOrder: number | null }) => post<null>(URLS.link, body);
export const unlinkGuardian = (studentId: string, parentId: string) => post<{ removed: boolean }>(URLS.unlink, { studentId, parentId });
export const reorderGuardians = (studentId: string, parentIds: string[]) => post<null>(URLS.reorder, { studentId, parentIds });
export const createParentAccounts = (studentIds: string[]) => post<{ lines: GuardianAccountLine[]; created: number }>(URLS.accounts, { studentIds });
export const exportGuardians = (search: GuardianSearchParams) => downloadFile(URLS.export, { method: 'POST', body: { search: guardianFilters(search) } });

export const refreshGuardians = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: tableKeys.url(URLS.list) }), queryClient.invalidateQueries({ queryKey: ['guardians'] })]);

export async function loadGuardians(queryClient: QueryClient, search: GuardianSearchParams): Promise<void> {
  await queryClient.ensureQueryData(tableQueryOptions<GuardianListRow>(guardianListInput(search))).catch(() => undefined);
}
