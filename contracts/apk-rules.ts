// APK版本管理 (/system/apk): constants and form rules without zod (screens and route files may import
// them). contracts/apk-versions.ts re-exports everything here.

export const APK_PERMISSION = 'system_apk';
export const APK_ADD_PERMISSION = 'system_apk_add';
export const APK_EDIT_PERMISSION = 'system_apk_edit';
export const APK_DELETE_PERMISSION = 'system_apk_delete';
export const APK_PUBLISH_PERMISSION = 'system_apk_publish';

export const APK_LIMITS = { versionNameMax: 30, versionCodeMax: 2_100_000_000, changelogMax: 2000 } as const;

/** x.y.z, each part a number (e.g. 2.3.1) */
export const APK_VERSION_NAME_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

/** The public call of the Android app: `GET /api/apk/latest?tenant=<code>`. */
export const APK_LATEST_URL = '/api/apk/latest';
/** Where the app downloads a published version's file without login: `GET /api/apk/download/<id>?tenant=<code>`. */
export const apkDownloadPath = (id: string, tenant: string) => `/api/apk/download/${encodeURIComponent(id)}?tenant=${encodeURIComponent(tenant)}`;

export type ApkIssueCode = 'apkVersionNameRequired' | 'apkVersionNameFormat' | 'apkVersionCodeInvalid' | 'apkChangelogTooLong';

/** The rules the form shows as typed and the server refuses with the same words. */
export function apkIssues(input: { versionName: string; versionCode: number | null; changelog: string }): { field: 'versionName' | 'versionCode' | 'changelog'; code: ApkIssueCode }[] {
  const issues: { field: 'versionName' | 'versionCode' | 'changelog'; code: ApkIssueCode }[] = [];
  const name = input.versionName.trim();
  if (!name) issues.push({ field: 'versionName', code: 'apkVersionNameRequired' });
  else if (!APK_VERSION_NAME_PATTERN.test(name)) issues.push({ field: 'versionName', code: 'apkVersionNameFormat' });
  const code = input.versionCode;
  if (code === null || !Number.isInteger(code) || code < 1 || code > APK_LIMITS.versionCodeMax) issues.push({ field: 'versionCode', code: 'apkVersionCodeInvalid' });
  if (input.changelog.length > APK_LIMITS.changelogMax) issues.push({ field: 'changelog', code: 'apkChangelogTooLong' });
  return issues;
}

/** The words of each issue (server messages and the form show the same). */
export const APK_ISSUE_TEXT: Record<ApkIssueCode, { zh: string; en: string }> = {
  apkVersionNameRequired: { zh: '请输入版本名称', en: 'Enter a version name' },
  apkVersionNameFormat: { zh: '版本名称格式应为x.y.z，例如2.3.1', en: 'The version name must look like x.y.z, e.g. 2.3.1' },
  apkVersionCodeInvalid: { zh: '版本号须为正整数', en: 'The version code must be a positive whole number' },
  apkChangelogTooLong: { zh: '更新说明不能超过2000个字符', en: 'The changelog may have at most 2000 characters' },
};
