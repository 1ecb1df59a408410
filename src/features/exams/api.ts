import { queryOptions } from '@tanstack/react-query';
import type { TableAData } from '../../../contracts/envelope';
import type { ExamBatchPublishData, ExamBatchRow, ExamOptions, ScoreSystemRow } from '../../../contracts/exams';
import { post } from '../../lib/http';

export const EXAMS_LIST_URL = '/api/exams/list';
export const EXAMS_DELETE_URL = '/api/exams/delete';
export const SCORE_SYSTEMS_DELETE_URL = '/api/score-systems/delete';

export const examKeys = {
  all: ['exams'] as const,
  options: ['exams', 'options'] as const,
  batchesOf: (semesterId: string) => ['exams', 'batches', semesterId] as const,
  systems: (batchId: string) => ['exams', 'systems', batchId] as const,
};

/** `POST /api/exams/options`: semesters, grades not graduated, subjects (STD_KM). */
export const examOptionsQuery = () =>
  queryOptions({
    queryKey: examKeys.options,
    queryFn: ({ signal }) => post<ExamOptions>('/api/exams/options', {}, { signal }),
    staleTime: 60_000,
  });

/** Every batch of a semester ('' = the current one), for the score-system screen's batch choice. */
export const semesterBatchesQuery = (semesterId: string) =>
  queryOptions({
    queryKey: examKeys.batchesOf(semesterId),
    queryFn: async ({ signal }) =>
      (await post<TableAData<ExamBatchRow>>(EXAMS_LIST_URL, { currPage: 0, limit: 500, search: JSON.stringify(semesterId ? { semesterId } : {}) }, { signal })).rows,
  });

/** `POST /api/score-systems/list`: a batch's score systems with their bands. */
export const scoreSystemsQuery = (batchId: string) =>
  queryOptions({
    queryKey: examKeys.systems(batchId),
    queryFn: ({ signal }) => post<ScoreSystemRow[]>('/api/score-systems/list', { batchId }, { signal }),
  });

export const saveBatch = (body: unknown) => post<{ id: string }>('/api/exams/save', body);
export const publishBatch = (id: string, published: boolean) => post<ExamBatchPublishData>('/api/exams/publish', { id, published });
export const saveScoreSystem = (body: unknown) => post<{ id: string }>('/api/score-systems/save', body);
