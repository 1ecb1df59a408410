// 系统管理 (issue 10): the constants the ten screens' route files (their zod-free search params) need.
// Tiny and import-free, like contracts/survey-constants.ts: a module route-level code reaches lands whole
// in the entry chunk (/login, /dashboard), so the search params import these from here, never from the
// areas' *-rules.ts modules (their issue texts, ID-number check, URLs… would come along). The rules
// modules re-export them: everything else may keep importing them from there.
import type { AppLogFilter } from './app-log-rules';

/** SPEC §1 user types (1 administrator, 2 student, 3 teacher, 4 parent). */
export const USER_TYPES = ['1', '2', '3', '4'] as const;
export type UserTypeCode = (typeof USER_TYPES)[number];

/** Role types: ordinary, or a dynamic SQL filter. */
export const ROLE_TYPES = ['ordinary', 'sql'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

/** 用户日志's filter fields (app-log-rules.ts `AppLogFilter`), in the order of the search form. */
export const APP_LOG_FILTER_KEYS = [
  'from',
  'to',
  'userId',
  'account',
  'url',
  'urlMode',
  'ip',
  'method',
  'handler',
  'params',
  'minDuration',
  'module',
  'operation',
  'clientType',
  'failed',
  'errorCode',
  'systemName',
  'reads',
] as const satisfies readonly (keyof AppLogFilter)[];

/** 用户日志 filter choices and limits. */
export const APP_LOG_CLIENT_TYPES = ['pc', 'mobile', 'tablet', 'app'] as const;
export const APP_LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export const APP_LOG_URL_MODES = ['prefix', 'contains'] as const;
export const APP_LOG_DURATION_MAX = 3_600_000;
/** Longest value of each text filter. */
export const APP_LOG_TEXT_MAX = { url: 500, ip: 45, handler: 200, params: 200, module: 64, operation: 200, systemName: 64, account: 64 } as const;

/** 数据字典: longest type / entry code. */
export const DICT_CODE_MAX = 64;

/** 系统配置 语言词条: longest key. */
export const LANGUAGE_KEY_MAX = 100;
