import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceSubmitRequest } from '../../../contracts/attendance';
import { setConfig } from '../../lib/config';
import { outboxKind, type OutboxEntry } from '../../lib/offline/outbox';
import { fakeFetch, ok, renderWithProviders } from '../../test/render';
import { attendanceKeys, knownClassNames } from './api';
import { submitRollKind } from './outbox-kind';
import RollConflictView from './RollConflictView';
import { CLASS_1, makeRoll, STATUS_DICT, student } from './test-support';

const payload: AttendanceSubmitRequest = {
  classId: CLASS_1,
  date: '2026-11-20',
  baseVersion: 1,
  entries: [
    { studentId: student(1), status: '2', remark: '发烧' },
    { studentId: student(2), status: '4', remark: '' },
    { studentId: student(3), status: '1', remark: '' },
  ],
};

const entryOf = (over: Partial<OutboxEntry<AttendanceSubmitRequest>> = {}): OutboxEntry<AttendanceSubmitRequest> => ({
  opId: '01900000-0000-7000-8000-00000000e001',
  kind: 'attendance.submit',
  entityKey: `attendance:${CLASS_1}:2026-11-20`,
  payload,
  baseVersion: 1,
  createdAt: 1,
  attempts: 1,
  state: 'conflict',
  lastError: { code: 40900, msg: '冲突' },
  serverData: null,
  nextAttemptAt: 0,
  ...over,
});

describe("outbox kind 'attendance.submit'", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is registered under its name with the submit URL', () => {
    expect(outboxKind('attendance.submit')).toBe(submitRollKind);
    expect(submitRollKind.url).toBe('/api/attendance/submit');
  });

  it('describes a queued roll in one line, with the class name once known', () => {
    knownClassNames.delete(CLASS_1);
    expect(submitRollKind.describe(payload)).toBe('学生考勤：2026-11-20（3 人）');
    knownClassNames.set(CLASS_1, { name: '七年级(1)班', nameEn: 'Grade 7 Class 1' });
    expect(submitRollKind.describe(payload)).toBe('学生考勤：七年级(1)班，2026-11-20（3 人）');
    // the language of the moment, not the one the name was learnt in
    i18n.activate('en');
    expect(submitRollKind.describe(payload)).toContain('Grade 7 Class 1');
  });

  it('on delivery puts the new roll into its cache and refreshes the lists', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const delivered = makeRoll({ version: 2, takenByName: '李明华', takenAt: '2026-11-20T00:10:00.000Z' });
    await submitRollKind.onDelivered!(delivered, entryOf({ state: 'sending' }), queryClient);
    expect(queryClient.getQueryData(attendanceKeys.roll(CLASS_1, '2026-11-20'))).toBe(delivered);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([attendanceKeys.classesAll, attendanceKeys.missingAll, attendanceKeys.changes(CLASS_1, '2026-11-20'), ['table', '/api/attendance/history']]),
    );
  });

  it("'keep mine' keeps the teacher's entries on the server roll's version; 'take server's' caches the server roll", async () => {
    const server = makeRoll({ version: 5 });
    expect(submitRollKind.rebase!(payload, server)).toEqual({ payload: { ...payload, baseVersion: 5 }, baseVersion: 5 });
    const queryClient = new QueryClient();
    await submitRollKind.onTakeServers!(server, entryOf(), queryClient);
    expect(queryClient.getQueryData(attendanceKeys.roll(CLASS_1, '2026-11-20'))).toBe(server);
  });

  it('shows, per student whose value differs, mine and the server’s with names', async () => {
    setConfig({ apiBaseUrl: '' });
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/dicts': ok({ STD_XSKQ_ZT: STATUS_DICT }) }).impl));
    const server = makeRoll({ version: 2, takenByName: '赵主任', takenAt: '2026-11-20T02:00:00.000Z' });
    server.entries[2] = { ...server.entries[2], status: '3', remark: '8:10 到' };
    renderWithProviders(<RollConflictView entry={entryOf({ serverData: server })} />);
    const rows = await screen.findAllByTestId('attendance-conflict-row');
    // 王小明: mine absent vs server present; 张小刚: mine present vs server late; 李小红 the same
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText(/王小明/)).toBeTruthy();
    await within(rows[0]).findByText('缺勤');
    expect(within(rows[0]).getByText('发烧')).toBeTruthy();
    expect(within(rows[0]).getByText('出勤')).toBeTruthy();
    expect(within(rows[1]).getByText(/张小刚/)).toBeTruthy();
    expect(within(rows[1]).getByText('迟到')).toBeTruthy();
    expect(within(rows[1]).getByText('8:10 到')).toBeTruthy();
    expect(screen.getByTestId('attendance-conflict').textContent).toMatch(/服务器上由 赵主任 于 .+ 修改/);
  });
});
