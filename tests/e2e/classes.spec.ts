// 班级管理 (/jcsj/bjgl): no 新增 (classes are made in 组织机构); edit a class's head teacher and capacity;
// its roster: seats numbered by student number and saved, a past day's roster, 转班 opening 学籍异动's
// application prefilled; the en pass of the key texts; axe and the width check. The class edited is a
// 九年级 one (the demo class and 八年级's head teachers are other specs' and the dynamic roles'); it
// gets its head teacher, capacity and seats back afterwards.
import { expect, test, type Page } from '@playwright/test';
import { CLASS_URLS, type ClassRoster } from '../../contracts/classes';
import type { TableAData } from '../../contracts/envelope';
import { resourceUrls } from '../../contracts/resource';
import { classes } from '../../contracts/resources/classes';
import { schoolDate } from '../../contracts/school-time';
import { baseURL } from '../../playwright.config';
import { expectAccessibleFit, listMisfits } from './a11y-walk';
import { DEMO_ACCOUNTS, DemoApi, logIn } from './support';

const urls = resourceUrls(classes);
const CLASS = '九年级(3)班';
type Row = Record<string, unknown> & { id: string; version: number; name: string; headTeacherId: string; headTeacherIdName: string; capacity: number | null };
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

let original: Row | undefined;
let originalSeats: { studentId: string; seatNo: number | null }[] = [];

test.afterAll(async ({ request }) => {
  if (!original) return;
  const admin = await DemoApi.login(request, 'admin');
  const now = (await admin.ok<TableAData<Row>>(urls.list, { currPage: 0, limit: 10, search: JSON.stringify({ keyword: CLASS }) })).rows[0];
  const { id, version, classNo, deputyHeadTeacherId, classroomId } = now as Row & { classNo: string; deputyHeadTeacherId: string; classroomId: string };
  await admin.post(urls.save, { id, version, classNo, headTeacherId: original.headTeacherId, deputyHeadTeacherId, classroomId, capacity: original.capacity });
  if (originalSeats.length) await admin.post(CLASS_URLS.seats, { classId: original.id, seats: originalSeats });
});

test('班级管理: edit head teacher and capacity, number and save seats, a past day’s roster, 转班 through 学籍异动; en; axe', async ({ page, request }) => {
  const admin = await DemoApi.login(request, 'admin');
  const all = (await admin.ok<TableAData<Row>>(urls.list, { currPage: 0, limit: 100, search: '{}' })).rows;
  original = all.find((row) => row.name === CLASS)!;
  const roster = await admin.ok<ClassRoster>(CLASS_URLS.roster, { classId: original.id, date: schoolDate() });
  originalSeats = roster.students.map((student) => ({ studentId: student.id, seatNo: student.seatNo }));
  const newHead = all.find((row) => row.headTeacherIdName && row.headTeacherId !== original!.headTeacherId && row.name.startsWith('九年级'))!;

  await logIn(page);
  await page.goto('/jcsj/bjgl');
  await expect(page.getByRole('heading', { name: '班级管理', level: 1 })).toBeVisible();
  await expect(page.getByTestId('class-row').first()).toBeVisible();
  await expect(page.getByTestId('class-add')).toHaveCount(0);
  await expect(page.getByTestId('class-delete')).toHaveCount(0);
  await expectAccessibleFit(page, 'zh', '班级管理');

  // search, then edit: another head teacher (the people selector), a capacity
  await page.getByTestId('class-search-keyword').fill(CLASS);
  await page.getByTestId('class-search-keyword').press('Enter');
  const row = page.getByTestId('class-row').filter({ hasText: CLASS });
  await expect(page.getByTestId('class-row')).toHaveCount(1);
  await row.getByTestId('class-edit').click();
  const form = page.getByTestId('class-form');
  const capacity = form.getByLabel('容纳人数');
  await capacity.fill(String(roster.students.length + 5));
  await capacity.press('Tab');
  await form.getByRole('combobox', { name: '班主任', exact: true }).click();
  const panel = page.getByTestId('selector-panel');
  await panel.getByRole('searchbox').fill(newHead.headTeacherIdName);
  await panel.getByRole('searchbox').press('Enter');
  await panel.getByRole('listitem').filter({ hasText: newHead.headTeacherIdName }).first().getByRole('radio').click();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText(newHead.headTeacherIdName);
  await expect(row.getByTestId('class-fill')).toHaveText(`${roster.students.length}/${roster.students.length + 5}`);

  // the roster: seats numbered by student number, saved
  await row.getByTestId('class-roster-open').click();
  const drawer = page.getByTestId('class-roster');
  await expect(drawer.getByTestId('class-roster-row')).toHaveCount(roster.students.length);
  await drawer.getByTestId('class-seats-edit').click();
  await drawer.getByTestId('class-seats-auto').click();
  await drawer.getByTestId('class-seats-save').click();
  await expect(toast(page, '座号已保存')).toBeVisible();
  const lowest = [...roster.students].sort((a, b) => a.studentNo.localeCompare(b.studentNo))[0];
  await expect(drawer.getByTestId('class-roster-row').first()).toHaveAttribute('data-student-no', lowest.studentNo);
  await expect(drawer.getByTestId('class-roster-row').first().getByTestId('class-seat')).toHaveText('1');
  await expectAccessibleFit(page, 'zh', '花名册');

  // a day before the class began: nobody (the roster comes from the dated memberships)
  await drawer.getByTestId('class-roster-date').fill('2015-01-05');
  await expect(drawer.getByTestId('class-roster-empty')).toBeVisible();
  await expect(drawer.getByTestId('class-seats-edit')).toHaveCount(0);
  await drawer.getByTestId('class-roster-date').fill(schoolDate());
  await expect(drawer.getByTestId('class-roster-row')).toHaveCount(roster.students.length);

  // 转班: 学籍异动's application, the student and the type filled in
  await drawer.getByTestId('class-roster-row').first().getByTestId('class-roster-move').click();
  await expect(page).toHaveURL(/\/xjgl\/xjyd\?.*apply=class_change/);
  const apply = page.getByTestId('status-change-form');
  await expect(apply.getByTestId('status-change-type')).toHaveValue('class_change');
  await expect(apply.getByRole('combobox', { name: '学生' })).toContainText(lowest.name);
  await page.getByRole('button', { name: '取消' }).click();
  await expect(apply).toHaveCount(0);

  // English: the key texts, and axe
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.goto('/jcsj/bjgl');
  await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Head teacher', exact: true })).toBeVisible();
  await page.getByTestId('class-row').first().getByTestId('class-roster-open').click();
  await expect(page.getByRole('tab', { name: 'Roster' })).toBeVisible();
  await page.getByRole('tab', { name: 'Subject teachers' }).click();
  await expect(page.getByTestId('class-teachers-table')).toBeVisible();
  await expectAccessibleFit(page, 'en', 'Class roster');

  // a phone's width: the list (cards) and the roster fit without sideways scrolling
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/jcsj/bjgl');
  await expect(page.getByTestId('class-row').first()).toBeVisible();
  expect(await listMisfits(page)).toEqual([]);
  // on a card 编辑 is the button; 花名册 is under 更多
  await page.getByTestId('class-row').first().getByRole('button', { name: /More/ }).click();
  await page.getByTestId('class-roster-open').click();
  await expect(page.getByTestId('class-roster-row').first()).toBeVisible();
  expect(await page.getByTestId('class-roster').evaluate((drawer) => drawer.scrollWidth <= drawer.clientWidth + 1)).toBe(true);
});

test('班级管理 for a head teacher (bjgl without edit): 花名册 on exactly the classes whose roster the server answers', async ({ page, request }) => {
  const teacher = await DemoApi.login(request, 'teacher');
  const rosterAnswered = async (row: Row) => (await teacher.post(CLASS_URLS.roster, { classId: row.id, date: schoolDate() })).code === 1;
  const everyClass = (await teacher.ok<TableAData<Row>>(urls.list, { currPage: 0, limit: 100, search: '{}' })).rows;
  const led = (await Promise.all(everyClass.map(async (row) => ((await rosterAnswered(row)) ? row : null)))).find((row) => row !== null)!;
  // the grade of a class they lead: its classes, led and not
  const search = { keyword: String(led.gradeIdName) };
  const listed = (await teacher.ok<TableAData<Row>>(urls.list, { currPage: 0, limit: 100, search: JSON.stringify(search) })).rows;
  const answered = await Promise.all(listed.map(rosterAnswered));
  expect(answered).toContain(false);
  await logIn(page, DEMO_ACCOUNTS[1]);
  await page.goto('/jcsj/bjgl');
  await page.getByTestId('class-search-keyword').fill(search.keyword);
  await page.getByTestId('class-search-keyword').press('Enter');
  const rows = page.getByTestId('class-row');
  await expect(rows).toHaveCount(listed.length);
  for (const [i, row] of listed.entries()) {
    await expect(rows.nth(i)).toContainText(row.name);
    await expect(rows.nth(i).getByTestId('class-roster-open')).toHaveCount(answered[i] ? 1 : 0);
  }
  await rows.nth(answered.indexOf(true)).getByTestId('class-roster-open').click();
  await expect(page.getByTestId('class-roster-row').first()).toBeVisible();
});
