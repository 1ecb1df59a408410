import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, fillLoginForm } from './support';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test.describe('security headers in the browser', () => {
  test('the app loads, logs in and shows the dashboard under its Content-Security-Policy with no violation', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      const text = message.text();
      if (/Refused to|Content Security Policy/i.test(text)) refused.push(text);
    });
    // Playwright's init scripts are not subject to the page's CSP; the listener records every violation.
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    const response = await page.goto('/login');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');

    await fillLoginForm(page, DEMO_ACCOUNTS[1]);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Let lazy chunks, emotion styles, images and the service worker registration settle.
    await page.waitForLoadState('networkidle');
    await page.goto('/messageCenter/xxzx');
    await page.waitForLoadState('networkidle');

    const violations = await page.evaluate(() => window.__cspViolations ?? []);
    expect(violations).toEqual([]);
    expect(refused).toEqual([]);
  });
});
