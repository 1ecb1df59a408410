import { boolean, date, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';

/**
 * The VIEW student_records (migration 0029: users + students of one student, written through its
 * INSTEAD OF trigger), declared as a table so the resource kit lists, saves, imports and deletes it.
 * Not in db/schema.ts: drizzle-kit must not generate a table for it. The unique indexes are the base
 * table's (users) that guard the student number: a 23505 naming either is the number taken.
 */
export const studentRecords = pgTable(
  'student_records',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    studentNo: text('student_no').notNull(),
    name: text('name').notNull(),
    pinyin: text('pinyin').notNull(),
    nameEn: text('name_en').notNull(),
    gender: text('gender').notNull(),
    birthDate: date('birth_date'),
    nationality: text('nationality').notNull(),
    idType: text('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    nativePlace: text('native_place').notNull(),
    householdPlace: text('household_place').notNull(),
    campusId: uuid('campus_id'),
    classId: uuid('class_id'),
    enrolmentDate: date('enrolment_date').notNull(),
    status: text('status').notNull(),
    boarding: boolean('boarding').notNull(),
    /** '' none (the view shows the uuid as text, the trigger writes NULL for '') */
    photoFileId: text('photo_file_id').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    remark: text('remark').notNull(),
    /** account_initialized_at is set (账号初始化 made the account) */
    hasAccount: boolean('has_account').notNull(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('users_tenant_student_no_key').on(t.tenantId, t.studentNo), uniqueIndex('users_tenant_username_key').on(t.tenantId, t.studentNo)],
);
