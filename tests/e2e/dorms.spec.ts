// 宿舍管理 (/ssgl/sssz, issue 23 item 6), its main cycle on the demo school's dormitories as the administrator:
// the occupancy and the boarders waiting, a waiting girl placed in a free bed with the picker, moved to another
// bed, checked out (each a dated stay on the server), then the automatic allocation with its report; axe and
// the width check at 1366 and 390 px; one English pass of the key texts; the kindergarten's screen says it has
// no dormitories. The buildings and rooms lists run the kit's cycle (resources.spec.ts).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { expectAccessibleFit } from './a11y-walk';
import { DEMO_ACCOUNTS, expectPhoneFit, logIn } from './support';

const ADMIN = DEMO_ACCOUNTS[0]!;
const KG_ADMIN = DEMO_ACCOUNTS.find((account) => account.tenant === 'kg')!;

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();
const bedOf = (page: Page, room: string, bed: string) => page.locator(`[data-testid="dorm-room-card"][data-code="${room}"] [data-testid="dorm-bed"][data-bed="${bed}"]`);
const studentBed = (page: Page, name: string): Locator => page.getByTestId('dorm-bed').filter({ has: page.getByTestId('dorm-bed-student').getByText(name, { exact: true }) });

test('宿舍管理: place a waiting boarder with the picker, move her, check her out, allocate the rest automatically; zh and en, phone and laptop', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, ADMIN);
  await page.goto('/ssgl/sssz');
  await expect(page.getByRole('heading', { name: '宿舍管理', level: 1 })).toBeVisible();
  await expect(page.getByTestId('dorm-occupancy-row')).toHaveCount(2);
  await expect(page.getByTestId('dorm-waiting')).toContainText('待分配住宿生');
  await expectAccessibleFit(page, 'zh', '/ssgl/sssz');

  // the girls' building; its first free bed
  await page.getByTestId('dorm-board-building').selectOption({ label: '女生宿舍楼' });
  const free = page.locator('[data-testid="dorm-bed"][data-occupied="false"]').filter({ has: page.getByTestId('dorm-bed-place') }).first();
  await expect(free).toBeVisible();
  const room = (await free.locator('xpath=ancestor::*[@data-testid="dorm-room-card"]').getAttribute('data-code'))!;
  const bed = (await free.getAttribute('data-bed'))!;
  expect(room).toMatch(/^G/);

  // place: the picker lists waiting girls; the first one takes the bed
  await free.getByTestId('dorm-bed-place').click();
  const picker = page.getByTestId('dorm-place');
  const first = picker.getByTestId('dorm-place-student').first();
  await expect(first).toBeVisible();
  const name = (await first.locator('span').first().textContent())!.trim();
  await picker.getByTestId('dorm-place-search').fill(name);
  await expect(picker.getByTestId('dorm-place-student')).toHaveCount(1);
  await picker.getByTestId('dorm-place-student').click();
  await expect(toast(page, '入住成功')).toBeVisible();
  await expect(picker).toHaveCount(0);
  await expect(bedOf(page, room, bed)).toHaveAttribute('data-occupied', 'true');
  await expect(bedOf(page, room, bed).getByTestId('dorm-bed-student')).toHaveText(name);

  // move: to another free bed of the building
  await bedOf(page, room, bed).getByTestId('dorm-bed-move').click();
  const move = page.getByTestId('dorm-move');
  await move.getByTestId('dorm-move-target').selectOption({ index: 1 });
  await move.getByTestId('dorm-move-save').click();
  await expect(toast(page, '调换成功')).toBeVisible();
  await expect(bedOf(page, room, bed)).toHaveAttribute('data-occupied', 'false');
  await expect(studentBed(page, name)).toHaveCount(1);

  // her history: the stay now and the one the move ended
  await studentBed(page, name).getByTestId('dorm-bed-history').click();
  const history = page.getByTestId('dorm-history');
  await expect(history.getByTestId('dorm-history-row')).toHaveCount(2);
  await expect(history.getByTestId('dorm-history-row').first()).toContainText('现住');
  await expect(history.getByTestId('dorm-history-row').last()).toContainText('（调换）');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  // check out: she leaves the board (and waits for a bed again)
  await studentBed(page, name).getByTestId('dorm-bed-checkout').click();
  await page.getByTestId('dorm-checkout-save').click();
  await expect(toast(page, '退宿成功')).toBeVisible();
  await expect(studentBed(page, name)).toHaveCount(0);

  // automatic allocation: the rest of the waiting boarders, with the report
  await page.getByTestId('dorm-allocate').click();
  const allocation = page.getByTestId('dorm-allocate-dialog');
  await allocation.getByTestId('dorm-allocate-start').click();
  await expect(allocation.getByTestId('dorm-allocate-summary')).toHaveText(/^已安排 \d+ 人，未能安排 \d+ 人。$/);
  const unplaced = Number((await allocation.getByTestId('dorm-allocate-summary').textContent())!.match(/未能安排 (\d+)/)![1]);
  await expect(allocation.getByTestId('dorm-unplaced')).toHaveCount(unplaced);
  await expect(allocation.getByTestId('dorm-shortage').first()).toBeVisible();
  await allocation.getByRole('button', { name: '关闭', exact: true }).last().click();
  await expect(allocation).toHaveCount(0);
  await expect(studentBed(page, name)).toHaveCount(1);
  if (unplaced === 0) await expect(page.getByTestId('dorm-waiting')).toHaveText('所有住宿生都已安排床位。');

  // the export: a workbook named in the reader's language
  const download = page.waitForEvent('download');
  await page.getByTestId('dorm-export').click();
  expect((await download).suggestedFilename()).toMatch(/^宿舍入住_\d{4}-\d{2}-\d{2}\.xlsx$/);

  // a phone: the board fits, the picker opens over it
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPhoneFit(page);
  await expectAccessibleFit(page, 'zh', '/ssgl/sssz (390 px)');

  // English: the key texts
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dormitories', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bed allocation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Occupancy', level: 2 })).toBeVisible();
  await expect(page.getByTestId('dorm-waiting')).toHaveText(/^(Every boarder has a bed\.|Boarders waiting for a bed: \d+ boys, \d+ girls)$/);
  await expect(page.getByTestId('dorm-allocate')).toHaveText('Allocate automatically');
  await expectAccessibleFit(page, 'en', '/ssgl/sssz');
});

test('宿舍管理 in the kindergarten: the screen says the school has no dormitories', async ({ page }) => {
  await logIn(page, KG_ADMIN);
  await page.goto('/ssgl/sssz');
  await expect(page.getByRole('heading', { name: '宿舍管理', level: 1 })).toBeVisible();
  await expect(page.getByTestId('dorms-none')).toContainText('本校没有宿舍楼');
  await expect(page.getByTestId('dorm-board')).toHaveCount(0);
});
