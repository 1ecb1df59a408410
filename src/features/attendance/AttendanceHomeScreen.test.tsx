import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceMissingData } from '../../../contracts/attendance';
import { setConfig } from '../../lib/config';
import { resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { fakeFetch, ok, type FakeResponse } from '../../test/render';
import { attendanceKeys, prefetchTodaysRolls } from './api';
import { AttendanceHomeScreen } from './AttendanceHomeScreen';
import { classesWithoutRollToday } from './pending';
import { CLASS_1, CLASS_2, makeClass, makeRoll, renderScreen, STATUS_DICT } from './test-support';

const CLASS_3 = '01900000-0000-7000-8000-0000000000c3';

const missingData = (over: Partial<AttendanceMissingData> = {}): AttendanceMissingData => ({
  date: '2026-11-19',
  schoolDay: true,
  totalClasses: 12,
  missing: [
    { classId: CLASS_2, className: '七年级(2)班', classNameEn: 'Grade 7 Class 2', gradeName: '七年级', gradeNameEn: 'Grade 7', headTeacherName: '王芳' },
    { classId: CLASS_3, className: '八年级(1)班', classNameEn: 'Grade 8 Class 1', gradeName: '八年级', gradeNameEn: 'Grade 8', headTeacherName: '' },
  ],
  ...over,
});

describe('AttendanceHomeScreen', () => {
  let calls: { url: URL; init: RequestInit }[];
  const serve = (routes: Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>) => {
    const fake = fakeFetch({ '/dicts': ok({ STD_XSKQ_ZT: STATUS_DICT }), ...routes });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    calls = fake.calls;
  };
  const bodies = (path: string) => calls.filter((call) => call.url.pathname === path).map((call) => JSON.parse(String(call.init.body)));

  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    setScope({ tenant: 'demo', userId: 'home' });
  });
  afterEach(() => {
    resetOfflineDbForTests();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the teacher's classes with today's state and a way into each roll", async () => {
    serve({
      '/api/attendance/classes': ok([
        makeClass(),
        makeClass({
          classId: CLASS_2,
          className: '七年级(2)班',
          duties: [{ duty: 'subject_teacher', subject: '数学' }],
          taken: { version: 1, takenAt: '2026-11-20T00:05:00.000Z', takenByName: '李明华' },
        }),
      ]),
    });
    const onSearchChange = vi.fn();
    renderScreen(<AttendanceHomeScreen search={{}} onSearchChange={onSearchChange} />, { permissions: ['xskq', 'xskq_add'] });
    const cards = await screen.findAllByTestId('attendance-class');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('未点名')).toBeTruthy();
    expect(within(cards[0]).getByText('班主任')).toBeTruthy();
    const open = within(cards[0]).getByRole('link', { name: '点名' });
    const href = new URL(open.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/xssw/xskq/roll');
    expect(href.searchParams.get('classId')).toBe(CLASS_1);
    expect(href.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(cards[1]).getByText('已点名')).toBeTruthy();
    expect(within(cards[1]).getByText('任课：数学')).toBeTruthy();
    expect(within(cards[1]).getByRole('link', { name: '查看 / 修改' })).toBeTruthy();
    expect(within(cards[1]).getByText(/^李明华 于 .+ 提交$/)).toBeTruthy();
    // a teacher without xskq_manage sees no overview
    expect(screen.queryByTestId('attendance-missing')).toBeNull();
    expect(bodies('/api/attendance/missing')).toHaveLength(0);
  });

  it('shows managers the classes without a roll on the chosen day, each with a link to its roll', async () => {
    serve({ '/api/attendance/classes': ok([]), '/api/attendance/missing': ok(missingData()) });
    const onSearchChange = vi.fn();
    renderScreen(<AttendanceHomeScreen search={{ date: '2026-11-19' }} onSearchChange={onSearchChange} />, { permissions: ['xskq', 'xskq_manage'] });
    const items = await screen.findAllByTestId('attendance-missing-class');
    expect(bodies('/api/attendance/missing')).toEqual([{ date: '2026-11-19' }]);
    expect(screen.getByTestId('attendance-missing-summary').textContent).toBe('共 12 个班级，2 个未点名');
    expect(items.map((item) => within(item).getByText(/年级\(\d\)班/).textContent)).toEqual(['七年级(2)班', '八年级(1)班']);
    expect(within(items[0]).getByText(/班主任 王芳/)).toBeTruthy();
    const link = new URL(within(items[1]).getByRole('link', { name: '打开点名' }).getAttribute('href')!, 'http://x');
    expect(link.pathname).toBe('/xssw/xskq/roll');
    expect(Object.fromEntries(link.searchParams)).toEqual({ classId: CLASS_3, date: '2026-11-19' });
    // a manager teaching no class is not told "no classes"
    await waitFor(() => expect(bodies('/api/attendance/classes')).toHaveLength(1));
    expect(screen.queryByText('您没有需要点名的班级')).toBeNull();
    // another day goes into the URL
    fireEvent.change(screen.getByLabelText('日期'), { target: { value: '2026-11-18' } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ date: '2026-11-18' });
  });

  it('says so on a day that is not a school day', async () => {
    serve({ '/api/attendance/classes': ok([]), '/api/attendance/missing': ok(missingData({ schoolDay: false, missing: [] })) });
    renderScreen(<AttendanceHomeScreen search={{ date: '2026-11-15' }} onSearchChange={vi.fn()} />, { permissions: ['xskq', 'xskq_manage'] });
    expect((await screen.findByTestId('attendance-not-school-day')).textContent).toMatch(/不是上课日/);
  });

  it('speaks English', async () => {
    i18n.activate('en');
    serve({ '/api/attendance/classes': ok([makeClass()]), '/api/attendance/missing': ok(missingData()) });
    renderScreen(<AttendanceHomeScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['xskq', 'xskq_add', 'xskq_manage'] });
    const card = await screen.findByTestId('attendance-class');
    expect(within(card).getByText('Not taken')).toBeTruthy();
    // class and grade names in English (the data's own English names)
    expect(within(card).getByText('Grade 7 Class 1')).toBeTruthy();
    expect(card.textContent).toContain('Grade 7 · ');
    expect(card.textContent).not.toContain('年级');
    expect(within(card).getByRole('link', { name: 'Take attendance' })).toBeTruthy();
    expect(await screen.findByText('2 of 12 classes without attendance')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Open the roll' })).toHaveLength(2);
    expect(screen.getAllByTestId('attendance-missing-class').map((item) => item.querySelector('p')?.textContent)).toEqual(['Grade 7 Class 2', 'Grade 8 Class 1']);
    expect(screen.getByRole('heading', { name: 'Student attendance' })).toBeTruthy();
  });
});

describe('prefetchTodaysRolls (landing page loader)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts today's classes, the status dictionary and the roll of each class the teacher teaches into the cache", async () => {
    setConfig({ apiBaseUrl: '' });
    const fake = fakeFetch({
      '/dicts': ok({ STD_XSKQ_ZT: STATUS_DICT }),
      '/api/attendance/classes': ok([makeClass(), makeClass({ classId: CLASS_2, duties: [{ duty: 'subject_teacher', subject: '数学' }] }), makeClass({ classId: CLASS_3, duties: [] })]),
      '/api/attendance/roll': (init) => ok(makeRoll({ classId: JSON.parse(String(init.body)).classId })),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const queryClient = new QueryClient();
    await prefetchTodaysRolls(queryClient, '2026-11-20');
    const rolls = fake.calls.filter((call) => call.url.pathname === '/api/attendance/roll').map((call) => JSON.parse(String(call.init.body)));
    expect(rolls).toEqual([
      { classId: CLASS_1, date: '2026-11-20' },
      { classId: CLASS_2, date: '2026-11-20' },
    ]);
    expect(queryClient.getQueryData(attendanceKeys.roll(CLASS_2, '2026-11-20'))).toMatchObject({ classId: CLASS_2 });
    expect(queryClient.getQueryData(attendanceKeys.classes('2026-11-20'))).toHaveLength(3);
    expect(queryClient.getQueryData(['dicts', 'STD_XSKQ_ZT'])).toHaveLength(5);
  });
});

describe('classesWithoutRollToday (home page count, not listed yet)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts the caller's classes without today's roll on weekdays, none at weekends", async () => {
    setConfig({ apiBaseUrl: '' });
    const fake = fakeFetch({
      '/api/attendance/classes': ok([
        makeClass(),
        makeClass({ classId: CLASS_2, taken: { version: 1, takenAt: '2026-11-20T00:05:00.000Z', takenByName: '李明华' } }),
        makeClass({ classId: CLASS_3, duties: [] }),
      ]),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const signal = new AbortController().signal;
    expect(await classesWithoutRollToday(signal, new Date(2026, 10, 20, 9))).toBe(1);
    expect(JSON.parse(String(fake.calls[0].init.body))).toEqual({ date: '2026-11-20' });
    expect(await classesWithoutRollToday(signal, new Date(2026, 10, 21, 9))).toBe(0);
    expect(fake.calls).toHaveLength(1);
  });
});
