import { type SQL, sql } from 'drizzle-orm';

/**
 * 家庭信息 keeps guardians (user type '4') who have no usable account: no 账号初始化 yet
 * (account_initialized_at null, a login nobody can use) or disabled. Where a parent is meant to be
 * reached or counted (questionnaire targets, dynamic roles, notifications), such a guardian is no
 * parent: these predicates say so once. `alias` is the users row's alias in the caller's SQL.
 */

/** SQL predicate: the users row `alias` has an account at all (initialised; enabled or disabled). */
export const hasInitialisedAccount = (alias: string): SQL => sql`(${sql.identifier(alias)}.account_initialized_at IS NOT NULL)`;

/** SQL predicate: the users row `alias` has a usable account (initialised and enabled). */
export const hasUsableAccount = (alias: string): SQL => sql`(${hasInitialisedAccount(alias)} AND ${sql.identifier(alias)}.enabled)`;

/** SQL predicate: the users row `alias` is not a guardian without a usable account (anyone else passes). */
export const notAccountlessGuardian = (alias: string): SQL =>
  sql`(${sql.identifier(alias)}.user_type <> '4' OR ${hasUsableAccount(alias)})`;
