import type { Lang } from './messages';

/**
 * A record's name in the caller's language, for what the server itself writes (export sheets, file
 * names): the English name in English when there is one, else the Chinese one. Screens pick on the
 * client (src/lib/local-name.ts), since APIs send both names.
 */
export const localName = (lang: Lang, name: string, nameEn: string | null | undefined): string => (lang === 'en' && nameEn ? nameEn : name);
