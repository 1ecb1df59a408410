import { z } from 'zod';
import { tableARequest } from './envelope';
import { jsonObjectInput } from './input';
import { LANGUAGE_KEY_MAX, LANGUAGE_TEXT_MAX, LOGIN_FOOTER_MAX, LOGIN_TITLE_MAX, PAGE_TITLE_MAX, RECORD_NUMBER_MAX } from './settings-rules';

export * from './settings-rules';

/**
 * 系统配置 (/system/xtpz): the runtime configuration a school changes (login title, footer, page
 * title, public origin) and, for the platform school's administrators, the deployment's
 * record-filing number and request-encryption flag. `/config.json` serves them laid over the
 * built file. Language entries (语言词条) of `getInternationalLanguageList` are managed here too.
 */

/** The school's own values; '' means the deployment's value (config.json). */
export interface TenantSettings {
  loginTitle: string;
  loginFooter: string;
  pageTitle: string;
  publicOrigin: string;
  /** 0 before the first save */
  version: number;
}

export interface DeploymentSettingsData {
  /** null: the start-up value (config.json / XIAOWU_REQUEST_ENCRYPTION) */
  recordNumber: string | null;
  requestEncryption: boolean | null;
  version: number;
}

/** `POST /api/settings/get` */
export interface SettingsData {
  tenant: TenantSettings;
  deployment: DeploymentSettingsData;
  /** what applies when a field is left '' / null: the built config.json and the start-up flag */
  defaults: { loginTitle: string; loginFooter: string; pageTitle: string; recordNumber: string; requestEncryption: boolean; publicOrigin: string };
  /** whether this caller may change the deployment fields (an administrator of the platform school) */
  platformEditable: boolean;
  platformTenantName: string;
}

const text = (max: number) => z.string().trim().max(max).default('');

/**
 * `POST /api/settings/save`: the school's fields with the version read; `deployment` only from the
 * platform school (others get 40300 when they send a changed value).
 */
export const settingsSaveRequest = z.object({
  version: z.number().int().min(0),
  loginTitle: text(LOGIN_TITLE_MAX),
  loginFooter: text(LOGIN_FOOTER_MAX),
  pageTitle: text(PAGE_TITLE_MAX),
  publicOrigin: z.string().trim().max(200).default(''),
  deployment: z
    .object({
      version: z.number().int().min(0),
      recordNumber: z.string().trim().max(RECORD_NUMBER_MAX).nullable(),
      requestEncryption: z.boolean().nullable(),
    })
    .optional(),
});
export type SettingsSaveRequest = z.infer<typeof settingsSaveRequest>;

/** `GET /config.json?tenant=`: an unusable code (too long, a NUL byte) is no code: the file answers whatever the query (the app starts from it). */
export const publicConfigQuery = z.object({
  tenant: z
    .string()
    .trim()
    .max(64)
    .refine((code) => !code.includes('\u0000'))
    .optional()
    .catch(undefined),
});

/* ------------------------------------------------------------------ 语言词条 */

export interface LanguageEntryRow {
  key: string;
  zh: string;
  en: string;
  /** the key's version (both texts): an edit sends it back; a stale one answers 40900 */
  version: number;
}

export const languageSearch = z.object({
  keyword: z.string().trim().max(100).default(''),
  /** '' both; 'zh' / 'en': only keys with a text in that language */
  lang: z.enum(['', 'zh', 'en']).default(''),
});

/** `POST /api/i18n/entries` (generic table A): keys with their zh and en texts. */
export const languageEntryListRequest = tableARequest.extend({ search: jsonObjectInput(languageSearch) });
export type LanguageEntryListRequest = z.infer<typeof languageEntryListRequest>;

/** `POST /api/i18n/save`: one key with both texts (an empty text removes that language's row). */
export const languageSaveRequest = z.object({
  key: z.string().trim().min(1).max(LANGUAGE_KEY_MAX),
  /** the key before a rename; absent when adding */
  previousKey: z.string().trim().max(LANGUAGE_KEY_MAX).optional(),
  zh: z.string().trim().max(LANGUAGE_TEXT_MAX).default(''),
  en: z.string().trim().max(LANGUAGE_TEXT_MAX).default(''),
  /** an edit's version (LanguageEntryRow.version); a stale one answers 40900 */
  version: z.number().int().min(0).optional(),
});
export type LanguageSaveRequest = z.infer<typeof languageSaveRequest>;

export const languageDeleteRequest = z.object({ keys: z.array(z.string().trim().min(1).max(LANGUAGE_KEY_MAX)).min(1).max(500) });
