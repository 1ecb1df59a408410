import type { ScoreOptions } from '../../../contracts/scores';

/** The URL's subject value that opens every subject of the class side by side. */
export const ALL_SUBJECTS = 'all';

/** A sheet as the URL names it: batch, class, subject (a code or ALL_SUBJECTS). */
export interface SheetPick {
  batchId: string;
  classId: string;
  subject: string;
}

type Batch = ScoreOptions['batches'][number];
type Klass = Batch['classes'][number];

/** Whether `subject` may be opened for the class: one of its subjects, or 'all' when it has several. */
export const subjectOpens = (klass: Klass, subject: string | undefined): subject is string =>
  subject !== undefined && (subject === ALL_SUBJECTS ? klass.subjects.length > 1 : klass.subjects.some((item) => item.subject === subject));

/**
 * The batch being entered now: an unpublished one (the last used when it is one), first the one whose
 * dates hold today, else the latest started, else the next; with none open, the last used, else the
 * latest. `today` is the school's date (YYYY-MM-DD).
 */
export function currentBatch(batches: readonly Batch[], today: string, lastBatchId?: string): Batch | undefined {
  const latestFirst = [...batches].sort((a, b) => b.startDate.localeCompare(a.startDate));
  const open = latestFirst.filter((batch) => !batch.published);
  const last = batches.find((batch) => batch.batchId === lastBatchId);
  if (open.length > 0) {
    if (last && !last.published) return last;
    return (
      open.find((batch) => batch.startDate <= today && today <= batch.endDate) ??
      open.find((batch) => batch.startDate <= today) ??
      open.at(-1)
    );
  }
  return last ?? latestFirst[0];
}

/**
 * The sheet the screen opens when the URL names none (or only part of one): what the URL names is
 * kept when the options hold it; the rest is filled with the caller's most likely sheet — in the
 * current batch, a sheet the caller teaches (the last used when it is one, else one not yet
 * submitted), else the last used sheet, else the first. Null when the options hold no sheet.
 */
export function pickSheet(options: ScoreOptions, wanted: Partial<SheetPick>, today: string, last?: SheetPick | null): SheetPick | null {
  const batch = options.batches.find((item) => item.batchId === wanted.batchId) ?? currentBatch(options.batches, today, last?.batchId);
  if (!batch) return null;
  const named = batch.classes.find((item) => item.classId === wanted.classId);
  const classes = named ? [named] : batch.classes;
  if (named && subjectOpens(named, wanted.subject)) return { batchId: batch.batchId, classId: named.classId, subject: wanted.subject };

  const sheets = classes.flatMap((klass) => klass.subjects.map((item) => ({ klass, ...item })));
  const isLast = (sheet: { klass: Klass; subject: string }) => last != null && sheet.klass.classId === last.classId && sheet.subject === last.subject;
  const taught = sheets.filter((sheet) => sheet.taught);
  const lastClass = last ? classes.find((klass) => klass.classId === last.classId) : undefined;
  const chosen =
    taught.find(isLast) ??
    taught.find((sheet) => !sheet.submitted) ??
    taught[0] ??
    // the last used: one of the class's subjects, or all of them
    (lastClass && last && subjectOpens(lastClass, last.subject) ? { klass: lastClass, subject: last.subject } : undefined) ??
    sheets[0];
  return chosen ? { batchId: batch.batchId, classId: chosen.klass.classId, subject: chosen.subject } : null;
}
