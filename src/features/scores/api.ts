import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MyScoresData, ScoreCell, ScoreChange, ScoreOptions, ScoreSheet } from '../../../contracts/scores';
import { dictQuery } from '../../lib/dicts';
import { post } from '../../lib/http';
import type { LocalNames } from '../../lib/local-name';
import { SUBJECT_DICT } from '../../../contracts/dict-codes';
import { localOfMs } from '../../lib/school-time';
import { pickSheet } from './default-sheet';
import { readLastSheet } from './last-sheet';
import type { ScoreEntrySearch } from './search';

/** Query keys of the scores feature. */
export const scoreKeys = {
  all: ['scores'] as const,
  options: (semesterId: string) => ['scores', 'options', semesterId] as const,
  optionsAll: ['scores', 'options'] as const,
  sheets: ['scores', 'sheet'] as const,
  sheet: (batchId: string, classId: string, subject: string) => ['scores', 'sheet', batchId, classId, subject] as const,
  changes: (batchId: string, classId: string, subject: string) => ['scores', 'changes', batchId, classId, subject] as const,
  mine: (studentId: string) => ['scores', 'mine', studentId] as const,
};

export const SAVE_URL = '/api/scores/save';
export const SUBMIT_URL = '/api/scores/submit';
export const EXPORT_URL = '/api/scores/export';
export const TEMPLATE_URL = '/api/scores/template';
export const IMPORT_URL = '/api/scores/import';
export const MINE_URL = '/api/scores/mine';

/**
 * Names seen in sheets, so the outbox panel can name a queued cell (its payload carries ids only).
 * Filled by the sheet query; lost on reload until the sheet is read again (from the device cache too).
 */
export const knownNames = {
  students: new Map<string, string>(),
  /** both names: the line is in the language of the moment (lib/local-name.ts currentLocalName) */
  classes: new Map<string, LocalNames>(),
  batches: new Map<string, string>(),
  /** subject code → name in the reader's language (from the STD_KM dictionary) */
  subjects: new Map<string, string>(),
};

/** `POST /api/scores/options`: what the caller may open (batches → classes → subjects). */
export const scoreOptionsQuery = (semesterId?: string) =>
  queryOptions({
    queryKey: scoreKeys.options(semesterId ?? ''),
    queryFn: ({ signal }) => post<ScoreOptions>('/api/scores/options', semesterId ? { semesterId } : {}, { signal }),
  });

/**
 * The route's search with the sheet to open filled in (default-sheet.ts: the caller's own sheet of
 * the current batch, else the last used), or null when it names a sheet the options hold already or
 * none is available.
 */
export function completeSheetSearch(options: ScoreOptions, search: ScoreEntrySearch): ScoreEntrySearch | null {
  const pick = pickSheet(options, search, localOfMs(Date.now()).slice(0, 10), readLastSheet());
  if (!pick || (pick.batchId === search.batchId && pick.classId === search.classId && pick.subject === search.subject)) return null;
  return { ...search, ...pick };
}

export function rememberSheet(sheet: ScoreSheet): void {
  knownNames.batches.set(sheet.batch.id, sheet.batch.name);
  knownNames.classes.set(sheet.classId, { name: sheet.className, nameEn: sheet.classNameEn });
  for (const student of sheet.students) knownNames.students.set(student.studentId, student.studentName);
}

/** `POST /api/scores/sheet`: one class's scores of one subject in one batch. */
export const scoreSheetQuery = (batchId: string, classId: string, subject: string) =>
  queryOptions({
    queryKey: scoreKeys.sheet(batchId, classId, subject),
    queryFn: async ({ signal }) => {
      const sheet = await post<ScoreSheet>('/api/scores/sheet', { batchId, classId, subject }, { signal });
      rememberSheet(sheet);
      return sheet;
    },
  });

/** `POST /api/scores/changes`: a sheet's audit trail (optionally one student), newest first. */
export const scoreChangesQuery = (batchId: string, classId: string, subject: string, studentId?: string) =>
  queryOptions({
    queryKey: [...scoreKeys.changes(batchId, classId, subject), studentId ?? ''] as const,
    queryFn: ({ signal }) => post<ScoreChange[]>('/api/scores/changes', { batchId, classId, subject, ...(studentId ? { studentId } : {}) }, { signal }),
    meta: { persist: false },
  });

/** The subjects dictionary (STD_KM): names of the subject codes. */
export const subjectDictQuery = () => dictQuery(SUBJECT_DICT);

/**
 * `POST /api/scores/mine` (table A): the caller's (or a child's) published scores, and a parent's
 * children to choose from. Every row of the caller at once (a student has a few dozen per year).
 */
export type MyScoresPage = MyScoresData;
export const myScoresQuery = (studentId?: string) =>
  queryOptions({
    queryKey: scoreKeys.mine(studentId ?? ''),
    queryFn: ({ signal }): Promise<MyScoresPage> => post<MyScoresData>(MINE_URL, { currPage: 0, limit: 500, search: JSON.stringify(studentId ? { studentId } : {}) }, { signal }),
  });

/** A saved (or the server's) cell into its sheet's cache, replacing the student's cell. */
export function putCell(queryClient: QueryClient, key: { batchId: string; classId: string; subject: string }, cell: ScoreCell): void {
  queryClient.setQueryData<ScoreSheet>(scoreKeys.sheet(key.batchId, key.classId, key.subject), (sheet) => {
    if (!sheet) return sheet;
    const found = sheet.cells.some((item) => item.studentId === cell.studentId);
    return { ...sheet, cells: found ? sheet.cells.map((item) => (item.studentId === cell.studentId ? cell : item)) : [...sheet.cells, cell] };
  });
}
