import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import type { ScoreCell, ScoreSaveRequest } from '../../../contracts/scores';
import { currentLocalName } from '../../lib/local-name';
import { defineOutboxKind, type OutboxEntry } from '../../lib/offline/outbox';
import { knownNames, putCell, scoreKeys } from './api';
import { ScoreMark } from '../../../contracts/score-rules';

// the conflict view loads only when the conflict inbox shows one
const LazyConflictView = lazy(() => import('./ScoreConflictView'));

function ConflictView(props: { entry: OutboxEntry<ScoreSaveRequest> }) {
  return (
    <Suspense fallback={null}>
      <LazyConflictView {...props} />
    </Suspense>
  );
}

export const isScoreCell = (value: unknown): value is ScoreCell =>
  Boolean(value) && typeof value === 'object' && typeof (value as ScoreCell).version === 'number' && typeof (value as ScoreCell).studentId === 'string';

/** The value of a payload in one line (marks in words). */
export function describeValue(score: number | null, mark: string): string {
  if (mark === ScoreMark.absent) return t`缺考`;
  if (mark === ScoreMark.exempt) return t`免考`;
  return score === null ? t`（清空）` : String(score);
}

/**
 * Outbox kind 'scores.save' (contracts/scores.ts): one student's cell, entity
 * `score:<batchId>:<subject>:<studentId>`, baseVersion = the cell version the teacher edited from
 * (a later edit of the same cell queued meanwhile is moved to the delivered version by the outbox).
 * Delivered → the saved cell goes into its sheet's cache; 'keep mine' after a conflict → my value on
 * the server cell's version; 'take the server's' → the server cell into the cache.
 */
export const saveScoreKind = defineOutboxKind<ScoreSaveRequest, ScoreCell>({
  kind: 'scores.save',
  url: '/api/scores/save',
  describe(payload) {
    const student = knownNames.students.get(payload.studentId) ?? '';
    const known = knownNames.classes.get(payload.classId);
    const className = known ? currentLocalName(known) : '';
    const batch = knownNames.batches.get(payload.batchId) ?? '';
    const value = describeValue(payload.score, payload.mark);
    const subject = knownNames.subjects.get(payload.subject) ?? payload.subject;
    return student ? t`成绩：${batch} ${className} ${subject} ${student} → ${value}` : t`成绩：${subject} → ${value}`;
  },
  async onDelivered(result, entry, queryClient) {
    if (isScoreCell(result)) putCell(queryClient, entry.payload, result);
    await queryClient.invalidateQueries({ queryKey: scoreKeys.changes(entry.payload.batchId, entry.payload.classId, entry.payload.subject) });
  },
  rebase(payload, serverData) {
    const version = isScoreCell(serverData) ? serverData.version : payload.baseVersion;
    return { payload: { ...payload, baseVersion: version }, baseVersion: version };
  },
  async onTakeServers(serverData, entry, queryClient) {
    const { batchId, classId, subject } = entry.payload;
    if (isScoreCell(serverData)) putCell(queryClient, entry.payload, serverData);
    else await queryClient.invalidateQueries({ queryKey: scoreKeys.sheet(batchId, classId, subject) });
  },
  ConflictView,
});
