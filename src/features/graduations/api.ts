import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { GRADUATION_URLS } from '../../../contracts/graduation-rules';
import type { CandidateRow, GraduatePrint, GraduateRequest, GraduateRow, GraduationOptions, HoldBackRequest, HoldBackResult } from '../../../contracts/graduations';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../components/table/table-query';
import { downloadFile } from '../../lib/download';
import { post } from '../../lib/http';
import type { GraduationSearchParams } from './search';

/** 毕业管理's calls (contracts/graduations.ts; server/modules/graduations). */
export const graduateFilters = (search: GraduationSearchParams) => ({ year: search.year ?? '', classId: search.class ?? '', keyword: search.keyword ?? '' });
const candidateFilters = (search: GraduationSearchParams) => ({ classId: search.class ?? '', keyword: search.keyword ?? '' });

/** Table A of the tab's list: the same input for the loader and the screen. */
export const graduationListInput = (search: GraduationSearchParams): TableQueryInput => ({
  url: search.tab === 'candidates' ? GRADUATION_URLS.candidates : GRADUATION_URLS.list,
  kind: 'A',
  filters: search.tab === 'candidates' ? candidateFilters(search) : graduateFilters(search),
  page: search.page ?? 0,
  size: search.size ?? 10,
});

export const graduationOptionsQuery = queryOptions({
  queryKey: ['graduations', 'options'],
  queryFn: ({ signal }) => post<GraduationOptions>(GRADUATION_URLS.options, {}, { signal }),
  staleTime: 30_000,
});

export const printQuery = (search: GraduationSearchParams) =>
  queryOptions({ queryKey: ['graduations', 'print', graduateFilters(search)], queryFn: ({ signal }) => post<GraduatePrint>(GRADUATION_URLS.print, { search: graduateFilters(search) }, { signal }), staleTime: 0 });

export const graduate = (body: GraduateRequest) => post<{ graduated: number; disabledAccounts: number }>(GRADUATION_URLS.graduate, body);
export const holdBack = (body: HoldBackRequest) => post<HoldBackResult>(GRADUATION_URLS.holdBack, body);
export const switchAccounts = (studentIds: string[], enabled: boolean) => post<{ changed: number }>(GRADUATION_URLS.accounts, { studentIds, enabled });
export const exportGraduates = (search: GraduationSearchParams) => downloadFile(GRADUATION_URLS.export, { method: 'POST', body: { search: graduateFilters(search) } });

/** After a write: both lists and the options read again. */
export const refreshGraduations = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: tableKeys.url(GRADUATION_URLS.list) }),
    queryClient.invalidateQueries({ queryKey: tableKeys.url(GRADUATION_URLS.candidates) }),
    queryClient.invalidateQueries({ queryKey: ['graduations'] }),
  ]);

export async function loadGraduations(queryClient: QueryClient, search: GraduationSearchParams): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(tableQueryOptions<GraduateRow | CandidateRow>(graduationListInput(search))).catch(() => undefined),
    queryClient.ensureQueryData(graduationOptionsQuery).catch(() => undefined),
  ]);
}
