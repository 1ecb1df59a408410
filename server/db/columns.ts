import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column helpers shared by every table definition (`*.table.ts`).
 * Tenant tables start with `tenant_id` (first column of the primary key and of every foreign key,
 * so the schema distributes on Citus by tenant) and end with the audit columns below.
 */
export const tenantIdColumn = () => uuid('tenant_id').notNull();

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** created/updated time and user, and the integer `version` that conflict checks compare */
export const auditColumns = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
  version: integer('version').notNull().default(1),
});
