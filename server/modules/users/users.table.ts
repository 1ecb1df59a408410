import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { campuses } from '../places/places.table';
import { orgUnits } from '../school/school.table';

/** SPEC §1 user types; parent is '4'. Same values as contracts/session.ts UserType. */
export const USER_TYPES = ['1', '2', '3', '4'] as const;
/** GB/T 2261.1: 1 male, 2 female */
export const GENDERS = ['1', '2'] as const;

export const users = pgTable(
  'users',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    /** login account: job number, student number, 'P' + student number for parents */
    username: text('username').notNull(),
    /** argon2id; never leaves the server */
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    userType: text('user_type', { enum: USER_TYPES }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** set after XIAOWU_LOCKOUT_ATTEMPTS failed logins; the account unlocks by itself when it passes */
    lockedUntil: timestamptz('locked_until'),
    gender: text('gender', { enum: GENDERS }),
    /** job number (staff) or student number (students) */
    userNo: text('user_no').notNull().default(''),
    /** staff: department; students: class */
    orgUnitId: uuid('org_unit_id'),
    campusId: uuid('campus_id'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** resident ID number (18); its last 6 characters, in capitals, are the initial password (SPEC §9) */
    idNumber: text('id_number').notNull().default(''),
    passwordChangedAt: timestamptz('password_changed_at'),
    /** when the account was initialised (SPEC §9); null: a record without a usable account yet */
    accountInitializedAt: timestamptz('account_initialized_at'),
    /** set by initialisation and by a reset: the next login asks for a new password */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    remark: text('remark').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_username_key').on(t.tenantId, t.username),
    index('users_tenant_org_unit_idx').on(t.tenantId, t.orgUnitId),
    // a student number names one student of a school (migration 0029)
    uniqueIndex('users_tenant_student_no_key').on(t.tenantId, t.userNo).where(sql`${t.userType} = '2' AND ${t.userNo} <> ''`),
    // a guardian is one person: an ID number names at most one parent of a school (migration 0032)
    uniqueIndex('users_tenant_parent_id_number_key').on(t.tenantId, t.idNumber).where(sql`${t.userType} = '4' AND ${t.idNumber} <> ''`),
    foreignKey({ name: 'users_org_unit_fk', columns: [t.tenantId, t.orgUnitId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    foreignKey({ name: 'users_campus_fk', columns: [t.tenantId, t.campusId], foreignColumns: [campuses.tenantId, campuses.id] }),
  ],
);

/** Which parent account belongs to which student. */
export const parentStudents = pgTable(
  'parent_students',
  {
    tenantId: tenantIdColumn(),
    parentId: uuid('parent_id').notNull(),
    studentId: uuid('student_id').notNull(),
    /** 家庭关系 dictionary code (STD_GB_JTGX, GB/T 4761: 51 父亲, 52 母亲, …; migration 0032) */
    relation: text('relation').notNull().default(''),
    /** 家庭信息: the guardian lives with the child */
    livesWith: boolean('lives_with').notNull().default(false),
    /** 家庭信息: place among the child's emergency contacts (1 first); null: not one. Unique per student. */
    emergencyOrder: integer('emergency_order'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.parentId, t.studentId] }),
    index('parent_students_tenant_student_idx').on(t.tenantId, t.studentId),
    index('parent_students_tenant_parent_idx').on(t.tenantId, t.parentId),
    uniqueIndex('parent_students_emergency_order_key').on(t.tenantId, t.studentId, t.emergencyOrder).where(sql`${t.emergencyOrder} IS NOT NULL`),
    check('parent_students_relation_check', sql`char_length(${t.relation}) <= 20`),
    check('parent_students_emergency_order_check', sql`${t.emergencyOrder} IS NULL OR ${t.emergencyOrder} BETWEEN 1 AND 9`),
    foreignKey({ name: 'parent_students_parent_fk', columns: [t.tenantId, t.parentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'parent_students_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

export const STAFF_DUTIES = ['head_teacher', 'deputy_head_teacher', 'subject_teacher', 'grade_leader', 'department_head'] as const;
export type StaffDuty = (typeof STAFF_DUTIES)[number];

/** A staff member's duty in an org unit: head teacher of a class, subject teacher, grade leader… */
export const staffDuties = pgTable(
  'staff_duties',
  {
    tenantId: tenantIdColumn(),
    orgUnitId: uuid('org_unit_id').notNull(),
    userId: uuid('user_id').notNull(),
    duty: text('duty', { enum: STAFF_DUTIES }).notNull(),
    /** subject teachers: the subject, e.g. 语文 */
    subject: text('subject').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orgUnitId, t.userId, t.duty, t.subject] }),
    index('staff_duties_tenant_user_idx').on(t.tenantId, t.userId),
    foreignKey({ name: 'staff_duties_org_unit_fk', columns: [t.tenantId, t.orgUnitId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    foreignKey({ name: 'staff_duties_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    // migration 0033: the duties a school knows (STAFF_DUTIES, spelled out as in the migration), one head teacher and one deputy per class
    check('staff_duties_duty_check', sql`${t.duty} IN ('head_teacher', 'deputy_head_teacher', 'subject_teacher', 'grade_leader', 'department_head')`),
    uniqueIndex('staff_duties_one_head_teacher_key').on(t.tenantId, t.orgUnitId).where(sql`${t.duty} = 'head_teacher'`),
    uniqueIndex('staff_duties_one_deputy_key').on(t.tenantId, t.orgUnitId).where(sql`${t.duty} = 'deputy_head_teacher'`),
  ],
);

/** Per school: how accounts are initialised (SPEC §9). One row per tenant; absent: the defaults. */
export const accountSettings = pgTable('account_settings', {
  tenantId: tenantIdColumn().primaryKey(),
  /** parent account = prefix + the student's account */
  parentPrefix: text('parent_prefix').notNull().default('P'),
  /** student-number template: {year}{gender}{campus}{serial:N}, e.g. 201911001 */
  studentNoTemplate: text('student_no_template').notNull().default('{year}{gender}{campus}{serial:3}'),
  ...auditColumns(),
});
