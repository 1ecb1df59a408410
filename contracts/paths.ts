/**
 * Path prefixes that belong to the API (SPEC §7 keeps these exact paths).
 * The server serves the app for every other GET; the service worker never answers
 * these with the app shell; the Vite dev server proxies them.
 */
export const API_PREFIXES = [
  '/api/',
  '/ms/',
  '/logout',
  '/userManage/',
  '/file/',
  '/saas/',
  '/components/',
  '/dicts',
] as const;

export const isApiPath = (pathname: string): boolean =>
  API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));

/** Routes reachable without login (SPEC §2). */
export const OPEN_ROUTES = ['/login', '/survey/wjdt/wjdtListNotLogin', '/survey/wjdt/answerSurvey'] as const;

/** The built page the server sends for GET /login when the build has it: the light login page (issue 21), not the whole app. */
export const LOGIN_PAGE_FILE = 'login.html';
