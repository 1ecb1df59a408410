import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';

/** APK 版本管理: the Android app's releases; the app asks for the newest published one. */
export const apkVersions = pgTable(
  'apk_versions',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    /** shown to people, e.g. 2.3.1 */
    versionName: text('version_name').notNull(),
    /** Android versionCode: a newer release has a larger one */
    versionCode: integer('version_code').notNull(),
    /** the .apk file (files module resId) */
    fileId: text('file_id').notNull().default(''),
    changelog: text('changelog').notNull().default(''),
    /** older apps must update before going on */
    forceUpdate: boolean('force_update').notNull().default(false),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamptz('published_at'),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('apk_versions_tenant_code_key').on(t.tenantId, t.versionCode)],
);
