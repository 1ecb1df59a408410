import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestampFromText } from './rows';

/**
 * Column helpers shared by every table definition (`*.table.ts`).
 * Tenant tables start with `tenant_id` (first column of the primary key and of every foreign key,
 * so the schema distributes on Citus by tenant) and end with the audit columns below.
 */
export const tenantIdColumn = () => uuid('tenant_id').notNull();

/** drizzle's builder step that makes the column (internal in its types) */
interface BuildsColumn {
  build(table: unknown): { mapFromDriverValue(value: unknown): unknown };
}

/**
 * timestamptz read back exactly: drizzle's mode 'date' turns the driver's text into a Date with
 * `new Date(text)`, which reads years below 100 as 19xx/20xx (0001-01-01 came back as 2001-01-01);
 * the column reads it with `timestampFromText` instead. Written values stay drizzle's (toISOString).
 */
export const timestamptz = (name: string) => {
  const builder = timestamp(name, { withTimezone: true, mode: 'date' });
  const buildable = builder as unknown as BuildsColumn;
  const build = buildable.build.bind(builder);
  buildable.build = (table) => {
    const column = build(table);
    column.mapFromDriverValue = (value) => (typeof value === 'string' ? timestampFromText(value) : value);
    return column;
  };
  return builder;
};

/** created/updated time and user, and the integer `version` that conflict checks compare */
export const auditColumns = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
  version: integer('version').notNull().default(1),
});
