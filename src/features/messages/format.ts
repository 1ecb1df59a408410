import { renderMessageText } from '../../../contracts/message-texts';
import { BELL_BADGE_MAX, type MessageRow } from '../../../contracts/messages';
import { formatDate } from '../../lib/format';

const MESSAGE_TIME = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** A message time in the reader's language and the school's zone: date and time to the minute (lib/format). */
export const formatMessageTime = (iso: string, locale: string): string => formatDate(iso, MESSAGE_TIME, locale);

const textOf = (row: Pick<MessageRow, 'MESSAGE_KEY' | 'MESSAGE_PARAMS'>, locale: string) =>
  renderMessageText(row.MESSAGE_KEY, row.MESSAGE_PARAMS, locale === 'en' ? 'en' : 'zh');

/** A message's title in the reader's language: a system message's from its key and parameters, else (older rows, people's messages) the stored one. */
export const messageTitle = (row: Pick<MessageRow, 'MESSAGE_KEY' | 'MESSAGE_PARAMS' | 'MESSAGE_TITLE'>, locale: string): string => textOf(row, locale)?.title ?? row.MESSAGE_TITLE;

/** A system message's body (plain text) in the reader's language; null for a message with stored content. */
export const messageBody = (row: Pick<MessageRow, 'MESSAGE_KEY' | 'MESSAGE_PARAMS'>, locale: string): string | null => textOf(row, locale)?.body ?? null;

/** The bell's badge text: nothing at 0, the number up to 99, then '99+' (SPEC §2, §9). */
export const badgeText = (count: number): string => (count <= 0 ? '' : count > BELL_BADGE_MAX ? `${BELL_BADGE_MAX}+` : String(count));

/** An in-app path (navigate through the router) or an http(s) address (open in a new tab), else nothing. */
export function linkKind(link: string): 'app' | 'external' | null {
  if (/^\/(?![/\\])\S*$/.test(link)) return 'app';
  if (/^https?:\/\//i.test(link)) return 'external';
  return null;
}
