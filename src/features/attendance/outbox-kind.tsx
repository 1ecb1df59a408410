import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import type { AttendanceRoll, AttendanceSubmitRequest } from '../../../contracts/attendance';
import { currentLocalName } from '../../lib/local-name';
import { defineOutboxKind, type OutboxEntry } from '../../lib/offline/outbox';
import { attendanceKeys, invalidateAttendanceLists, knownClassNames } from './api';

// the conflict view (widgets, dictionary) loads only when the conflict inbox shows one
const LazyConflictView = lazy(() => import('./RollConflictView'));

function ConflictView(props: { entry: OutboxEntry<AttendanceSubmitRequest> }) {
  return (
    <Suspense fallback={null}>
      <LazyConflictView {...props} />
    </Suspense>
  );
}

const isRoll = (value: unknown): value is AttendanceRoll =>
  Boolean(value) && typeof value === 'object' && typeof (value as AttendanceRoll).version === 'number' && Array.isArray((value as AttendanceRoll).entries);

/**
 * Outbox kind 'attendance.submit' (contracts/attendance.ts): a whole roll, entity
 * `attendance:<classId>:<date>`, baseVersion = the roll version the teacher edited from.
 * Delivered → the answer (the new roll) goes into the roll's cache and the lists refresh;
 * 'keep mine' after a conflict → the teacher's entries on the server roll's version.
 */
export const submitRollKind = defineOutboxKind<AttendanceSubmitRequest, AttendanceRoll>({
  kind: 'attendance.submit',
  url: '/api/attendance/submit',
  describe(payload) {
    const known = knownClassNames.get(payload.classId);
    const className = known ? currentLocalName(known) : '';
    const date = payload.date;
    const count = payload.entries.length;
    return className ? t`学生考勤：${className}，${date}（${count} 人）` : t`学生考勤：${date}（${count} 人）`;
  },
  async onDelivered(result, entry, queryClient) {
    if (isRoll(result)) queryClient.setQueryData(attendanceKeys.roll(result.classId, result.date), result);
    await invalidateAttendanceLists(queryClient, entry.payload.classId, entry.payload.date);
  },
  rebase(payload, serverData) {
    const version = isRoll(serverData) ? serverData.version : payload.baseVersion;
    return { payload: { ...payload, baseVersion: version }, baseVersion: version };
  },
  async onTakeServers(serverData, entry, queryClient) {
    if (isRoll(serverData)) queryClient.setQueryData(attendanceKeys.roll(serverData.classId, serverData.date), serverData);
    else await queryClient.invalidateQueries({ queryKey: attendanceKeys.roll(entry.payload.classId, entry.payload.date) });
    await invalidateAttendanceLists(queryClient, entry.payload.classId, entry.payload.date);
  },
  ConflictView,
});
