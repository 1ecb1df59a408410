import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AttendanceChange,
  AttendanceClass,
  AttendanceMissingData,
  AttendanceRoll,
  AttendanceSummaryData,
  AttendanceSummaryRequest,
} from '../../../contracts/attendance';
import { ATTENDANCE_STATUS_DICT } from '../../../contracts/attendance-constants';
import { dictQuery } from '../../lib/dicts';
import { post } from '../../lib/http';
import type { LocalNames } from '../../lib/local-name';

/** Query keys of the attendance feature. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  classesAll: ['attendance', 'classes'] as const,
  classes: (date: string) => ['attendance', 'classes', date] as const,
  rolls: ['attendance', 'roll'] as const,
  roll: (classId: string, date: string) => ['attendance', 'roll', classId, date] as const,
  missingAll: ['attendance', 'missing'] as const,
  missing: (date: string) => ['attendance', 'missing', date] as const,
  changes: (classId: string, date: string) => ['attendance', 'changes', classId, date] as const,
};

export const HISTORY_URL = '/api/attendance/history';
export const EXPORT_URL = '/api/attendance/export';

/**
 * Class names seen in answers, so the outbox panel can name a queued roll's class (its payload
 * carries only the id). Filled by the queries below; lost on reload (then the line names the date).
 */
export const knownClassNames = new Map<string, LocalNames>();

/** `POST /api/attendance/classes`: the classes whose roll the caller takes, with the state of `date`'s roll. */
export const attendanceClassesQuery = (date: string) =>
  queryOptions({
    queryKey: attendanceKeys.classes(date),
    queryFn: async ({ signal }) => {
      const classes = await post<AttendanceClass[]>('/api/attendance/classes', { date }, { signal });
      for (const item of classes) knownClassNames.set(item.classId, { name: item.className, nameEn: item.classNameEn });
      return classes;
    },
  });

/** `POST /api/attendance/roll`: one class's roll of one day (the server refuses future days, other classes, days outside the semester). */
export const attendanceRollQuery = (classId: string, date: string) =>
  queryOptions({
    queryKey: attendanceKeys.roll(classId, date),
    queryFn: async ({ signal }) => {
      const roll = await post<AttendanceRoll>('/api/attendance/roll', { classId, date }, { signal });
      knownClassNames.set(roll.classId, { name: roll.className, nameEn: roll.classNameEn });
      return roll;
    },
  });

/** `POST /api/attendance/missing` (_manage): classes without a roll on `date`. */
export const attendanceMissingQuery = (date: string) =>
  queryOptions({
    queryKey: attendanceKeys.missing(date),
    queryFn: ({ signal }) => post<AttendanceMissingData>('/api/attendance/missing', { date }, { signal }),
  });

/** `POST /api/attendance/changes`: the audit trail of one roll, newest first. */
export const attendanceChangesQuery = (classId: string, date: string) =>
  queryOptions({
    queryKey: attendanceKeys.changes(classId, date),
    queryFn: ({ signal }) => post<AttendanceChange[]>('/api/attendance/changes', { classId, date }, { signal }),
  });

/** `POST /api/attendance/summary`: per student of a class, days per status over a range. */
export const attendanceSummaryQuery = (input: AttendanceSummaryRequest) =>
  queryOptions({
    queryKey: ['attendance', 'summary', input] as const,
    queryFn: ({ signal }) => post<AttendanceSummaryData>('/api/attendance/summary', input, { signal }),
    placeholderData: (previous) => previous,
  });

/** The attendance statuses (dictionary STD_XSKQ_ZT). */
export const attendanceStatusQuery = () => dictQuery(ATTENDANCE_STATUS_DICT);

/**
 * What the landing page prefetches online, so it is in the persisted cache for offline use: the
 * caller's classes of `today`, the status dictionary and the roll of today of every class the caller
 * teaches (managers' other classes are not prefetched: they may be hundreds). Never throws.
 */
export async function prefetchTodaysRolls(queryClient: QueryClient, today: string): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(attendanceStatusQuery()), queryClient.prefetchQuery(attendanceClassesQuery(today))]);
  const classes = queryClient.getQueryData(attendanceClassesQuery(today).queryKey) ?? [];
  await Promise.all(
    classes.filter((item) => item.duties.length > 0).map((item) => queryClient.prefetchQuery(attendanceRollQuery(item.classId, today))),
  );
}

/** After a roll changed on the server: the lists that show its state. */
export async function invalidateAttendanceLists(queryClient: QueryClient, classId: string, date: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: attendanceKeys.classesAll }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.missingAll }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.changes(classId, date) }),
    queryClient.invalidateQueries({ queryKey: ['table', HISTORY_URL] }),
    queryClient.invalidateQueries({ queryKey: ['attendance', 'summary'] }),
  ]);
}
