import { sql } from 'drizzle-orm';
import { check, foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * 家庭信息 (issue 23 item 3): a guardian's own fields beside the person row, one per parent. The person
 * is the `users` row (user_type '4': name, gender, phone, ID number; account_initialized_at null = no
 * usable account yet); each child is a `parent_students` link (relation, lives with, emergency order).
 * Migration 0032 (a trigger keeps the row to parents).
 */
export const guardians = pgTable(
  'guardians',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id').notNull(),
    /** 工作单位 */
    workUnit: text('work_unit').notNull().default(''),
    /** 身份证件类型 (STD_SFZJLX; '1' resident ID card: the ID number is checked) */
    idType: text('id_type').notNull().default('1'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    check('guardians_work_unit_check', sql`char_length(${t.workUnit}) <= 100`),
    check('guardians_id_type_check', sql`char_length(${t.idType}) BETWEEN 1 AND 20`),
    // the profile is part of the person: 用户管理 deleting a parent takes it along
    foreignKey({ name: 'guardians_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
