import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';

export const TENANT_KINDS = ['k12', 'kindergarten'] as const;
export type TenantKind = (typeof TENANT_KINDS)[number];

/** Global (not tenant-owned): the schools. Readable by the app role, written only by the owner. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  /** short code typed on the login form when the host name does not identify the school */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  kind: text('kind', { enum: TENANT_KINDS }).notNull(),
  /** host names (lower case, no port) that identify this tenant */
  hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});
