import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceTodayFigures, ScoreProgressFigures, SurveyResponsesFigures } from '../../../contracts/dashboard';
import { DASHBOARD_URLS } from '../../../contracts/dashboard-figures';
import { figureQuery } from '../../components/FigureCard';
import { fakeFetch, ok, renderScreen, type FakeResponse } from '../../test/render';
import { AttendanceTodayCard, ScoreProgressCard, SurveyResponsesCard } from './figures';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('zh');
});

const ids = { a: '01a22157-0000-7000-8000-00000000000a', b: '01a22157-0000-7000-8000-00000000000b', s: '01a22157-0000-7000-8000-00000000000c' };

const attendance: AttendanceTodayFigures = {
  date: '2026-11-27',
  schoolDay: true,
  totalClasses: 27,
  takenClasses: 20,
  missingCount: 7,
  missing: [
    { classId: ids.a, name: '七年级(1)班', nameEn: 'Grade 7 Class 1' },
    { classId: ids.b, name: '七年级(2)班', nameEn: '' },
  ],
  absent: 1234,
};

const scores: ScoreProgressFigures = {
  batches: [
    {
      batchId: ids.b,
      semesterId: ids.s,
      name: '期中考试',
      entered: 40,
      expected: 720,
      worst: [{ classId: ids.a, name: '七年级(1)班', nameEn: 'Grade 7 Class 1', entered: 0, expected: 120 }],
    },
  ],
};

const surveys: SurveyResponsesFigures = {
  open: 2,
  surveys: [
    { id: ids.a, title: '课后服务需求调查', endsAt: '2026-12-08T00:00:00.000Z', answered: 12, targeted: 40 },
    { id: ids.b, title: '家长满意度调查', endsAt: '2026-12-12T00:00:00.000Z', answered: 1, targeted: null },
  ],
};

function serve(routes: Record<string, FakeResponse>) {
  vi.stubGlobal('fetch', vi.fn(fakeFetch(routes).impl));
}

/** Text of the element outside the school's own words (data-user-text). */
function systemText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const data of copy.querySelectorAll('[data-user-text]')) data.remove();
  return copy.textContent ?? '';
}

describe('今日考勤 card', () => {
  it('shows classes with a roll of all, the classes without one and the absences, linking to the day’s overview', async () => {
    serve({ [DASHBOARD_URLS.attendanceToday]: ok(attendance) });
    renderScreen(<AttendanceTodayCard />);
    const card = await screen.findByTestId('attendance-today-card');
    await waitFor(() => expect(within(card).getByTestId('attendance-today-card-figure').textContent).toBe('20/27'));
    expect(within(card).getByTestId('attendance-today-card-header').getAttribute('href')).toBe('/xssw/xskq?date=2026-11-27');
    expect(within(card).getByTestId('attendance-today-missing').textContent).toContain('未考勤 7 个班级');
    expect(within(card).getByTestId('attendance-today-missing').textContent).toContain('七年级(1)班, 七年级(2)班 …');
    expect(within(card).getByTestId('attendance-today-absent').textContent).toBe('今日缺勤1,234');
  });

  it('in English: class names in English where they have one, no Chinese system text, plurals', async () => {
    i18n.activate('en');
    serve({ [DASHBOARD_URLS.attendanceToday]: ok({ ...attendance, takenClasses: 0, missingCount: 1, missing: attendance.missing.slice(0, 1) }) });
    renderScreen(<AttendanceTodayCard />);
    const card = await screen.findByTestId('attendance-today-card');
    await within(card).findByText('No roll taken today');
    expect(within(card).getByTestId('attendance-today-missing').textContent).toContain('1 class without a roll');
    expect(within(card).getByTestId('attendance-today-missing').textContent).toContain('Grade 7 Class 1');
    expect(systemText(card)).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('expects no roll on a day without school', async () => {
    serve({ [DASHBOARD_URLS.attendanceToday]: ok({ ...attendance, schoolDay: false, takenClasses: 0, missingCount: 0, missing: [], absent: 0 }) });
    renderScreen(<AttendanceTodayCard />);
    expect(await screen.findByText('今日不是上课日')).toBeTruthy();
    expect(screen.getByTestId('attendance-today-card-figure').textContent).toBe('—');
  });
});

describe('成绩录入进度 card', () => {
  it('shows entered of expected per batch and its least advanced classes, each linking to its score entry', async () => {
    i18n.activate('en');
    serve({ [DASHBOARD_URLS.scoreProgress]: ok(scores) });
    renderScreen(<ScoreProgressCard />);
    const card = await screen.findByTestId('score-progress-card');
    const batch = await within(card).findByTestId('score-progress-batch');
    expect(batch.textContent).toBe('期中考试40/720');
    expect(batch.getAttribute('href')).toBe(`/jxgl/cjlr?semesterId=${ids.s}&batchId=${ids.b}`);
    const worst = within(card).getByTestId('score-progress-class');
    expect(worst.textContent).toBe('Grade 7 Class 10/120');
    expect(worst.getAttribute('href')).toBe(`/jxgl/cjlr?semesterId=${ids.s}&batchId=${ids.b}&classId=${ids.a}`);
    expect(systemText(card)).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('says so when no batch is open', async () => {
    serve({ [DASHBOARD_URLS.scoreProgress]: ok({ batches: [] }) });
    renderScreen(<ScoreProgressCard />);
    expect(await screen.findByText('暂无进行中的考试批次')).toBeTruthy();
  });
});

describe('问卷回收 card', () => {
  it('shows answered of targeted (or the answers of one open to everyone), each opening its results', async () => {
    i18n.activate('en');
    serve({ [DASHBOARD_URLS.surveyResponses]: ok(surveys) });
    renderScreen(<SurveyResponsesCard />);
    const card = await screen.findByTestId('survey-responses-card');
    const [targeted, everyone] = await within(card).findAllByTestId('survey-responses-survey');
    expect(targeted!.textContent).toBe('课后服务需求调查12/40');
    expect(targeted!.getAttribute('href')).toBe(`/survey/cjwj/tjfx?id=${ids.a}`);
    expect(everyone!.textContent).toBe('家长满意度调查1 response');
    expect(within(card).getByTestId('survey-responses-card-header').getAttribute('href')).toBe('/survey/cjwj?published=yes&inUse=yes&timeState=started');
    expect(systemText(card)).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('offline', () => {
  it('shows the last known figures with their time when they cannot be read again', async () => {
    serve({ [DASHBOARD_URLS.surveyResponses]: { error: new TypeError('Failed to fetch') } });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(figureQuery(DASHBOARD_URLS.surveyResponses).queryKey, surveys, { updatedAt: Date.parse('2026-11-27T01:30:00Z') });
    renderScreen(<SurveyResponsesCard />, { queryClient });
    const asOf = await screen.findByTestId('survey-responses-card-as-of');
    expect(asOf.textContent).toBe('数据截至 2026年11月27日 09:30');
    expect(screen.getByTestId('survey-responses-card-figure').textContent).toBe('2');
  });

  it('says why when it has no figures at all', async () => {
    serve({ [DASHBOARD_URLS.surveyResponses]: { body: { code: 40300, result: false, msg: '没有权限', data: null } } });
    renderScreen(<SurveyResponsesCard />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('survey-responses-card-figure').textContent).toBe('—');
  });
});
