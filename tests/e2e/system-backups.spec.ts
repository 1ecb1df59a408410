// 系统配置's 数据备份 (issue 22), in Chinese and then in English: the platform school's administrator
// (demo/admin; the e2e server runs with XIAOWU_PLATFORM_TENANT=demo, backups on, no nightly run) sees
// the home page's warning exactly when the server says the backups are stale or archiving fails,
// follows it to 系统配置, clicks 立即备份 and sees the new manual backup verified with its size, newest
// first; 校验 re-verifies it; the warning is gone afterwards. The section fits a 390 px phone.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { BackupStatusAnswer } from '../../contracts/backups';
import type { Envelope } from '../../contracts/envelope';
import { baseURL } from '../../playwright.config';
import { expectAccessibleFit, IMPACTS } from './a11y-walk';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, logIn } from './support';

const ADMIN = DEMO_ACCOUNTS[0]!;

const WORDS = {
  zh: { settings: '系统配置', take: '立即备份', manual: '手动', passed: '通过', link: '到系统配置查看备份', verify: '校验备份' },
  en: { settings: 'System configuration', take: 'Back up now', manual: 'Manual', passed: 'Passed', link: 'See the backups in System configuration', verify: 'Verify backup' },
} as const;

/** The status as the server answers it to the demo school's administrator. */
async function backupStatus(request: APIRequestContext) {
  const login = (await (await request.post('/api/login/v3', { data: { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo' } })).json()) as Envelope<{ token: string }>;
  const body = (await (await request.get('/api/backups/status', { headers: { 'X-Access-Token': login.data.token } })).json()) as Envelope<BackupStatusAnswer>;
  expect(body.code, body.msg).toBe(1);
  if (!body.data.visible) throw new Error('the demo school is not the platform school of the e2e server');
  return body.data;
}

/** axe finds nothing, whatever the impact (accessibility.spec.ts fails on serious ones on every screen), and nothing scrolls sideways. */
/** Opens the home page and waits until it has asked for the backups' state (so an absent warning means something). */
async function openDashboard(page: Page) {
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/backups/status');
  await page.goto('/dashboard');
  await asked;
  await expect(page.getByTestId('dashboard-today')).toBeVisible();
}

for (const lang of ['zh', 'en'] as const) {
  const w = WORDS[lang];

  test(`${lang}: 立即备份 from 系统配置, the backup verified with its size; the dashboard warns while backups are stale`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const before = await backupStatus(request);
    expect(before.mode).toBe('embedded');
    await logIn(page, ADMIN);
    if (lang === 'en') await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);

    // the home page says what the server says: a warning exactly when stale or archiving fails
    await openDashboard(page);
    const warning = page.getByTestId('dashboard-backup-warning');
    if (before.stale || before.archiveFailing) {
      await expect(warning).toBeVisible();
      // every axe finding fails here, whatever its impact
      await expectAccessibleFit(page, lang, '/dashboard', IMPACTS);
      await warning.getByRole('link', { name: w.link }).click();
    } else {
      await expect(warning).toHaveCount(0);
      await page.goto('/system/xtpz');
    }
    await expect(page).toHaveURL(/\/system\/xtpz$/);
    await expect(page.getByRole('heading', { name: w.settings, level: 1 })).toBeVisible();
    const section = page.getByTestId('backups-section');
    await expect(section).toBeVisible();
    const rows = section.getByTestId('backup-row');
    await expect(rows).toHaveCount(before.backups.length);
    if (before.stale) await expect(section.getByTestId('backups-alert-stale')).toBeVisible();

    // 立即备份: the button waits for the backup, then the list shows it first, verified, with its size
    await section.getByRole('button', { name: w.take }).click();
    await expect(rows).toHaveCount(before.backups.length + 1, { timeout: 60_000 });
    await expect(section.getByRole('button', { name: w.take })).toBeEnabled();
    const after = await backupStatus(request);
    const [newest] = after.backups;
    expect(newest).toMatchObject({ kind: 'manual', verification: { ok: true } });
    const first = rows.first();
    await expect(first).toHaveAttribute('data-id', newest!.id);
    await expect(first.getByTestId('backup-kind')).toHaveText(w.manual);
    await expect(first.getByTestId('backup-verification')).toContainText(w.passed);
    await expect(first.getByTestId('backup-size')).toHaveText(/^\d+(\.\d)? (KB|MB|GB)$/);
    await expect(section.getByTestId('backups-alert-stale')).toHaveCount(0);
    if (lang === 'en') expect(await section.textContent()).not.toMatch(/[\u4e00-\u9fff]/);
    await expectAccessibleFit(page, lang, '/system/xtpz', IMPACTS);

    // 校验 re-verifies it and records the time
    await first.getByRole('button', { name: `${w.verify} ${newest!.id}` }).click();
    await expect.poll(async () => (await backupStatus(request)).backups[0]?.verification?.at).not.toBe(newest!.verification!.at);
    await expect(first.getByTestId('backup-verification')).toContainText(w.passed);

    // a phone: the list turns into cards, nothing scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(section.locator('[data-cards]')).toBeVisible();
    await expect(first.getByTestId('backup-size')).toBeVisible();
    await expectAccessibleFit(page, lang, '/system/xtpz (390 px)', IMPACTS);

    // with a good backup just taken the home page no longer warns
    await page.setViewportSize({ width: 1366, height: 900 });
    await openDashboard(page);
    await expect(warning).toHaveCount(0);
  });
}
