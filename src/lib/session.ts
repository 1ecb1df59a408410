import { readCookie, removeCookie, writeCookie } from './cookies';
import { getConfig } from './config';

/**
 * Session state of SPEC §4, kept in cookies so it survives reloads (and, later, offline starts):
 * the token, the header it travels in (from the login answer), and the failure flag
 * ('0' after a successful login, '1' after a failed one).
 */
export const TOKEN_COOKIE = 'xiaowu-token';
export const HEADER_COOKIE = 'xiaowu-token-header';
export const FAILURE_COOKIE = 'xiaowu-token-failed';
/** The logged-in account's id: signs encrypted calls (SPEC §7) and keys the offline store per user. */
export const USER_COOKIE = 'xiaowu-user';
/** Days the token cookie lives; the server decides when the session itself expires. */
const TOKEN_DAYS = 30;

export interface SessionSnapshot {
  token: string | null;
  headerName: string;
  loginFailed: boolean;
}

export const session = {
  get token(): string | null {
    return readCookie(TOKEN_COOKIE) || null;
  },
  /** The header the token goes in: the login answer's headerName, else config tokenHeaderName. */
  get headerName(): string {
    return readCookie(HEADER_COOKIE) || getConfig().tokenHeaderName;
  },
  /** '' when unknown (before login, or a session from before the id was kept) */
  get userId(): string {
    return readCookie(USER_COOKIE) || '';
  },
  get loginFailed(): boolean {
    return readCookie(FAILURE_COOKIE) === '1';
  },
  /** Token present and the failure flag not set. */
  get loggedIn(): boolean {
    return Boolean(this.token) && !this.loginFailed;
  },
  snapshot(): SessionSnapshot {
    return { token: this.token, headerName: this.headerName, loginFailed: this.loginFailed };
  },
};
export type Session = typeof session;

export function saveLogin(data: { token: string; headerName?: string; userId?: string }): void {
  writeCookie(TOKEN_COOKIE, data.token, TOKEN_DAYS);
  if (data.userId) rememberUser(data.userId);
  if (data.headerName) writeCookie(HEADER_COOKIE, data.headerName, TOKEN_DAYS);
  writeCookie(FAILURE_COOKIE, '0', TOKEN_DAYS);
}

export function markLoginFailed(): void {
  writeCookie(FAILURE_COOKIE, '1', TOKEN_DAYS);
}

/** The account id as the permission payload states it (keeps the cookie true for older sessions). */
export function rememberUser(userId: string): void {
  if (readCookie(USER_COOKIE) !== userId) writeCookie(USER_COOKIE, userId, TOKEN_DAYS);
}

/** A renewed token sent back by the server in the token header. */
export function renewToken(token: string): void {
  writeCookie(TOKEN_COOKIE, token, TOKEN_DAYS);
}

/** Local logout: forget the token, its header and the failure flag. */
export function clearSession(): void {
  removeCookie(TOKEN_COOKIE);
  removeCookie(HEADER_COOKIE);
  removeCookie(FAILURE_COOKIE);
  removeCookie(USER_COOKIE);
}
