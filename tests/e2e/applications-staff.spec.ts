// Teacher attendance (issue 8): staff applications audited by the department head, cannot audit
// yourself, the make-up chain (head teacher, then 教务处), non-selectable periods, the monthly summary
// and its export, and the audit settings. Every record this spec makes is its own (reasons tagged per
// test, days picked per run among the days the user has nothing active on, so a reused database —
// `--repeat-each 2` — stays green); it leaves nothing approved and uncancelled that it could take
// back (the leave is cancelled, the own leave withdrawn; an approved make-up cannot be, its day is
// skipped next time); what it adds to the settings it deletes again.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ApplicationDetail, ApplicationOptions, ApplicationRow, AuditFlowRow, BlockedPeriodRow, TodoCount } from '../../contracts/applications';
import { APPLICATION_URLS } from '../../contracts/applications';
import type { TableAData } from '../../contracts/envelope';
import { baseURL } from '../../playwright.config';
import { DemoApi, logIn } from './support';

class StaffApi extends DemoApi {
  options() {
    return this.ok<ApplicationOptions>(APPLICATION_URLS.options, { family: 'staff' });
  }
  get(id: string) {
    return this.ok<ApplicationDetail>(APPLICATION_URLS.get, { id });
  }
  todoCount() {
    return this.ok<TodoCount>(APPLICATION_URLS.todoCount, {});
  }
  async list(scope: string, reason: string) {
    const data = await this.ok<TableAData<ApplicationRow>>(APPLICATION_URLS.list, { currPage: 0, limit: 100, search: JSON.stringify({ scope, keyword: '' }) });
    return data.rows.filter((row) => row.reason === reason);
  }
  /** My pending or approved, not cancelled, applications touching a day (the server refuses overlaps of those). */
  async activeOn(day: string) {
    const data = await this.ok<TableAData<ApplicationRow>>(APPLICATION_URLS.list, { currPage: 0, limit: 500, search: JSON.stringify({ scope: 'mine', keyword: '', from: day, to: day }) });
    return data.rows.filter((row) => (row.state === 'pending' || row.state === 'approved') && row.cancelState !== 'cancelled');
  }
}

const DAY_MS = 86_400_000;
/** A tag for one test's records: a new one per test and repetition (the module is loaded once per worker). */
const runTag = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
/** 'YYYY-MM-DD' of today + offset in the school's time (+08:00). */
const schoolDay = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * DAY_MS).toISOString().slice(0, 10);
const iso = (day: string, time: string) => `${day}T${time}:00+08:00`;
/**
 * A weekday between 40 and 190 days ahead that no non-selectable period touches and on which the
 * user has no active application (earlier runs on a reused database); logged, to reproduce a failure.
 */
async function freeDay(api: StaffApi, periods: readonly BlockedPeriodRow[], salt: number): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const offset = 40 + ((Math.floor(Math.random() * 150) + salt + attempt) % 150);
    const day = schoolDay(offset);
    const weekday = new Date(`${day}T12:00:00+08:00`).getUTCDay();
    const start = Date.parse(iso(day, '00:00'));
    const end = start + DAY_MS;
    const blocked = periods.some((period) => Date.parse(period.startsAt) < end && Date.parse(period.endsAt) > start);
    if (weekday === 0 || weekday === 6 || blocked) continue;
    if ((await api.activeOn(day)).length > 0) continue;
    test.info().annotations.push({ type: 'day', description: day });
    return day;
  }
  throw new Error('no free day');
}

async function pageFor(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logIn(page, { tenant: 'demo', username });
  return page;
}

/** Opens the apply drawer of /jzg/jskq and fills the common fields. */
async function openApply(page: Page, kind: string) {
  await page.goto('/jzg/jskq');
  await page.getByTestId('application-apply').click();
  const form = page.getByTestId('apply-form');
  await expect(form).toBeVisible();
  await form.getByTestId('apply-kind').selectOption(kind);
  return form;
}

const row = (page: Page, id: string) => page.locator(`[data-testid="application-row"][data-id="${id}"]`);

test.describe('teacher attendance', () => {
  test('a staff leave filed by teacher is counted on teacher2’s card, passed in 考勤审批, and teacher sees 审核通过', async ({ browser, request }) => {
    const teacherApi = await StaffApi.login(request, 'teacher');
    const teacher2Api = await StaffApi.login(request, 'teacher2');
    const adminApi = await StaffApi.login(request, 'admin');
    const options = await teacherApi.options();
    const day = await freeDay(teacherApi, options.blockedPeriods, 0);
    const reason = `事假 e2e ${runTag()}`;
    const before = (await teacher2Api.todoCount()).byKind.staff_leave ?? 0;
    const adminBefore = (await adminApi.todoCount()).byKind.staff_leave ?? 0;

    const teacher = await pageFor(browser, 'teacher');
    const form = await openApply(teacher, 'staff_leave');
    await form.getByLabel('请假类型').selectOption({ label: options.leaveTypes.staff_leave![0]!.name });
    await form.getByTestId('apply-start').fill(`${day}T08:00`);
    await form.getByTestId('apply-end').fill(`${day}T17:00`);
    await form.getByTestId('apply-reason').fill(reason);
    await teacher.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(async () => (await teacherApi.list('mine', reason)).length, { message: 'the leave is filed' }).toBe(1);
    const [filed] = await teacherApi.list('mine', reason);
    await expect(row(teacher, filed!.id).getByTestId('application-state')).toHaveText('待部门负责人审核');

    // teacher2 heads 教务处: her card counts it and links to 考勤审批's todo list; admin's count does not
    // move (an administrator counts the steps held through roles or duties, and stalled ones)
    expect((await adminApi.todoCount()).byKind.staff_leave ?? 0).toBe(adminBefore);
    const head = await pageFor(browser, 'teacher2');
    const card = head.getByTestId('applications-todo-card');
    await expect(card.getByTestId('todo-staff_leave')).toContainText(String(before + 1));
    await card.getByTestId('todo-staff_leave').click();
    await expect(head).toHaveURL(/\/jzg\/kqsp\?.*scope=todo/);
    await expect(head.getByTestId('scope-todo')).toHaveAttribute('aria-selected', 'true');
    await row(head, filed!.id).getByTestId('application-open').click();
    const detail = head.getByTestId('application-detail');
    await detail.getByTestId('audit-opinion').fill('同意');
    await detail.getByTestId('audit-pass').click();
    await expect.poll(async () => (await teacher2Api.get(filed!.id)).state, { message: 'the pass reaches the server' }).toBe('approved');
    await head.goto('/jzg/kqsp?scope=todo');
    await expect(head.getByTestId('applications')).toBeVisible();
    await expect(row(head, filed!.id)).toHaveCount(0);

    await teacher.goto('/jzg/jskq');
    await expect(row(teacher, filed!.id).getByTestId('application-state')).toHaveText('审核通过');
    // the leave lies ahead: 销假 (back at 09:00) is refused until it starts, in the teacher's words
    const approved = await teacherApi.get(filed!.id);
    expect(approved.can.cancel).toBe(false);
    const cancelled = await teacherApi.post(APPLICATION_URLS.cancel, { id: filed!.id, version: approved.version, cancelledAt: iso(day, '09:00') });
    expect([cancelled.code, cancelled.msg]).toEqual([42200, `请假尚未开始（${day} 08:00 开始），不能销假`]);
    expect((await teacherApi.get(filed!.id)).cancelState).toBe('not_cancelled');
    await teacher.context().close();
    await head.context().close();
  });

  test('nobody audits their own application: teacher2’s own leave is refused to her, offered to admin', async ({ browser, request }) => {
    const teacher2Api = await StaffApi.login(request, 'teacher2');
    const adminApi = await StaffApi.login(request, 'admin');
    const options = await teacher2Api.options();
    const day = await freeDay(teacher2Api, options.blockedPeriods, 37);
    const reason = `本人请假 e2e ${runTag()}`;
    const id = crypto.randomUUID();
    const saved = await teacher2Api.ok<ApplicationDetail>(
      APPLICATION_URLS.save,
      { id, kind: 'staff_leave', leaveType: options.leaveTypes.staff_leave![0]!.code, startsAt: iso(day, '08:00'), endsAt: iso(day, '12:00'), reason, submit: true },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(saved.auditState).toBe('pending:department_head');

    const refused = await teacher2Api.post(APPLICATION_URLS.audit, { id, version: saved.version, decision: 'pass', opinion: '' }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(refused.msg).toBe('不能审核自己的申请');
    expect((await teacher2Api.get(id)).state).toBe('pending');

    const page = await pageFor(browser, 'teacher2');
    await page.goto(`/jzg/jskq?id=${id}`);
    const detail = page.getByTestId('application-detail');
    await expect(detail.getByTestId('application-note')).toHaveText('不能审核自己的申请');
    await expect(detail.getByTestId('audit-pass')).toHaveCount(0);
    // the administrator may audit any step, so it is never stuck
    expect((await adminApi.get(id)).can.audit).toBe(true);
    // leave the demo data clean: she withdraws it
    await detail.getByTestId('application-withdraw').click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect.poll(async () => (await teacher2Api.get(id)).state).toBe('withdrawn');
    await page.context().close();
  });

  test('a make-up goes 未提交 → 待班主任审核 → 待教务处审核 → 审核通过 (head teacher, then admin as 教务处)', async ({ browser, request }) => {
    const teacher2Api = await StaffApi.login(request, 'teacher2');
    const adminApi = await StaffApi.login(request, 'admin');
    const options = await teacher2Api.options();
    const klass = options.classes.find((item) => item.name.includes('七年级(1)班'));
    expect(klass, 'teacher2 teaches 七年级(1)班 (head teacher: teacher)').toBeDefined();
    const day = await freeDay(teacher2Api, options.blockedPeriods, 71);
    const reason = `补课 e2e ${runTag()}`;
    const adminBefore = (await adminApi.todoCount()).byKind.staff_makeup ?? 0;

    const page = await pageFor(browser, 'teacher2');
    const form = await openApply(page, 'staff_makeup');
    await form.getByTestId('field-class').selectOption(klass!.id);
    await form.getByTestId('field-missed-date').fill(schoolDay(-1));
    await form.getByTestId('apply-start').fill(`${day}T16:00`);
    await form.getByTestId('apply-end').fill(`${day}T17:00`);
    await form.getByTestId('apply-reason').fill(reason);
    await form.getByTestId('apply-draft').click();
    await expect.poll(async () => (await teacher2Api.list('mine', reason)).length, { message: 'the draft is saved' }).toBe(1);
    const [draft] = await teacher2Api.list('mine', reason);
    expect(draft?.auditState).toBe('draft');
    await page.goto('/jzg/jskq');
    await expect(row(page, draft!.id).getByTestId('application-state')).toHaveText('未提交');

    // the submitter opens the draft, edits it and submits it
    await row(page, draft!.id).getByTestId('application-open').click();
    await page.getByTestId('application-detail').getByTestId('application-edit').click();
    await expect(page.getByTestId('apply-form').getByTestId('field-class')).toHaveValue(klass!.id);
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(async () => (await teacher2Api.get(draft!.id)).auditState, { message: 'the draft is submitted' }).toBe('pending:head_teacher');
    await page.goto('/jzg/jskq');
    await expect(row(page, draft!.id).getByTestId('application-state')).toHaveText('待班主任审核');

    // teacher, head teacher of the class taught, passes the first step in 考勤审批
    const teacher = await pageFor(browser, 'teacher');
    await teacher.goto('/jzg/kqsp?scope=todo');
    await row(teacher, draft!.id).getByTestId('application-open').click();
    await teacher.getByTestId('application-detail').getByTestId('audit-pass').click();
    await expect.poll(async () => (await teacher2Api.get(draft!.id)).auditState).toBe('pending:role:teaching_office');
    // now it waits for 教务处: admin holds that role, so admin's card counts it
    expect((await adminApi.todoCount()).byKind.staff_makeup ?? 0).toBe(adminBefore + 1);
    await page.reload();
    await expect(row(page, draft!.id).getByTestId('application-state')).toHaveText('待教务处审核');

    // admin (教务处) decides
    const waiting = await adminApi.get(draft!.id);
    expect(waiting.can.audit).toBe(true);
    await adminApi.ok(APPLICATION_URLS.audit, { id: draft!.id, version: waiting.version, decision: 'pass', opinion: '' }, { 'Idempotency-Key': crypto.randomUUID() });
    await page.reload();
    await expect(row(page, draft!.id).getByTestId('application-state')).toHaveText('审核通过');
    await teacher.context().close();
    await page.context().close();
  });

  test('a time range containing a non-selectable period is refused with its name', async ({ browser, request }) => {
    const adminApi = await StaffApi.login(request, 'admin');
    const teacherApi = await StaffApi.login(request, 'teacher');
    const offset = 200 + Math.floor(Math.random() * 60);
    const day = schoolDay(offset);
    const run = runTag();
    const name = `停课${run}`;
    const period = await adminApi.ok<BlockedPeriodRow>(APPLICATION_URLS.blockedPeriodSave, { name, startsAt: iso(day, '08:00'), endsAt: iso(day, '18:00'), kinds: ['staff_leave', 'staff_outing', 'staff_shift'] });
    try {
      const page = await pageFor(browser, 'teacher');
      const form = await openApply(page, 'staff_outing');
      await form.getByTestId('field-destination').fill('区教育局');
      await form.getByTestId('apply-start').fill(`${schoolDay(offset - 1)}T07:00`);
      await form.getByTestId('apply-end').fill(`${day}T20:00`);
      await form.getByTestId('apply-reason').fill(`外出 e2e ${run}`);
      await page.getByRole('button', { name: '提交', exact: true }).click();
      await expect(form.getByTestId('apply-time-error')).toContainText(`所选时间段包含不可选时段：${name}`);
      // the server says the same
      const refused = await teacherApi.post(
        APPLICATION_URLS.save,
        { id: crypto.randomUUID(), kind: 'staff_outing', startsAt: iso(day, '07:00'), endsAt: iso(day, '20:00'), reason: 'x', details: { destination: '区教育局' } },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      expect(refused.msg).toContain(`所选时间段包含不可选时段：${name}`);
      expect(await teacherApi.list('mine', `外出 e2e ${run}`)).toHaveLength(0);

      // a shift swap: my own range is free, the colleague's swapped range is inside the period — said
      // under the colleague's end time as typed, and by the server
      const free = schoolDay(offset - 3);
      await form.getByTestId('apply-kind').selectOption('staff_shift');
      await form.getByTestId('field-counterpart').selectOption({ index: 1 });
      await form.getByTestId('apply-start').fill(`${free}T08:00`);
      await form.getByTestId('apply-end').fill(`${free}T10:00`);
      await form.getByTestId('field-swap-start').fill(`${day}T09:00`);
      await form.getByTestId('field-swap-end').fill(`${day}T11:00`);
      await form.getByTestId('apply-reason').fill(`调班 e2e ${run}`);
      await page.getByRole('button', { name: '提交', exact: true }).click();
      await expect(form.getByText(`所选时间段包含不可选时段：${name}`)).toBeVisible();
      await expect(form.getByTestId('apply-time-error')).toHaveCount(0);
      const counterpartId = await form.getByTestId('field-counterpart').inputValue();
      const swapRefused = await teacherApi.post(
        APPLICATION_URLS.save,
        {
          id: crypto.randomUUID(),
          kind: 'staff_shift',
          startsAt: iso(free, '08:00'),
          endsAt: iso(free, '10:00'),
          reason: 'x',
          details: { counterpartId, swapStartsAt: iso(day, '09:00'), swapEndsAt: iso(day, '11:00') },
        },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      expect(swapRefused.msg).toContain(`所选时间段包含不可选时段：${name}`);
      expect(await teacherApi.list('mine', `调班 e2e ${run}`)).toHaveLength(0);
      await page.context().close();
    } finally {
      await adminApi.ok(APPLICATION_URLS.blockedPeriodDelete, { id: period.id, version: period.version });
    }
  });

  test('月度汇总 shows people and departments and exports the month as .xlsx', async ({ page }) => {
    await logIn(page, { tenant: 'demo', username: 'admin' });
    await page.goto('/jzg/jskq?scope=summary');
    const summary = page.getByTestId('staff-summary');
    await expect(summary.getByTestId('summary-person').filter({ hasText: '李明华' })).toBeVisible();
    await expect(summary.getByTestId('summary-department').filter({ hasText: '教务处' })).toBeVisible();
    const download = page.waitForEvent('download');
    await summary.getByTestId('summary-export').click();
    expect((await download).suggestedFilename()).toMatch(/^教师考勤汇总-\d{4}-\d{2}.*\.xlsx$/);
    // usable on a 360 px phone: nothing wider than the screen, the tables still there
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(summary.getByTestId('summary-person').filter({ hasText: '李明华' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('月度汇总 is offered to a department head for her department only, and not to a head teacher', async ({ browser }) => {
    const head = await pageFor(browser, 'teacher2');
    await head.goto('/jzg/jskq');
    await head.getByRole('tab', { name: '月度汇总' }).click();
    await expect(head).toHaveURL(/scope=summary/);
    const summary = head.getByTestId('staff-summary');
    await expect(summary.getByTestId('summary-department').filter({ hasText: '教务处' })).toBeVisible();
    await expect(summary.getByTestId('summary-department')).toHaveCount(1);
    await expect(summary.getByTestId('summary-department-filter').locator('option')).toHaveText(['全部部门', '教务处']);
    await head.context().close();

    // teacher audits make-ups as a head teacher (kqsp_audit) but heads no department
    // (the screen asks the server once; it refuses her, so 我的申请 is the only tab and no tab bar shows)
    const teacher = await pageFor(browser, 'teacher');
    const refused = teacher.waitForResponse((response) => new URL(response.url()).pathname === APPLICATION_URLS.staffSummary);
    await teacher.goto('/jzg/jskq');
    expect((await (await refused).json()).code).toBe(40300);
    await expect(teacher.getByTestId('applications')).toBeVisible();
    await expect(teacher.getByRole('tab', { name: '月度汇总' })).toHaveCount(0);
    // a URL naming the tab falls back to the list once the server has refused
    await teacher.goto('/jzg/jskq?scope=summary');
    await expect(teacher.getByTestId('applications')).toBeVisible();
    await expect(teacher.getByRole('tab', { name: '月度汇总' })).toHaveCount(0);
    await expect(teacher.getByTestId('staff-summary')).toHaveCount(0);
    await teacher.context().close();
  });

  test('审批设置: a flow is added, edited and deleted; the screen reads in English too', async ({ page, request }) => {
    const adminApi = await StaffApi.login(request, 'admin');
    await logIn(page, { tenant: 'demo', username: 'admin' });
    await page.goto('/xssw/spsz');
    await page.getByTestId('flow-add').click();
    const form = page.getByTestId('flow-form');
    await form.getByTestId('flow-kind').selectOption('staff_overtime');
    const minDays = String(100 + Math.floor(Math.random() * 200));
    await form.getByTestId('flow-min-days').fill(minDays);
    await form.getByRole('button', { name: '添加审核步骤' }).click();
    await form.getByLabel('第2步审核人').selectOption('role');
    await form.getByLabel('第2步角色').selectOption('teaching_office');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const added = page.getByTestId('flow-row').filter({ hasText: '教师加班' }).filter({ hasText: minDays });
    await expect(added.getByTestId('flow-chain')).toHaveText('部门负责人 → 教务处');

    await added.getByRole('button', { name: '编辑' }).click();
    await form.getByTestId('flow-deadline-days').fill('3');
    await form.getByRole('button', { name: '上移' }).last().click();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(added.getByTestId('flow-chain')).toHaveText('教务处 → 部门负责人');
    const saved = (await adminApi.ok<AuditFlowRow[]>(APPLICATION_URLS.flows, {})).find((flow) => flow.kind === 'staff_overtime' && flow.minDays === Number(minDays));
    expect(saved).toMatchObject({ deadlineDays: 3, steps: [{ kind: 'role', roleCode: 'teaching_office' }, { kind: 'department_head' }] });

    await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Audit flows' })).toBeVisible();
    const english = page.getByTestId('flow-row').filter({ hasText: 'Staff overtime' }).filter({ hasText: minDays });
    await expect(english.getByTestId('flow-chain')).toHaveText('Teaching office → Department head');
    await english.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(english).toHaveCount(0);
    expect((await adminApi.ok<AuditFlowRow[]>(APPLICATION_URLS.flows, {})).some((flow) => flow.id === saved!.id)).toBe(false);
    // usable on a 360 px phone: the tabs and the add button fit, nothing wider than the screen
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/xssw/spsz?tab=periods');
    await expect(page.getByTestId('period-add')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
