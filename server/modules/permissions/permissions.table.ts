import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MenuRemark } from '../../../contracts/session';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { users } from '../users/users.table';

export const MENU_TYPES = ['directory', 'menu', 'button'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** The menu tree: directories, screens (menus) and the buttons inside them (SPEC §3 "Menu"). */
export const menus = pgTable(
  'menus',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    parentId: uuid('parent_id'),
    type: text('type', { enum: MENU_TYPES }).notNull(),
    /** Chinese title; the English one is remark.menuNameEng */
    menuname: text('menuname').notNull(),
    menuurl: text('menuurl').notNull().default(''),
    icon: text('icon').notNull().default(''),
    remark: jsonb('remark').$type<MenuRemark>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    /** permission codes: what the route demands (any-of), and what granting this row grants */
    perms: text('perms').array().notNull().default(sql`'{}'::text[]`),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('menus_tenant_parent_idx').on(t.tenantId, t.parentId),
    foreignKey({ name: 'menus_parent_fk', columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
  ],
);

export const ROLE_TYPES = ['ordinary', 'sql'] as const;
/** A dynamic role's filter: a SELECT, or a stored procedure of schema role_filters called with three parameters. */
export const ROLE_FILTER_KINDS = ['select', 'procedure'] as const;

/**
 * 角色类型 (/system/jslx): the categories roles are grouped under (the selector's role tab shows one
 * group per category; SPEC §3 Role "business system" is a category code).
 */
export const roleCategories = pgTable(
  'role_categories',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('role_categories_tenant_code_key').on(t.tenantId, t.code)],
);

/** SPEC §3 "Role": name, code, business system, type (ordinary or dynamic SQL), filter. */
export const roles = pgTable(
  'roles',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    businessSystem: text('business_system').notNull().default('xiaowu'),
    type: text('type', { enum: ROLE_TYPES }).notNull().default('ordinary'),
    /** dynamic-SQL roles: SQL or stored procedure returning user ids */
    filter: text('filter').notNull().default(''),
    filterKind: text('filter_kind', { enum: ROLE_FILTER_KINDS }).notNull().default('select'),
    /** a procedure filter's three parameters, as typed */
    filterParams: text('filter_params').array().notNull().default(sql`'{}'::text[]`),
    /** dynamic roles: when the filter last ran, and why it failed ('' when it ran) */
    membersRefreshedAt: timestamptz('members_refreshed_at'),
    membersError: text('members_error').notNull().default(''),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('roles_tenant_code_key').on(t.tenantId, t.code)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: tenantIdColumn(),
    roleId: uuid('role_id').notNull(),
    menuId: uuid('menu_id').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.menuId] }),
    foreignKey({ name: 'role_menus_role_fk', columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    foreignKey({ name: 'role_menus_menu_fk', columns: [t.tenantId, t.menuId], foreignColumns: [menus.tenantId, menus.id] }).onDelete('cascade'),
  ],
);

export const USER_ROLE_SOURCES = ['manual', 'dynamic'] as const;

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    /** 'manual': assigned by an administrator; 'dynamic': written by a dynamic role's filter run */
    source: text('source', { enum: USER_ROLE_SOURCES }).notNull().default('manual'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    index('user_roles_tenant_role_idx').on(t.tenantId, t.roleId),
    foreignKey({ name: 'user_roles_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'user_roles_role_fk', columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

/** 首页卡片 (/system/sykp): the home-page cards of a role, in order (ids of the client's card registry). */
export const homeCardLayouts = pgTable(
  'home_card_layouts',
  {
    tenantId: tenantIdColumn(),
    roleId: uuid('role_id').notNull(),
    /** card ids shown, in order; a card not listed is hidden */
    cards: text('cards').array().notNull().default(sql`'{}'::text[]`),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId] }),
    foreignKey({ name: 'home_card_layouts_role_fk', columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);
