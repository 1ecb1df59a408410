import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { UploadData } from '../../../contracts/files';
import type { MineRow, SurveyAnswerResult, SurveyForAnswer } from '../../../contracts/surveys';
import type { RefusalReason } from '../../../contracts/survey-rules';
import { REFUSAL_REASONS, SURVEY_PERMISSIONS } from '../../../contracts/survey-rules';
import { SURVEY_URLS } from '../../../contracts/survey-urls';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../components/table/table-query';
import { HttpError, post, requestEnvelope } from '../../lib/http';
import { knownSurveyTitles } from './answering/known';
import type { AnswerSearchParams } from './answering/search';

/**
 * 问卷填报 (/survey/wjdt, survey_wjdt): my questionnaires (table A over SURVEY_URLS.mine) and one
 * questionnaire to answer (SURVEY_URLS.open). The route's loader and the screen read them with the same
 * query options, so they land in the persisted cache and show offline after an online visit; the open
 * view of every unanswered row on the first page is prefetched online, so one never opened can be
 * answered offline after a reload. Answers go through the outbox (outbox-kind.tsx).
 */

export const surveyAnswerKeys = {
  all: ['surveys', 'answer'] as const,
  open: (id: string) => ['surveys', 'answer', 'open', id] as const,
};

/** The list page a screen shows: the same input for the loader and the screen. */
export function mineListInput(search: AnswerSearchParams): TableQueryInput {
  const filters: Record<string, unknown> = {};
  if (search.answered) filters.answered = search.answered;
  if (search.keyword) filters.keyword = search.keyword;
  return { url: SURVEY_URLS.mine, kind: 'A', filters, page: search.page ?? 0, size: search.size ?? 10 };
}


/** `POST /api/surveys/open`: the questionnaire to answer (questions, my answer if any). A refusal is an HttpError with data.reason. */
export const surveyOpenQuery = (id: string) =>
  queryOptions({
    queryKey: surveyAnswerKeys.open(id),
    queryFn: async ({ signal }) => {
      const survey = await post<SurveyForAnswer>(SURVEY_URLS.open, { id }, { signal });
      knownSurveyTitles.set(survey.id, survey.title);
      return survey;
    },
    // a refusal (not started, expired…) is an answer: no retry; offline keeps the copy read before
    retry: (count, error) => !(error instanceof HttpError && error.kind === 'failure') && count < 2,
  });

/** The SPEC §8 reason of a refusal of `open`/`answer` (data.reason), or null. */
export function refusalReasonOf(error: unknown): RefusalReason | null {
  if (!(error instanceof HttpError) || error.kind !== 'failure') return null;
  const reason = (error.data as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' && (REFUSAL_REASONS as readonly string[]).includes(reason) ? (reason as RefusalReason) : null;
}

/** The open view of every questionnaire on this page not answered yet, read while online (offline answering). */
export async function prefetchOpenViews(queryClient: QueryClient, rows: readonly MineRow[]): Promise<void> {
  for (const row of rows) knownSurveyTitles.set(row.id, row.title);
  await Promise.all(
    rows
      .filter((row) => !row.answeredAt && row.timeState === 'started')
      .map((row) => queryClient.prefetchQuery({ ...surveyOpenQuery(row.id), staleTime: 60_000 }).catch(() => undefined)),
  );
}

/** The route's loader: the list page (and the open questionnaire); failures are left to the screen. */
export async function loadAnswerScreen(queryClient: QueryClient, permissions: readonly string[], search: AnswerSearchParams): Promise<void> {
  if (!permissions.includes(SURVEY_PERMISSIONS.answer)) return;
  if (search.id) {
    await queryClient.ensureQueryData(surveyOpenQuery(search.id)).catch(() => undefined);
    return;
  }
  const page = await queryClient.ensureQueryData(tableQueryOptions<MineRow>(mineListInput(search))).catch(() => null);
  if (page) void prefetchOpenViews(queryClient, page.rows);
}

/** After an answer was delivered (or found already given): the open view says so, the list refreshes. */
export async function markAnswered(queryClient: QueryClient, questionnaireId: string, result: SurveyAnswerResult): Promise<void> {
  queryClient.setQueryData(surveyAnswerKeys.open(questionnaireId), (old: SurveyForAnswer | undefined) =>
    old ? { ...old, answered: { answerId: result.answerId, submittedAt: result.submittedAt } } : old,
  );
  await queryClient.invalidateQueries({ queryKey: tableKeys.url(SURVEY_URLS.mine) });
}

/**
 * A picture for a picture question, uploaded through the shared upload client with the session to
 * SURVEY_URLS.publicUpload (the surveyPicture profile applies): the server ties the file to the questionnaire and
 * the answer id, and the answer accepts only such pictures. Its file id.
 */
export async function uploadSurveyPicture(file: File, questionnaireId: string, answerId: string, options: { quiet?: boolean } = {}): Promise<string> {
  // quiet: the outbox's background upload (no network toast, no expiry prompt: the drain files it)
  // the questionnaire and answer ids go in the query: the server checks them before receiving the file
  const form = new FormData();
  form.append('file', file, file.name);
  const envelope = await requestEnvelope<UploadData>(SURVEY_URLS.publicUpload, { method: 'POST', body: form, params: { questionnaireId, answerId }, quiet: options.quiet });
  // the survey upload answers the one stored file (the generic upload answers a list)
  const data = envelope.data as unknown as UploadData | UploadData[number] | null;
  const resId = Array.isArray(data) ? data[0]?.resId : data?.resId;
  if (!resId) throw new HttpError(-1, envelope.msg || 'upload failed');
  return resId;
}
