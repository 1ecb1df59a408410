import { MENUS_ADD_PERMISSION, MENUS_DELETE_PERMISSION, MENUS_EDIT_PERMISSION, MENUS_PERMISSION, menuIdRequest, menuMoveRequest, menuSaveRequest } from '../../../contracts/menu-admin';
import { addOrEdit, changes, defineRoute, reads } from '../../plugins/define-route';
import { logTargets } from '../log-targets';

/** 菜单管理 (/system/menu): contracts/menu-admin.ts. */
export const menusRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/menu-admin/tree',
    operation: reads('查询菜单', 'Menu tree'),
    access: { anyOf: [MENUS_PERMISSION] },
    summary: "the school's whole menu tree (directories, menus, buttons) with every field and the number of roles granted each",
    handler: ({ tx, services }) => services.menus.tree(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/menu-admin/save',
    operation: { ...changes('保存菜单', 'Save a menu'), variants: addOrEdit('菜单', 'menu') },
    access: { anyOf: [MENUS_ADD_PERMISSION, MENUS_EDIT_PERMISSION] },
    summary: 'adds (no id, system_menu_add) or edits (id + version, system_menu_edit) a directory, menu or button; buttons only under menus',
    body: menuSaveRequest,
    target: async ({ body }) => ({ text: body.menuname, variant: body.id ? 'edit' : 'add' }),
    handler: ({ tx, session, body, services }) => services.menus.save(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/menu-admin/delete',
    operation: changes('删除菜单', 'Delete a menu'),
    access: { anyOf: [MENUS_DELETE_PERMISSION] },
    summary: 'deletes a menu without children (its role grants go with it)',
    body: menuIdRequest,
    target: ({ tx, body }) => logTargets.menus(tx, [body.id]),
    handler: async ({ tx, session, body, services }) => {
      await services.menus.delete(tx, session, body);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/menu-admin/move',
    operation: changes('移动菜单', 'Move a menu'),
    access: { anyOf: [MENUS_EDIT_PERMISSION] },
    summary: 'moves a menu under parentId (null = top level) at index among its siblings (their sorts renumbered); no cycles, buttons only under menus',
    body: menuMoveRequest,
    target: ({ tx, body }) => logTargets.menus(tx, [body.id]),
    handler: async ({ tx, session, body, services }) => {
      await services.menus.move(tx, session, body);
      return null;
    },
  }),
];
