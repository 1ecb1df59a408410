import {
  ROLE_URLS,
  roleCategorySaveRequest,
  roleDeleteRequest,
  roleFilterTestRequest,
  roleIdRequest,
  roleListRequest,
  roleMemberListRequest,
  roleMembersChangeRequest,
  roleMenusSaveRequest,
  roleSaveRequest,
} from '../../../contracts/roles';
import { defineRoute } from '../../plugins/define-route';

const ROLE = 'system_role';
const TYPE = 'system_role_type';
const READ = { anyOf: [ROLE] } as const;
const EDIT = { anyOf: [`${ROLE}_edit`] } as const;

/** 角色管理 (/system/role) and 角色类型 (/system/jslx): contracts/roles.ts. */
export const rolesRoutes = [
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.categories,
    access: { anyOf: [TYPE, ROLE] },
    summary: 'every role type (category) in sort order, with its role count',
    handler: ({ tx, services }) => services.roles.categories(tx),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.categorySave,
    access: { anyOf: [`${TYPE}_add`, `${TYPE}_edit`] },
    summary: 'adds (no id) or edits (id + version) a role type: code unique; a changed code moves its roles along',
    body: roleCategorySaveRequest,
    handler: ({ tx, session, body, services }) => services.roles.saveCategory(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.categoryDelete,
    access: { anyOf: [`${TYPE}_delete`] },
    summary: 'deletes role types (ids); a type that still has roles is refused; all or none',
    body: roleDeleteRequest,
    handler: ({ tx, session, body, services }) => services.roles.deleteCategories(tx, session, body.ids),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.list,
    access: READ,
    summary: 'table A of roles: keyword (name, code), type, category; member and menu counts, last filter run and its failure',
    body: roleListRequest,
    handler: ({ tx, body, services, lang }) => services.roles.list(tx, lang, body),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.detail,
    access: READ,
    summary: 'one role with its filter, counts and last run',
    body: roleIdRequest,
    handler: ({ tx, body, services, lang }) => services.roles.detail(tx, lang, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.save,
    access: { anyOf: [`${ROLE}_add`, `${ROLE}_edit`] },
    summary:
      'adds or edits a role at its version: code unique, built-ins keep code and type, category must exist; a dynamic filter is validated and run, members written',
    body: roleSaveRequest,
    // RolesService.save checks add or edit itself
    handler: ({ tx, session, body, services, lang }) => services.roles.save(tx, session, lang, body),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.delete,
    access: { anyOf: [`${ROLE}_delete`] },
    summary: 'deletes roles (ids) with their grants and members; built-in roles refused; all or none',
    body: roleDeleteRequest,
    handler: ({ tx, session, body, services }) => services.roles.delete(tx, session, body.ids),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.filterTest,
    access: { anyOf: [`${ROLE}_add`, `${ROLE}_edit`] },
    summary: 'validates and runs a dynamic filter without saving: count, a sample of people, duration; refusals 40000 with data.problem',
    body: roleFilterTestRequest,
    handler: ({ tx, session, body, services }) => services.roles.testFilter(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.filterCatalog,
    access: READ,
    summary: 'what a filter may read (relations and columns), call (functions) and name (procedures of role_filters)',
    handler: ({ tx, services }) => services.roles.catalog(tx),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.refreshMembers,
    access: EDIT,
    summary: "runs a dynamic role's filter now; a failure keeps the members and is recorded on the role",
    body: roleIdRequest,
    handler: ({ tx, session, body, services, lang }) => services.roles.refreshMembers(tx, session, lang, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.menus,
    access: READ,
    summary: 'the whole menu tree and the rows this role is granted (admin: all, read-only)',
    body: roleIdRequest,
    handler: ({ tx, body, services, lang }) => services.roles.menus(tx, lang, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.menusSave,
    access: EDIT,
    summary: "grants the ticked rows (and the rows above them) at the role's version; admin refused (holds all)",
    body: roleMenusSaveRequest,
    handler: ({ tx, session, body, services }) => services.roles.saveMenus(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.members,
    access: READ,
    summary: "table A of a role's members (search roleId, keyword) with their source (manual, dynamic)",
    body: roleMemberListRequest,
    handler: ({ tx, body, services }) => services.roles.members(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.membersAdd,
    access: EDIT,
    summary: 'adds people of the school to an ordinary role',
    body: roleMembersChangeRequest,
    handler: ({ tx, session, body, services }) => services.roles.addMembers(tx, session, body.roleId, body.userIds),
  }),
  defineRoute({
    method: 'POST',
    url: ROLE_URLS.membersRemove,
    access: EDIT,
    summary: "removes people from an ordinary role; never one's own admin membership nor the last admin",
    body: roleMembersChangeRequest,
    handler: ({ tx, session, body, services }) => services.roles.removeMembers(tx, session, body.roleId, body.userIds),
  }),
];
