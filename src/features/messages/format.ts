import { BELL_BADGE_MAX } from '../../../contracts/messages';
import { htmlLang } from '../../lib/locale';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A message time in the reader's language: date and time to the minute (Intl). */
export function formatMessageTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const tag = htmlLang(locale);
  let formatter = formatters.get(tag);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
    formatters.set(tag, formatter);
  }
  return formatter.format(date);
}

/** The bell's badge text: nothing at 0, the number up to 99, then '99+' (SPEC §2, §9). */
export const badgeText = (count: number): string => (count <= 0 ? '' : count > BELL_BADGE_MAX ? `${BELL_BADGE_MAX}+` : String(count));

/** An in-app path (navigate through the router) or an http(s) address (open in a new tab), else nothing. */
export function linkKind(link: string): 'app' | 'external' | null {
  if (/^\/(?![/\\])\S*$/.test(link)) return 'app';
  if (/^https?:\/\//i.test(link)) return 'external';
  return null;
}
