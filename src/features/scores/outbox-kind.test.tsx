import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScoreCell, ScoreSaveRequest, ScoreSheet } from '../../../contracts/scores';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { enqueue, keepMine, outboxKind, takeServers, type OutboxEntry } from '../../lib/offline/outbox';
import { renderWithProviders } from '../../test/render';
import { knownNames, rememberSheet, scoreKeys } from './api';
import { saveScoreKind } from './outbox-kind';
import ScoreConflictView from './ScoreConflictView';
import { BATCH, cell, CLASS_1, makeSheet, student } from './test-support';

const payload: ScoreSaveRequest = { batchId: BATCH, classId: CLASS_1, subject: '02', studentId: student(1), score: 95, mark: '', baseVersion: 2 };
const serverCell: ScoreCell = cell(1, { score: 78, version: 3, enteredByName: '管理员', enteredAt: '2026-11-21T02:00:00.000Z' });
const sheetKey = scoreKeys.sheet(BATCH, CLASS_1, '02');
let serial = 0;

const entryOf = (over: Partial<OutboxEntry<ScoreSaveRequest>> = {}): OutboxEntry<ScoreSaveRequest> => ({
  opId: '01900000-0000-7000-8000-00000000e001',
  kind: 'scores.save',
  entityKey: `score:${BATCH}:02:${student(1)}`,
  payload,
  baseVersion: 2,
  createdAt: 1,
  attempts: 1,
  state: 'conflict',
  lastError: { code: 40900, msg: '冲突' },
  serverData: serverCell,
  nextAttemptAt: 0,
  ...over,
});

describe("outbox kind 'scores.save'", () => {
  beforeEach(() => {
    serial += 1;
    setScope({ tenant: 'demo', userId: `k${serial}` });
  });
  afterEach(() => resetOfflineDbForTests());

  it('is registered under its name with the save URL, and describes a cell in one line', () => {
    expect(outboxKind('scores.save')).toBe(saveScoreKind);
    expect(saveScoreKind.url).toBe('/api/scores/save');
    knownNames.students.delete(student(1));
    expect(saveScoreKind.describe(payload)).toBe('成绩：02 → 95');
    rememberSheet(makeSheet());
    knownNames.subjects.set('02', '数学');
    expect(saveScoreKind.describe({ ...payload, score: null, mark: 'absent' })).toBe('成绩：期中考试 七年级(1)班 数学 学生1 → 缺考');
  });

  it('on delivery puts the saved cell into its sheet; rebase keeps my value on the server version', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sheetKey, makeSheet());
    const saved = cell(1, { score: 95, version: 1, enteredByName: '李老师', enteredAt: '2026-11-21T01:00:00.000Z' });
    await saveScoreKind.onDelivered!(saved, entryOf({ state: 'sending' }), queryClient);
    expect(queryClient.getQueryData<ScoreSheet>(sheetKey)!.cells[0]).toEqual(saved);
    expect(saveScoreKind.rebase!(payload, serverCell)).toEqual({ payload: { ...payload, baseVersion: 3 }, baseVersion: 3 });
  });

  it("conflict → keep mine re-queues my value on the server's version; take the server's → the cache holds the server's cell", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sheetKey, makeSheet());
    const db = currentDb()!;
    // keep mine
    const queued = await enqueue(saveScoreKind, { entityKey: entryOf().entityKey, payload, baseVersion: 2 });
    await db.outbox.update(queued.opId, { state: 'conflict', serverData: serverCell });
    await keepMine(queued.opId);
    const [kept] = (await db.outbox.toArray()) as OutboxEntry<ScoreSaveRequest>[];
    expect(kept.state).toBe('pending');
    expect(kept.baseVersion).toBe(3);
    expect(kept.payload).toEqual({ ...payload, baseVersion: 3 });
    expect(kept.opId).not.toBe(queued.opId);
    // take the server's
    await db.outbox.update(kept.opId, { state: 'conflict', serverData: serverCell });
    await takeServers(kept.opId, queryClient);
    expect(await db.outbox.count()).toBe(0);
    expect(queryClient.getQueryData<ScoreSheet>(sheetKey)!.cells[0]).toEqual(serverCell);
  });

  it("the conflict view shows mine and the server's values, who changed it and when", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sheetKey, makeSheet());
    renderWithProviders(<ScoreConflictView entry={entryOf()} />, queryClient);
    expect(screen.getByTestId('score-conflict-mine').textContent).toBe('95');
    expect(screen.getByTestId('score-conflict-server').textContent).toBe('78');
    expect(screen.getByTestId('score-conflict').textContent).toMatch(/学生1（2026001）/);
    expect(screen.getByTestId('score-conflict-who').textContent).toMatch(/服务器上由 管理员 于 .+ 修改/);
  });
});
