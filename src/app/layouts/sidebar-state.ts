import { readCookie, writeCookie } from '../../lib/cookies';

/**
 * Whether the wide-screen sidebar is open or folded to icons, kept in a cookie (SPEC §9) under the
 * original client's name and values ('1' open, '0' folded). Below 992 px the sidebar is a drawer
 * instead and this flag does not apply.
 */
export const SIDEBAR_COOKIE = 'sidebarStatus';
const SIDEBAR_COOKIE_DAYS = 365;
export const DRAWER_BELOW_PX = 992;

export const readSidebarOpen = (): boolean => readCookie(SIDEBAR_COOKIE) !== '0';

export function storeSidebarOpen(open: boolean): void {
  writeCookie(SIDEBAR_COOKIE, open ? '1' : '0', SIDEBAR_COOKIE_DAYS);
}
