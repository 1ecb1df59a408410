// Issue 7: rendering the score grid for 60 students × 10 subjects, in real Chromium on the
// production build (dist/), CPU throttled 4× (CDP Emulation.setCPUThrottlingRate, as bench/offline.ts).
// The administrator is logged in against the real server; the score calls are answered by route
// mocks: the options offer one class with 10 subjects, each sheet 60 students with scores.
// Measured in the page: from choosing 全部科目 in the subject select (a client-side change) to the
// grid holding its 600 score inputs and the next animation frame (painted). The first run includes
// the 10 mocked sheet calls; the later runs switch to one subject and back (sheets cached: the
// grid's own render). Median of the later runs.
import type { Page, Route } from '@playwright/test';
import type { ScoreOptions, ScoreSheet } from '../contracts/scores';
import { launchChromium, loggedInContext, type OfflineBenchServer } from './offline';

const STUDENTS = 60;
const SUBJECTS = Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(2, '0'));
const BATCH = '01900000-0000-7000-8000-0000000000b1';
const CLASS = '01900000-0000-7000-8000-0000000000c1';
const SEMESTER = '01900000-0000-7000-8000-0000000000a1';
const studentId = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function options(): ScoreOptions {
  return {
    semesters: [{ id: SEMESTER, name: '2026-2027学年第一学期', nameEn: '2026-2027 Semester 1', isCurrent: true }],
    semesterId: SEMESTER,
    batches: [
      {
        batchId: BATCH,
        name: '期中考试',
        published: false,
        startDate: '2026-11-04',
        endDate: '2026-11-06',
        classes: [{ classId: CLASS, className: '七年级(1)班', classNameEn: 'Grade 7 Class 1', gradeName: '七年级', gradeNameEn: 'Grade 7', subjects: SUBJECTS.map((subject) => ({ subject, submitted: false, taught: true })) }],
      },
    ],
  };
}

function sheet(subject: string): ScoreSheet {
  const numbers = Array.from({ length: STUDENTS }, (_, i) => i + 1);
  return {
    batch: { id: BATCH, name: '期中考试', published: false },
    classId: CLASS,
    className: '七年级(1)班',
    classNameEn: 'Grade 7 Class 1',
    subject,
    system: { id: '01900000-0000-7000-8000-0000000000d1', name: '百分制', fullMark: 100, excellentLine: 85, passLine: 60, bands: [] },
    submitted: false,
    submittedAt: null,
    submittedByName: '',
    editable: true,
    students: numbers.map((n) => ({ studentId: studentId(n), studentName: `学生${n}`, studentNo: `2026${String(n).padStart(3, '0')}` })),
    cells: numbers.map((n) => ({
      studentId: studentId(n),
      score: n % 17 === 0 ? null : 40 + ((n * 7 + Number(subject) * 13) % 61),
      mark: n % 17 === 0 ? 'absent' : '',
      version: 1,
      enteredByName: '李明华',
      enteredAt: '2026-11-07T02:00:00.000Z',
    })),
  };
}

const envelope = (data: unknown) => JSON.stringify({ code: 1, result: true, msg: '', data });

async function mockScores(page: Page) {
  await page.route('**/api/scores/options', (route: Route) => route.fulfill({ contentType: 'application/json', body: envelope(options()) }));
  await page.route('**/api/scores/sheet', (route: Route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { subject?: string };
    return route.fulfill({ contentType: 'application/json', body: envelope(sheet(body.subject ?? '01')) });
  });
}

/** In the page: select `value` in the subject select, resolve with ms until `inputs` score inputs exist and a frame passed. */
const switchAndMeasure = `(async ({ value, inputs }) => {
  const select = document.querySelector('[data-testid="pick-subject"]');
  const count = () => document.querySelectorAll('[data-testid="score-grid"] input[data-r]').length;
  const start = performance.now();
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
  setter.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await new Promise((resolve) => {
    const check = () => (count() === inputs ? requestAnimationFrame(() => resolve(undefined)) : setTimeout(check, 0));
    check();
  });
  return performance.now() - start;
})`;

export interface ScoresGridBench {
  first: number;
  median: number;
  runs: number[];
}

/** Runs the grid render bench on a started server (its own browser); `runs` cached renders after the first. */
export async function runScoresGridBench(server: OfflineBenchServer, runs = 5): Promise<ScoresGridBench> {
  const browser = await launchChromium();
  try {
    const { context } = await loggedInContext(browser, server, 'admin');
    const page = await context.newPage();
    await mockScores(page);
    await page.goto(`${server.base}/jxgl/cjlr?batchId=${BATCH}&classId=${CLASS}&subject=01`);
    await page.getByTestId('score-grid').waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const measure = (value: string, inputs: number) => page.evaluate(`${switchAndMeasure}(${JSON.stringify({ value, inputs })})`) as Promise<number>;
    const first = await measure('all', STUDENTS * SUBJECTS.length);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await measure('01', STUDENTS);
      times.push(await measure('all', STUDENTS * SUBJECTS.length));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const sorted = [...times].sort((a, b) => a - b);
    return { first, median: sorted[Math.floor(sorted.length / 2)]!, runs: times };
  } finally {
    await browser.close();
  }
}
