import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { i18nEntries } from './i18n.table';

export const i18nRepository = {
  allEntries: (tx: Tx) =>
    tx
      .select({ lang: i18nEntries.lang, key: i18nEntries.key, text: i18nEntries.text })
      .from(i18nEntries)
      .orderBy(asc(i18nEntries.key)),
};
