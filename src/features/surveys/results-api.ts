import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SurveyDetail, SurveyResults } from '../../../contracts/surveys';
import { SURVEY_PERMISSIONS } from '../../../contracts/survey-rules';
import { SURVEY_URLS } from '../../../contracts/survey-urls';
import { tableQueryOptions, type TableQueryInput } from '../../components/table/table-query';
import { downloadFile, type DownloadResult } from '../../lib/download';
import { post } from '../../lib/http';
import type { ResultsSearchParams } from './results/search';

/**
 * 问卷统计 (/survey/cjwj/tjfx, survey_cjwj): the questionnaire (title, times, state, target), its
 * results (counts, rate against the target, per-question figures) with an optional org filter (a class
 * or department with its sub-orgs), the raw answers (table A) and their export (.xlsx).
 */
export const surveyResultsKeys = {
  all: ['surveys', 'results'] as const,
  detail: (id: string) => ['surveys', 'results', 'detail', id] as const,
  results: (id: string, org: string) => ['surveys', 'results', 'figures', id, org] as const,
};

/** `POST /api/surveys/get`: the questionnaire's header (times, state, audience). */
export const resultsDetailQuery = (id: string) =>
  queryOptions({
    queryKey: surveyResultsKeys.detail(id),
    queryFn: ({ signal }) => post<SurveyDetail>(SURVEY_URLS.get, { id }, { signal }),
  });

/** `POST /api/surveys/results`: the figures, for the whole target or one org. */
export const surveyResultsQuery = (id: string, org = '') =>
  queryOptions({
    queryKey: surveyResultsKeys.results(id, org),
    queryFn: ({ signal }) => post<SurveyResults>(SURVEY_URLS.results, { id, orgUnitId: org }, { signal }),
  });

/** The raw answers' page (table A over SURVEY_URLS.answers). */
export function answersListInput(search: ResultsSearchParams & { id: string }): TableQueryInput {
  return { url: SURVEY_URLS.answers, kind: 'A', filters: { id: search.id, orgUnitId: search.org ?? '' }, page: search.page ?? 0, size: search.size ?? 10 };
}

/** GET SURVEY_URLS.export?id=&orgUnitId=: the raw answers as .xlsx (saved by lib/download). */
export const exportAnswers = (id: string, org = ''): Promise<DownloadResult> => downloadFile(SURVEY_URLS.export, { params: { id, orgUnitId: org } });

/** The route's loader: the header and the figures (the answers' page when that tab is open); failures are left to the screen. */
export async function loadResultsScreen(queryClient: QueryClient, permissions: readonly string[], search: ResultsSearchParams): Promise<void> {
  if (!search.id || !permissions.includes(SURVEY_PERMISSIONS.manage)) return;
  const id = search.id;
  await Promise.all([
    queryClient.ensureQueryData(resultsDetailQuery(id)).catch(() => undefined),
    queryClient.ensureQueryData(surveyResultsQuery(id, search.org ?? '')).catch(() => undefined),
    search.tab === 'answers' ? queryClient.ensureQueryData(tableQueryOptions(answersListInput({ ...search, id }))).catch(() => undefined) : undefined,
  ]);
}
