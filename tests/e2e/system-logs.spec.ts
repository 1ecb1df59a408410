// 用户日志 (issue 10, H5), in Chinese and in English: the demo teacher makes calls it may not make
// (the list of logs itself: refused, logged as failed calls carrying this run's marker in their
// params); the admin opens 用户日志, filters by request address, by user (account) and by the marker,
// sees 12 rows over two pages (keyset: next, then back to the first), opens a row's detail, and
// exports the filtered rows (a download arrives). A bad filter is refused with the form's words.
// Those calls are reads: the log shows them once 包含查询 is on. The audit trail: the admin resets a
// person's password on 用户管理 and finds it in 用户日志 by 操作 重置密码, named with the person.
import { expect, test, type Page } from "@playwright/test";
import type { AppLogPage } from "../../contracts/app-logs";
import { baseURL } from "../../playwright.config";
import { DEMO_ACCOUNTS, DemoApi, logIn } from "./support";

const RUN = Date.now().toString(36).slice(-6);
const ADMIN = DEMO_ACCOUNTS[0]!;
const CALLS = 12;
const ADDRESS = "/api/app-logs/list";

type Lang = "zh" | "en";
const WORDS = {
  zh: {
    reset: "重置",
    resetOperation: "重置密码",
    title: "用户日志",
    total: `共 ${CALLS} 条`,
    page2: "第 2 页",
    page1: "第 1 页",
    failed: "异常 40300",
    ipBad: "IP只能包含数字",
    details: "日志详情",
    file: /^用户日志_\d{8}\.xlsx$/,
  },
  en: {
    reset: "Reset",
    resetOperation: "Reset password",
    title: "User logs",
    total: `${CALLS} in all`,
    page2: "Page 2",
    page1: "Page 1",
    failed: "Failed 40300",
    ipBad: "IP may hold digits",
    details: "Log details",
    file: /^user-logs_\d{8}\.xlsx$/,
  },
} as const;

async function open(page: Page, lang: Lang, path = "/system/log") {
  await logIn(page, ADMIN);
  if (lang === "en")
    await page
      .context()
      .addCookies([{ name: "language", value: "en", url: baseURL }]);
  await page.goto(path);
}

/** An ID number with its check digit (GB 11643): a reset to the initial password needs one. */
function idNumber(seed: number): string {
  // area 110101, born 2012-03-01, then a 3-digit sequence (the seed used to reach the birth day: 2012-03-00)
  const first = `11010120120301${String(seed % 1000).padStart(3, "0")}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first].reduce(
    (total, digit, i) => total + Number(digit) * weights[i]!,
    0,
  );
  return first + "10X98765432"[sum % 11]!;
}

for (const lang of ["zh", "en"] as const) {
  const w = WORDS[lang];
  const marker = `e2e-log-${lang}-${RUN}`;

  test(`${lang}: calls show in 用户日志; filter by address and user, detail, next page, export`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // the teacher's refused calls, each carrying the marker in its params
    const teacher = await DemoApi.login(request, "teacher");
    for (let i = 0; i < CALLS; i++) {
      const body = await teacher.post(ADDRESS, {
        limit: 10,
        search: JSON.stringify({
          params: `${marker}-${String(i).padStart(2, "0")}`,
        }),
      });
      expect(body.code).toBe(40300);
    }
    // the log is written in the background: wait until the admin can read all of them (the admin's own
    // calls carry the marker too: the teacher's only)
    const admin = await DemoApi.login(request, "admin");
    await expect
      .poll(
        async () =>
          (
            await admin.ok<AppLogPage>(ADDRESS, {
              limit: 50,
              search: JSON.stringify({
                params: marker,
                account: "teacher",
                reads: "1",
              }),
            })
          ).rows.length,
        { timeout: 20_000 },
      )
      .toBe(CALLS);

    // the audit trail: a password reset on 用户管理 …
    const name = `审计${lang}${RUN}`;
    const account = `e2e_log_${lang}_${RUN}`;
    await admin.ok("/api/users/save", {
      username: account,
      name,
      userType: "3",
      idNumber: idNumber(Number.parseInt(RUN, 36) + (lang === "en" ? 1 : 0)),
    });
    await open(page, lang, "/system/user");
    await page.getByTestId("user-search-keyword").fill(account);
    await page.getByTestId("user-search-keyword").press("Enter");
    await page
      .locator(`[data-testid="user-row"][data-account="${account}"]`)
      .getByTestId("user-reset")
      .click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: w.reset, exact: true })
      .click();
    await expect(page.getByTestId("reset-password-form")).toHaveCount(0);

    // … is found in 用户日志 by its operation's name, with the person it concerned (changes show by default)
    await expect
      .poll(
        async () =>
          (
            await admin.ok<AppLogPage>(ADDRESS, {
              limit: 10,
              search: JSON.stringify({ operation: account }),
            })
          ).rows.filter((row) => row.operationName?.en === "Reset password")
            .length,
        { timeout: 20_000 },
      )
      .toBe(1);
    await page.goto("/system/log");
    await expect(page.getByRole("heading", { name: w.title })).toBeVisible();
    await page.getByTestId("log-operation-filter").fill(w.resetOperation);
    await page.getByTestId("log-operation-filter").press("Enter");
    const separator = lang === "zh" ? "：" : ": ";
    await expect(
      page.getByTestId("log-operation").filter({ hasText: account }),
    ).toHaveText(`${w.resetOperation}${separator}${name} (${account})`);
    await page.getByTestId("log-operation-filter").fill("");

    // the teacher's refused list calls are reads: shown once reads are asked for
    await page.getByRole("switch").click();
    await expect(page.getByRole("switch")).toHaveAttribute(
      "aria-checked",
      "true",
    );

    // a bad filter: the form's words, nothing sent
    await page.getByTestId("log-ip").fill("10.0.0.1;");
    await page.getByTestId("log-ip").press("Enter");
    await expect(page.getByTestId("log-filter-issues")).toContainText(w.ipBad);
    await page.getByTestId("log-ip").fill("");

    // by request address, user (account) and the marker in the parameters
    await page.getByTestId("log-url-filter").fill(ADDRESS);
    await page.getByTestId("log-account").fill("teacher");
    await page.getByTestId("log-params").fill(marker);
    await page.getByTestId("log-params").press("Enter");
    await expect(page.getByTestId("log-filter-issues")).toHaveCount(0);
    const rows = page.getByTestId("log-row");
    await expect(rows).toHaveCount(10);
    await expect(page.getByTestId("keyset-pager-total")).toHaveText(w.total);
    await expect(page.getByTestId("keyset-page")).toHaveText(w.page1);
    for (const url of await rows.getByTestId("log-url").allTextContents())
      expect(url).toBe(ADDRESS);
    for (const account of await rows
      .getByTestId("log-user-account")
      .allTextContents())
      expect(account).toBe("teacher");
    await expect(rows.first()).toContainText(w.failed);

    // the newest row's detail: the whole call
    await rows.first().getByTestId("log-detail-open").click();
    const detail = page.getByTestId("log-detail");
    await expect(detail).toContainText(w.details);
    await expect(detail.getByTestId("log-detail-url")).toHaveText(
      `POST ${ADDRESS}`,
    );
    await expect(detail.getByTestId("log-detail-user")).toContainText(
      "teacher",
    );
    await expect(detail.getByTestId("log-detail-status")).toHaveText(w.failed);
    await expect(detail.getByTestId("log-detail-params")).toContainText(
      `${marker}-11`,
    );
    await expect(detail.getByTestId("log-detail-error")).not.toHaveText("—");
    await page.keyboard.press("Escape");
    await expect(detail).toHaveCount(0);

    // next page: the two oldest calls; then back to the first
    await page.getByTestId("keyset-next").click();
    await expect(page.getByTestId("keyset-page")).toHaveText(w.page2);
    await expect(rows).toHaveCount(CALLS - 10);
    await expect(page.getByTestId("keyset-next")).toBeDisabled();
    await rows.last().getByTestId("log-detail-open").click();
    await expect(page.getByTestId("log-detail-params")).toContainText(
      `${marker}-00`,
    );
    await page.keyboard.press("Escape");
    await page.getByTestId("keyset-prev").click();
    await expect(page.getByTestId("keyset-page")).toHaveText(w.page1);
    await expect(rows).toHaveCount(10);

    // export of the current filter: a download arrives
    const download = page.waitForEvent("download");
    await page.getByTestId("log-export").click();
    expect((await download).suggestedFilename()).toMatch(w.file);
  });
}
