/** A record's two names as the tables keep them: `nameEn` '' when it has none. */
export interface LocalNames {
  name: string;
  nameEn: string;
}

/**
 * A record's name in the caller's language, for what the server itself writes (export sheets, file
 * names, messages naming a semester or a grade): the English name in English when there is one, else
 * the Chinese one. Screens pick on the client (src/lib/local-name.ts), since APIs send both names.
 */
export const localName = (lang: 'zh' | 'en', name: string, nameEn: string | null | undefined): string => (lang === 'en' && nameEn ? nameEn : name);
