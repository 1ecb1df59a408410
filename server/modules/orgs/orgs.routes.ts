import { ORGS_ADD_PERMISSION, ORGS_DELETE_PERMISSION, ORGS_EDIT_PERMISSION, ORGS_PERMISSION, orgIdRequest, orgMembersChangeRequest, orgMembersRequest, orgMoveRequest, orgSaveRequest } from '../../../contracts/orgs';
import { addOrEdit, changes, defineRoute, reads } from '../../plugins/define-route';
import { logTargets } from '../log-targets';

const READ = { anyOf: [ORGS_PERMISSION] } as const;

/** 组织机构 (/system/org): contracts/orgs.ts. */
export const orgsRoutes = [
  defineRoute({ method: 'POST', url: '/api/orgs/tree', operation: reads('查询组织机构', 'Organisation tree'), access: READ, summary: "the school's org tree with member counts, and the campuses", handler: ({ tx, services }) => services.orgs.tree(tx) }),
  defineRoute({
    method: 'POST',
    url: '/api/orgs/save',
    operation: { ...changes('保存组织', 'Save an org unit'), variants: addOrEdit('组织', 'org unit') },
    access: { anyOf: [ORGS_ADD_PERMISSION, ORGS_EDIT_PERMISSION] },
    summary: 'adds (system_org_add) or edits (system_org_edit, at its version) a department, grade or class (the school node: edit only)',
    body: orgSaveRequest,
    target: async ({ body }) => ({ text: body.name, variant: body.id ? 'edit' : 'add' }),
    handler: ({ tx, session, body, services }) => services.orgs.save(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/orgs/delete',
    operation: changes('删除组织', 'Delete an org unit'),
    access: { anyOf: [ORGS_DELETE_PERMISSION] },
    summary: 'deletes a node without children, members, duties or business data',
    body: orgIdRequest,
    target: ({ tx, body }) => logTargets.orgs(tx, [body.id]),
    handler: async ({ tx, session, body, services }) => {
      await services.orgs.delete(tx, session, body);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/orgs/move',
    operation: changes('移动组织', 'Move an org unit'),
    access: { anyOf: [ORGS_EDIT_PERMISSION] },
    summary: 'moves a node under parentId at index (same placement rules, no cycles; a class takes its new grade level)',
    body: orgMoveRequest,
    target: ({ tx, body }) => logTargets.orgs(tx, [body.id]),
    handler: async ({ tx, session, body, services }) => {
      await services.orgs.move(tx, session, body);
      return null;
    },
  }),
  defineRoute({ method: 'POST', url: '/api/orgs/members', operation: reads('查询组织成员', 'Org unit members'), access: READ, summary: "table A of a node's people with their duties", body: orgMembersRequest, handler: ({ tx, body, services }) => services.orgs.members(tx, body) }),
  defineRoute({
    method: 'POST',
    url: '/api/orgs/members/add',
    operation: changes('添加组织成员', 'Add org unit members'),
    access: { anyOf: [ORGS_EDIT_PERMISSION] },
    summary: 'puts people into a department (staff) or a class (students)',
    body: orgMembersChangeRequest,
    target: ({ tx, body }) => logTargets.orgMembers(tx, body.orgId, body.userIds),
    handler: ({ tx, session, body, services }) => services.orgs.addMembers(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/orgs/members/remove',
    operation: changes('移除组织成员', 'Remove org unit members'),
    access: { anyOf: [ORGS_EDIT_PERMISSION] },
    summary: 'takes people out of a node (their org unit becomes empty)',
    body: orgMembersChangeRequest,
    target: ({ tx, body }) => logTargets.orgMembers(tx, body.orgId, body.userIds),
    handler: ({ tx, session, body, services }) => services.orgs.removeMembers(tx, session, body),
  }),
];
