import { date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';

/** Publish status: '1' published, '0' not (same values as contracts/dicts.ts DictStatus). */
export const DICT_STATUSES = ['0', '1'] as const;

/** A dictionary (e.g. STD_XB_XXLX message types): SPEC §3 "Dictionary entry" groups entries by type. */
export const dictTypes = pgTable(
  'dict_types',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    /** STD_GB_ / STD_JB_ / STD_XB_ / STD_ plus capitals (SPEC §5) */
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: DICT_STATUSES }).notNull().default('1'),
    remark: text('remark').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('dict_types_tenant_code_key').on(t.tenantId, t.code)],
);

/** One entry of a dictionary, with every field of SPEC §3 "Dictionary entry". */
export const dictEntries = pgTable(
  'dict_entries',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    typeId: uuid('type_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** code of the parent entry in the same dictionary; '' at the top */
    parentCode: text('parent_code').notNull().default(''),
    level: integer('level').notNull().default(1),
    alias: text('alias').notNull().default(''),
    shortName: text('short_name').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    tag1: text('tag1').notNull().default(''),
    tag1Note: text('tag1_note').notNull().default(''),
    tag2: text('tag2').notNull().default(''),
    tag2Note: text('tag2_note').notNull().default(''),
    tag3: text('tag3').notNull().default(''),
    tag3Note: text('tag3_note').notNull().default(''),
    tag4: text('tag4').notNull().default(''),
    tag4Note: text('tag4_note').notNull().default(''),
    tag5: text('tag5').notNull().default(''),
    tag5Note: text('tag5_note').notNull().default(''),
    status: text('status', { enum: DICT_STATUSES }).notNull().default('1'),
    /** where the entry comes from, e.g. GB/T 2261.1 */
    source: text('source').notNull().default(''),
    /** valid from / until (inclusive); null: open */
    startDate: date('start_date'),
    endDate: date('end_date'),
    remark: text('remark').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('dict_entries_tenant_type_code_key').on(t.tenantId, t.typeId, t.code),
    index('dict_entries_tenant_type_sort_idx').on(t.tenantId, t.typeId, t.sort),
    foreignKey({ name: 'dict_entries_type_fk', columns: [t.tenantId, t.typeId], foreignColumns: [dictTypes.tenantId, dictTypes.id] }).onDelete('cascade'),
  ],
);
