import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantIdColumn, timestamptz } from '../../db/columns';

/** The columns of one recorded call (SPEC §3 'Log filter fields (app log)'), shared by both tables. */
const callColumns = () => ({
  /** uuid v7: time-ordered */
  id: uuid('id').notNull(),
  /** when the request arrived */
  at: timestamptz('at').notNull(),
  /** null: no session (public calls) */
  userId: uuid('user_id'),
  /** request address: the path, without the query */
  url: text('url').notNull(),
  ip: text('ip').notNull(),
  method: text('method').notNull(),
  /** the route that handled it ("class"): its declared url pattern, e.g. /file/remove/:resId; '' for unknown paths */
  handler: text('handler').notNull(),
  /** query and body as JSON, secrets and personal numbers masked, truncated */
  params: text('params').notNull(),
  durationMs: integer('duration_ms').notNull(),
  /** the server module that declared the route (auth, messages, files…) */
  module: text('module').notNull(),
  /** the route's summary */
  operation: text('operation').notNull(),
  /** pc | mobile | tablet | app, from the User-Agent */
  clientType: text('client_type').notNull(),
  /** envelope code of a failed call (result false or fault); null on success */
  errorCode: integer('error_code'),
  errorMessage: text('error_message'),
  /** which system wrote the row ('xiaowu') */
  systemName: text('system_name').notNull(),
  /** "METHOD url" of the route (plugins/route-operation.ts), whose zh / en names the registry holds; null on rows before 0027 */
  operationKey: text('operation_key'),
  /** 'change' | 'read'; null on rows before 0027 (shown among the changes) */
  kind: text('kind', { enum: ['change', 'read'] }),
  /** the record the call concerned, named when it was made ("黄涛建 (201812102)") */
  target: text('target'),
});

/** Calls made within a tenant (a session, or a public call whose tenant was told). Written only by the app log. */
export const appLogs = pgTable(
  'app_logs',
  { tenantId: tenantIdColumn(), ...callColumns() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('app_logs_at_idx').on(t.tenantId, t.at.desc(), t.id.desc()),
    index('app_logs_user_idx').on(t.tenantId, t.userId, t.at.desc()).where(sql`${t.userId} IS NOT NULL`),
    index('app_logs_url_idx').on(t.tenantId, t.url, t.at.desc()),
    index('app_logs_module_idx').on(t.tenantId, t.module, t.at.desc()),
    // the default view (changes only): most rows are reads
    index('app_logs_change_idx').on(t.tenantId, t.at.desc(), t.id.desc()).where(sql`${t.kind} IS DISTINCT FROM 'read'`),
  ],
);

/** Calls with no tenant (login options, captchas, logins naming an unknown school): global. */
export const appLogsPublic = pgTable('app_logs_public', callColumns(), (t) => [
  primaryKey({ columns: [t.id] }),
  index('app_logs_public_at_idx').on(t.at.desc()),
]);
