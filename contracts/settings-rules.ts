// 系统配置 (/system/xtpz) rules without zod: the screen and the server share them.

export const SETTINGS_PERMISSION = 'system_config';
export const SETTINGS_EDIT_PERMISSION = 'system_config_edit';

export const LOGIN_TITLE_MAX = 50;
export const LOGIN_FOOTER_MAX = 200;
export const PAGE_TITLE_MAX = 50;
export const RECORD_NUMBER_MAX = 50;

/**
 * scheme://host[:port], no path; '' = the origin the request reached us at, but only on a host the school
 * lists (tenants.hosts): elsewhere the Host header is the caller's to forge, so no outside link is made.
 */
export const PUBLIC_ORIGIN_PATTERN = /^https?:\/\/[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\d{1,5})?$/;

export type SettingsIssue = 'settingsOriginInvalid';

/** What is wrong with a public origin (null when fine); a trailing slash is dropped first. */
export function publicOriginIssue(origin: string): SettingsIssue | null {
  return origin === '' || PUBLIC_ORIGIN_PATTERN.test(origin) ? null : 'settingsOriginInvalid';
}

export const normaliseOrigin = (origin: string): string => origin.trim().replace(/\/+$/, '');

export const SETTINGS_ISSUE_TEXT: Record<SettingsIssue, { zh: string; en: string }> = {
  settingsOriginInvalid: {
    zh: '对外访问地址应为 http(s)://域名[:端口]，不带路径',
    en: 'The public address must be http(s)://host[:port] without a path',
  },
};

/* ------------------------------------------------------------------ language entries (语言词条) */

/** a message key: letters, digits, '.', '_', '-', starting with a letter */
export const LANGUAGE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9._-]*$/;
export { LANGUAGE_KEY_MAX } from './system-codes';
export const LANGUAGE_TEXT_MAX = 500;
