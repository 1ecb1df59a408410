import { integer, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Chinese administrative areas (GB/T 2260 six-digit codes): a GLOBAL reference table, not tenant
 * data. Level 1 province, 2 city, 3 district. Filled by migration 0005 with a compact set.
 */
export const areas = pgTable(
  'areas',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** '' for provinces */
    parentCode: text('parent_code').notNull().default(''),
    level: integer('level').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('areas_parent_idx').on(t.parentCode, t.sort)],
);

/** Staff categories (教职工类别, JY/T 1001): a GLOBAL reference list for the staff picker. */
export const teacherTypes = pgTable('teacher_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});
