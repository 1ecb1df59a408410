// 学籍异动 (/xjgl/xjyd, issue 23 item 4), its main cycle: `teacher` (a head teacher) first sees 复学 offer a
// suspended student only the classes of their grade, then applies a 转班 for a
// student of 八年级(3)班 into 八年级(2)班 from today with the people and org selectors; `admin` (教务处, the
// default chain's step) finds it under 待我审核, reads its trail and approves it; the change is 已生效 and the
// student's class is 八年级(2)班 on the students list. The filer cannot audit their own. axe and the width check
// at 1366 and 390 px; one English pass of the key texts.
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { expectAccessibleFit } from './a11y-walk';
import type { StatusChangeStudent } from '../../contracts/status-changes';
import { DEMO_ACCOUNTS, DemoApi, expectPhoneFit, logIn } from './support';

const ADMIN = DEMO_ACCOUNTS[0]!;
const TEACHER = DEMO_ACCOUNTS[1]!;

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

test('学籍异动: a head teacher applies 转班, 教务处 approves it, the student is in the new class; zh and en, phone and laptop', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await DemoApi.login(request, 'admin');
  type OrgNode = { id: string; name: string; kind: string; children?: OrgNode[] };
  const { nodes } = await admin.ok<{ nodes: OrgNode[] }>('/api/orgs/tree', {});
  const flat = (list: OrgNode[]): OrgNode[] => list.flatMap((node) => [node, ...flat(node.children ?? [])]);
  const classId = (name: string) => flat(nodes).find((node) => node.kind === 'class' && node.name === name)!.id;
  const from = classId('八年级(3)班');
  const students = await admin.ok<{ rows: { id: string; name: string; studentNo: string; classIdName: string }[] }>('/api/students/list', {
    currPage: 0,
    limit: 10,
    search: JSON.stringify({ classId: from, status: 'studying' }),
  });
  const student = students.rows[0]!;
  expect(student.classIdName).toBe('八年级(3)班');
  // a suspended student: 复学 offers only the classes of the grade their last class is in now
  const suspended = (await admin.ok<{ rows: { id: string; name: string; studentNo: string }[] }>('/api/students/list', { currPage: 0, limit: 1, search: JSON.stringify({ status: 'suspended' }) })).rows[0]!;
  const resume = await admin.ok<StatusChangeStudent>('/api/status-changes/student', { studentId: suspended.id });
  const resumeGrade = resume.resumeGrade!.zh;
  const resumeClasses = resume.resumeClassIds!.map((id) => flat(nodes).find((node) => node.id === id)!.name);
  expect(resumeClasses.length).toBeGreaterThan(0);

  // the head teacher applies
  const teacherContext = await browser.newContext();
  const page = await teacherContext.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, TEACHER);
  await page.goto('/xjgl/xjyd');
  await expect(page.getByRole('heading', { name: '学籍异动', level: 1 })).toBeVisible();
  await expect(page.getByTestId('status-change-row').first()).toBeVisible();
  await page.getByTestId('status-change-apply').click();
  const form = page.getByTestId('status-change-form');
  const panel = page.getByTestId('selector-panel');
  const pickStudent = async (who: { name: string; studentNo: string }) => {
    await form.getByRole('combobox', { name: '学生' }).click();
    await panel.getByRole('searchbox').fill(who.studentNo);
    await panel.getByRole('searchbox').press('Enter');
    await panel.getByRole('listitem').filter({ hasText: who.name }).first().getByRole('radio').click();
    await expect(panel).toHaveCount(0);
  };
  await pickStudent(suspended);
  await form.getByTestId('status-change-type').selectOption('resume');
  await expect(form.getByText(`复学只能回到${resumeGrade}的班级`)).toBeVisible();
  await form.getByRole('combobox', { name: '转入班级' }).click();
  await panel.getByRole('button', { name: /^展开 / }).first().click();
  // the one grade with classes to offer; its classes are the choices
  await expect(panel.getByRole('button', { name: /^展开 / })).toHaveCount(1);
  await panel.getByRole('button', { name: `展开 ${resumeGrade}` }).click();
  await expect(panel.getByRole('radio')).toHaveCount(resumeClasses.length);
  await panel.getByRole('radio', { name: resumeClasses[0] }).click();
  await expect(panel).toHaveCount(0);
  // now the student of this cycle (the class picked for 复学 goes with the other student)
  await form.getByRole('combobox', { name: '学生' }).click();
  await panel.getByRole('searchbox').fill(student.studentNo);
  await panel.getByRole('searchbox').press('Enter');
  await panel.getByRole('listitem').filter({ hasText: student.name }).first().getByRole('radio').click();
  await expect(panel).toHaveCount(0);
  await form.getByTestId('status-change-type').selectOption('class_change');
  await form.getByRole('combobox', { name: '转入班级' }).click();
  // the tree stays as the 复学 look above left it: the school open, and 复学's grade
  await expect(panel.getByRole('button', { name: `收起 ${resumeGrade}` })).toBeVisible();
  if (resumeGrade !== '八年级') await panel.getByRole('button', { name: '展开 八年级' }).click();
  // classes only: a grade or the school is a heading, not a choice
  await expect(panel.getByRole('radio', { name: '八年级', exact: true })).toHaveCount(0);
  await panel.getByRole('radio', { name: '八年级(2)班' }).click();
  await expect(panel).toHaveCount(0);
  await form.getByTestId('status-change-reason').fill('家长申请，调入八年级二班');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '已提交，等待审核')).toBeVisible();
  const detail = page.getByTestId('status-change-detail');
  await expect(detail.getByTestId('status-change-detail-state')).toHaveText('审核中');
  await expect(detail.getByTestId('status-change-detail-student')).toContainText(student.name);
  await expect(detail.getByTestId('status-change-pass')).toHaveCount(0);
  // the filer may take it back while nobody audited it (not done here: 教务处 approves it next)
  await expect(detail.getByTestId('status-change-withdraw')).toBeVisible();
  await teacherContext.close();

  // 教务处 audits it from 待我审核
  const adminContext = await browser.newContext();
  const auditor = await adminContext.newPage();
  await auditor.setViewportSize({ width: 1366, height: 900 });
  await logIn(auditor, ADMIN);
  await auditor.goto('/xjgl/xjyd?scope=todo');
  const row = auditor.getByTestId('status-change-row').filter({ hasText: student.name });
  await expect(row).toHaveCount(1);
  await expectAccessibleFit(auditor, 'zh', '/xjgl/xjyd');
  await row.getByTestId('status-change-action').click();
  const drawer = auditor.getByTestId('status-change-detail');
  await expect(drawer.getByTestId('status-change-event')).toHaveCount(1);
  await expect(drawer.getByTestId('status-change-withdraw')).toHaveCount(0);
  await drawer.getByTestId('status-change-opinion').fill('同意');
  await drawer.getByTestId('status-change-pass').click();
  await expect(toast(auditor, '审核通过')).toBeVisible();
  await expect(drawer.getByTestId('status-change-detail-state')).toHaveText('已生效');
  await expect(drawer.getByTestId('status-change-event')).toHaveCount(2);
  await auditor.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // the student is in 八年级(2)班 now (学生信息's list reads it)
  const after = await admin.ok<{ rows: { id: string; classIdName: string }[] }>('/api/students/list', { currPage: 0, limit: 10, search: JSON.stringify({ keyword: student.studentNo }) });
  expect(after.rows.find((r) => r.id === student.id)?.classIdName).toBe('八年级(2)班');
  await auditor.goto('/xjgl/xjyd');
  await expect(auditor.getByTestId('status-change-row').filter({ hasText: student.name }).first()).toHaveAttribute('data-state', 'applied');

  // each type's effective flag: 插班 off (a record only from now on), then on again
  await auditor.getByTestId('status-change-types-open').click();
  const types = auditor.getByTestId('status-change-types');
  await expect(types.getByTestId('status-change-type-row')).toHaveCount(5);
  const insert = types.getByRole('switch', { name: '插班' });
  await expect(insert).toHaveAttribute('aria-checked', 'true');
  await insert.click();
  await expect(insert).toHaveAttribute('aria-checked', 'false');
  await insert.click();
  await expect(insert).toHaveAttribute('aria-checked', 'true');
  await expectAccessibleFit(auditor, 'zh', '/xjgl/xjyd 异动类型');
  await auditor.keyboard.press('Escape');
  await expect(types).toHaveCount(0);

  // a phone: the list fits
  await auditor.setViewportSize({ width: 390, height: 844 });
  await expectPhoneFit(auditor);
  await expectAccessibleFit(auditor, 'zh', '/xjgl/xjyd (390 px)');

  // English: the key texts
  await adminContext.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await auditor.setViewportSize({ width: 1366, height: 900 });
  await auditor.reload();
  await expect(auditor.getByRole('heading', { name: 'Status changes', level: 1 })).toBeVisible();
  await expect(auditor.getByTestId('status-change-apply')).toHaveText('Apply for a change');
  await expect(auditor.getByTestId('status-change-row').filter({ hasText: student.name }).first().getByTestId('status-change-state')).toHaveText('Effective');
  await expectAccessibleFit(auditor, 'en', '/xjgl/xjyd');
  await adminContext.close();
});
