import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';

/**
 * 系统配置 (/system/xtpz), per school: the runtime-configuration fields a school may change (SPEC §3
 * "Runtime configuration"), laid over the deployment's config.json when /config.json is served for
 * the school. '' means "the deployment's value".
 */
export const tenantRuntimeSettings = pgTable('tenant_runtime_settings', {
  tenantId: tenantIdColumn().primaryKey(),
  loginTitle: text('login_title').notNull().default(''),
  loginFooter: text('login_footer').notNull().default(''),
  pageTitle: text('page_title').notNull().default(''),
  /** origin of links and QR codes sent outside (public survey links, proof verification), e.g. https://xiaowu.example.edu.cn */
  publicOrigin: text('public_origin').notNull().default(''),
  ...auditColumns(),
});

/**
 * Global (one row, id 1): fields that belong to the whole deployment, changed at run time by an
 * administrator of the platform school (XIAOWU_PLATFORM_TENANT). Null: the start-up value.
 */
export const deploymentSettings = pgTable('deployment_settings', {
  id: integer('id').primaryKey(),
  /** ICP record-filing number in the login footer */
  recordNumber: text('record_number'),
  /** request encryption (SPEC §7) */
  requestEncryption: boolean('request_encryption'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
  version: integer('version').notNull().default(1),
});
