import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';
import { campuses } from '../places/places.table';

/** One row per tenant: the school's own details (SPEC §3 "School info"). */
export const schoolInfo = pgTable('school_info', {
  tenantId: tenantIdColumn().primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  /** file id of the logo, '' for the default logo */
  logo: text('logo').notNull().default(''),
  /** file id of the school's seal image printed on proofs, '' for a drawn seal */
  seal: text('seal').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  ...auditColumns(),
});

export const ORG_UNIT_KINDS = ['school', 'department', 'grade', 'class'] as const;
export type OrgUnitKind = (typeof ORG_UNIT_KINDS)[number];

/** The organisation tree: school → departments, and school → grades → classes. */
export const orgUnits = pgTable(
  'org_units',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    parentId: uuid('parent_id'),
    kind: text('kind', { enum: ORG_UNIT_KINDS }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    campusId: uuid('campus_id'),
    /** grades and classes: 1-9 for K12, 1-3 (small, middle, large) for kindergarten */
    gradeLevel: integer('grade_level'),
    /** grades and classes past the top grade after an upgrade (setting a new school year's semester current) */
    graduated: boolean('graduated').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('org_units_tenant_code_key').on(t.tenantId, t.code),
    index('org_units_tenant_parent_idx').on(t.tenantId, t.parentId),
    foreignKey({ name: 'org_units_parent_fk', columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    foreignKey({ name: 'org_units_campus_fk', columns: [t.tenantId, t.campusId], foreignColumns: [campuses.tenantId, campuses.id] }),
  ],
);

export const schoolYears = pgTable(
  'school_years',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** '' when the school year has no English name (the client shows the Chinese one) */
    nameEn: text('name_en').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('school_years_tenant_code_key').on(t.tenantId, t.code),
    check('school_years_name_en_check', sql`char_length(${t.nameEn}) <= 50`),
  ],
);

export const semesters = pgTable(
  'semesters',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    schoolYearId: uuid('school_year_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** '' when the semester has no English name (the client shows the Chinese one) */
    nameEn: text('name_en').notNull().default(''),
    /** SPEC §5: an integer above 2000 and below 9999 (the school year's first calendar year) */
    year: integer('year').notNull(),
    /** working start and end (staff on duty); school days and attendance use these */
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** teaching start and end (lessons), inside the working range */
    teachStartDate: date('teach_start_date').notNull(),
    teachEndDate: date('teach_end_date').notNull(),
    weeks: integer('weeks').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('semesters_tenant_code_key').on(t.tenantId, t.code),
    check('semesters_name_en_check', sql`char_length(${t.nameEn}) <= 50`),
    foreignKey({
      name: 'semesters_school_year_fk',
      columns: [t.tenantId, t.schoolYearId],
      foreignColumns: [schoolYears.tenantId, schoolYears.id],
    }),
  ],
);
