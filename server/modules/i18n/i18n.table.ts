import { pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A tenant's own translated texts, merged into the client's catalogs (language list call). */
export const i18nEntries = pgTable(
  'i18n_entries',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    lang: text('lang', { enum: LANGUAGES }).notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('i18n_entries_tenant_lang_key_key').on(t.tenantId, t.lang, t.key)],
);
