import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';

/** AI 提示词管理: the prompts the school's AI features use (a plain list). */
export const aiPrompts = pgTable(
  'ai_prompts',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    /** unique within the school: how a feature names the prompt it uses */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** where it is used, e.g. 评语生成, 通知润色 */
    scene: text('scene').notNull().default(''),
    content: text('content').notNull(),
    /** model name; '' for the deployment's default */
    model: text('model').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('ai_prompts_tenant_code_key').on(t.tenantId, t.code)],
);
