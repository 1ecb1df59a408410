import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';
import { files } from '../files/files.table';
import { orgUnits } from '../school/school.table';
import { users } from '../users/users.table';

/** 在读 / 休学 / 转出 / 毕业 (contracts/student-rules.ts STUDENT_STATUSES says the same) */
export const STUDENT_STATUSES = ['studying', 'suspended', 'transferred', 'graduated'] as const;

/**
 * 学生信息 (issue 23): what a school keeps about a student beside the person row. The person is the
 * `users` row (user_type '2': name, gender, student number = user_no, class = org_unit_id, campus,
 * phone, ID number, remark); this row adds the rest, one per student (migration 0029).
 */
export const students = pgTable(
  'students',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id').notNull(),
    nameEn: text('name_en').notNull().default(''),
    pinyin: text('pinyin').notNull().default(''),
    birthDate: date('birth_date'),
    /** an entry code of the STD_GB_GJ dictionary (GB/T 2659 numeric, 156 China) */
    nationality: text('nationality').notNull().default('156'),
    /** an entry code of the STD_SFZJLX dictionary (1 resident ID card) */
    idType: text('id_type').notNull().default('1'),
    /** GB/T 2260 area codes (the area cascader), '' when unknown */
    nativePlace: text('native_place').notNull().default(''),
    householdPlace: text('household_place').notNull().default(''),
    enrolmentDate: date('enrolment_date').notNull(),
    status: text('status', { enum: STUDENT_STATUSES }).notNull().default('studying'),
    boarding: boolean('boarding').notNull().default(false),
    photoFileId: uuid('photo_file_id'),
    address: text('address').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('students_tenant_status_idx').on(t.tenantId, t.status),
    foreignKey({ name: 'students_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'students_photo_fk', columns: [t.tenantId, t.photoFileId], foreignColumns: [files.tenantId, files.id] }),
    check('students_name_en_check', sql`char_length(${t.nameEn}) <= 100`),
    check('students_pinyin_check', sql`char_length(${t.pinyin}) <= 100`),
    check('students_codes_check', sql`char_length(${t.nationality}) BETWEEN 1 AND 20 AND char_length(${t.idType}) BETWEEN 1 AND 20`),
    check('students_places_check', sql`${t.nativePlace} ~ '^([0-9]{6})?$' AND ${t.householdPlace} ~ '^([0-9]{6})?$'`),
    check('students_status_check', sql`${t.status} IN ('studying', 'suspended', 'transferred', 'graduated')`),
    check('students_address_check', sql`char_length(${t.address}) <= 100`),
    check('students_dates_check', sql`${t.birthDate} IS NULL OR ${t.birthDate} < ${t.enrolmentDate}`),
  ],
);

/**
 * A student's time in a class: [from_date, to_date) (to_date null: the current class). The roster of
 * day d is from_date <= d AND (to_date IS NULL OR to_date > d). At most one open row per student and
 * no two rows of a student overlap (the database says so); users.org_unit_id follows the open row,
 * written by whoever moves the student in the same transaction.
 */
export const classMemberships = pgTable(
  'class_memberships',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    /** an org unit of kind 'class' (a trigger checks) */
    classId: uuid('class_id').notNull(),
    seatNo: integer('seat_no'),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date'),
    /** the 学籍异动 event that opened or closed it (migration 0032 adds its table) */
    statusChangeId: uuid('status_change_id'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('class_memberships_one_open_key').on(t.tenantId, t.studentId).where(sql`${t.toDate} IS NULL`),
    index('class_memberships_tenant_student_idx').on(t.tenantId, t.studentId, t.fromDate),
    index('class_memberships_tenant_class_idx').on(t.tenantId, t.classId, t.fromDate),
    foreignKey({ name: 'class_memberships_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'class_memberships_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    check('class_memberships_dates_check', sql`${t.toDate} IS NULL OR ${t.toDate} > ${t.fromDate}`),
    check('class_memberships_seat_check', sql`${t.seatNo} IS NULL OR ${t.seatNo} BETWEEN 1 AND 999`),
  ],
);
