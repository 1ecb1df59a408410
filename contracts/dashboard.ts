import { z } from 'zod';
import { APPLICATION_KINDS } from './application-constants';

/**
 * The dashboard's figure cards (issue 20 item 5): what each route answers. The server's tests parse
 * the answers with these; the client imports the types only (no zod on the home page). Paths and
 * who may see them: contracts/dashboard-figures.ts (zod-free).
 */
export * from './dashboard-figures';

const count = z.number().int().min(0);
const className = z.object({ classId: z.uuid(), name: z.string(), nameEn: z.string() });

/** 今日考勤: the school's today (its time zone), classes with and without a roll, absences. */
export const attendanceTodayFigures = z.object({
  /** YYYY-MM-DD, the school's today */
  date: z.string(),
  /** false on a weekend or outside the current semester: no roll is expected */
  schoolDay: z.boolean(),
  totalClasses: count,
  takenClasses: count,
  missingCount: count,
  /** the first classes without a roll (grade and class order), at most MISSING_CLASSES_SHOWN */
  missing: z.array(className),
  /** students marked absent on today's rolls */
  absent: count,
});
export type AttendanceTodayFigures = z.infer<typeof attendanceTodayFigures>;

/** 待审批的申请: submitted, undecided applications in the caller's audit reach (every one for administrators), by kind. */
export const applicationsPendingFigures = z.object({
  total: count,
  byKind: z.partialRecord(z.enum(APPLICATION_KINDS), count),
});
export type ApplicationsPendingFigures = z.infer<typeof applicationsPendingFigures>;

const progress = { entered: count, expected: count };

/** 成绩录入进度: per unpublished exam batch of the current semester, cells entered (a score or a mark) of those expected. */
export const scoreProgressFigures = z.object({
  batches: z.array(
    z.object({
      batchId: z.uuid(),
      semesterId: z.uuid(),
      name: z.string(),
      ...progress,
      /** the least advanced classes not complete, at most WORST_CLASSES_SHOWN */
      worst: z.array(className.extend(progress)),
    }),
  ),
});
export type ScoreProgressFigures = z.infer<typeof scoreProgressFigures>;

/** 问卷回收: open questionnaires (published, in use, started, not ended) whose results the caller reads. */
export const surveyResponsesFigures = z.object({
  /** every open questionnaire the caller reads */
  open: count,
  /** those closing first, at most OPEN_SURVEYS_SHOWN */
  surveys: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      endsAt: z.string(),
      answered: count,
      /** people the target reaches; null for a questionnaire open to everyone */
      targeted: count.nullable(),
    }),
  ),
});
export type SurveyResponsesFigures = z.infer<typeof surveyResponsesFigures>;

/** Every figure route takes an empty JSON object (the caller's session says whose figures). */
export const dashboardFiguresRequest = z.object({});
