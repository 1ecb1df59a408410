import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BankQuestionRow, SurveyDetail, SurveyRow, SurveySaveRequest } from '../../../contracts/surveys';
import type { QuestionKind } from '../../../contracts/survey-rules';
import { SURVEY_URLS } from '../../../contracts/survey-urls';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../components/table/table-query';
import { buildUrl, fetchRaw, HttpError, post } from '../../lib/http';

/**
 * The questionnaire managing calls (issue 9; H3): the list, one questionnaire, save, delete, publish,
 * in use, copy, the public link's QR code, the question bank. Paths from the zod-free
 * contracts/survey-urls.ts; bodies typed from contracts/surveys.ts (types only: no zod here).
 */
export const URLS = SURVEY_URLS;

export const surveyKeys = {
  all: ['surveys'] as const,
  details: ['surveys', 'detail'] as const,
  detail: (id: string) => ['surveys', 'detail', id] as const,
  qr: (id: string) => ['surveys', 'qr', id] as const,
};

/** The list's search as the URL holds it (manage/search.ts). */
export interface SurveyListSearch {
  keyword?: string;
  published?: 'yes' | 'no';
  inUse?: 'yes' | 'no';
  timeState?: 'not_started' | 'started' | 'expired';
  page?: number;
  size?: number;
}

/** The list page (table A over /api/surveys/list): the same input for the route's loader and the screen. */
export function surveyListInput(search: SurveyListSearch): TableQueryInput {
  const filters: Record<string, unknown> = {};
  if (search.keyword) filters.keyword = search.keyword;
  if (search.published) filters.published = search.published;
  if (search.inUse) filters.inUse = search.inUse;
  if (search.timeState) filters.timeState = search.timeState;
  return { url: URLS.list, kind: 'A', filters, page: search.page ?? 0, size: search.size ?? 10 };
}

/** `POST /api/surveys/get`: one questionnaire with its questions, target names and what the caller may do. */
export const surveyDetailQuery = (id: string) =>
  queryOptions({
    queryKey: surveyKeys.detail(id),
    queryFn: ({ signal }) => post<SurveyDetail>(URLS.get, { id }, { signal }),
    // the editor works on its own copy: no refetch under the user's hands
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** A questionnaire not saved yet answers 40400: the editor starts a new one. */
export const isNotFound = (error: unknown) => error instanceof HttpError && error.code === 40400;

export const saveSurvey = (body: SurveySaveRequest) => post<SurveyDetail>(URLS.save, body);
export const deleteSurveys = (ids: string[]) => post<unknown>(URLS.delete, { ids });
export const publishSurvey = (id: string, version: number, published: boolean) => post<SurveyRow | SurveyDetail>(URLS.publish, { id, version, published });
export const setSurveyInUse = (id: string, version: number, inUse: boolean) => post<SurveyRow | SurveyDetail>(URLS.inUse, { id, version, inUse });
export const copySurvey = (id: string, newId: string) => post<SurveyRow | SurveyDetail | { id: string }>(URLS.copy, { id, newId });

/**
 * The QR code PNG (GET /api/surveys/qr?id=, session) and the link it holds (X-Survey-Link: built by the
 * server from the school's public address); the dialog makes the PNG's object URL. Without a public
 * address the server refuses (40000, 'set it in 系统配置') and the dialog shows that instead of a link.
 */
export const surveyQrQuery = (id: string) =>
  queryOptions({
    queryKey: surveyKeys.qr(id),
    queryFn: async ({ signal }) => {
      const response = await fetchRaw(URLS.qr, { method: 'GET', params: { id }, signal });
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !type.startsWith('image/')) {
        const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
        throw new HttpError(body?.code ?? -1, body?.msg ?? '', 'failure');
      }
      return { png: await response.blob(), link: decodeURI(response.headers.get('X-Survey-Link') ?? '') };
    },
    staleTime: Infinity,
    gcTime: 60_000,
    meta: { persist: false },
  });

export const qrImageUrl = (id: string) => buildUrl(URLS.qr, { id });

/** After a write: the row or detail answered replaces the cached one; the lists refresh. */
export async function refreshSurveys(queryClient: QueryClient, answer?: unknown): Promise<void> {
  if (answer && typeof answer === 'object' && 'questions' in answer && 'id' in answer) {
    queryClient.setQueryData(surveyKeys.detail((answer as SurveyDetail).id), answer as SurveyDetail);
  } else if (answer && typeof answer === 'object' && 'id' in answer) {
    await queryClient.invalidateQueries({ queryKey: surveyKeys.detail((answer as { id: string }).id) });
  }
  await queryClient.invalidateQueries({ queryKey: tableKeys.url(URLS.list) });
}

/** A route's loader: the list's first page, as the screen reads it (a failure is the screen's to show). */
export async function loadSurveyList(queryClient: QueryClient, search: SurveyListSearch): Promise<void> {
  await queryClient.ensureQueryData(tableQueryOptions<SurveyRow>(surveyListInput(search))).catch(() => undefined);
}

/**
 * The editor's and preview's loader: the questionnaire read afresh when online (the editor copies it
 * once, so it starts from the current version), else the cached one. A new id answers 40400: the
 * editor starts blank.
 */
export async function loadSurvey(queryClient: QueryClient, id: string | undefined): Promise<void> {
  if (!id) return;
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  if (online) await queryClient.fetchQuery({ ...surveyDetailQuery(id), staleTime: 0 }).catch(() => undefined);
  else await queryClient.ensureQueryData(surveyDetailQuery(id)).catch(() => undefined);
}

/* ------------------------------------------------------------------ the question bank */

export interface BankSearch {
  keyword?: string;
  kind?: QuestionKind;
  category?: string;
  page?: number;
  size?: number;
}

export function bankListInput(search: BankSearch): TableQueryInput {
  const filters: Record<string, unknown> = {};
  if (search.keyword) filters.keyword = search.keyword;
  if (search.kind) filters.kind = search.kind;
  if (search.category) filters.category = search.category;
  return { url: URLS.bankList, kind: 'A', filters, page: search.page ?? 0, size: search.size ?? 10 };
}

export const saveBankQuestion = (body: { version: number; category: string; question: BankQuestionRow['question'] }) => post<BankQuestionRow>(URLS.bankSave, body);
export const deleteBankQuestions = (ids: string[]) => post<unknown>(URLS.bankDelete, { ids });
export const refreshBank = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: tableKeys.url(URLS.bankList) });

export async function loadBank(queryClient: QueryClient, search: BankSearch): Promise<void> {
  await queryClient.ensureQueryData(tableQueryOptions<BankQuestionRow>(bankListInput(search))).catch(() => undefined);
}
