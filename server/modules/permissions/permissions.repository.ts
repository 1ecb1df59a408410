import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { homeCardLayouts, menus, roleMenus, roles, userRoles } from './permissions.table';

const menuColumns = {
  id: menus.id,
  parentId: menus.parentId,
  type: menus.type,
  menuname: menus.menuname,
  menuurl: menus.menuurl,
  icon: menus.icon,
  remark: menus.remark,
  sort: menus.sort,
  hidden: menus.hidden,
  alwaysShow: menus.alwaysShow,
  perms: menus.perms,
};

export type MenuRow = Awaited<ReturnType<typeof permissionsRepository.allMenus>>[number];

export const permissionsRepository = {
  rolesOfUser: (tx: Tx, userId: string) =>
    tx
      .select({ id: roles.id, code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
      .orderBy(asc(roles.sort), asc(roles.code)),

  /** 首页卡片: the layout of the user's first role (by sort, code) that has one; undefined when none has. */
  homeCardsOfUser: async (tx: Tx, userId: string): Promise<string[] | undefined> => {
    const [row] = await tx
      .select({ cards: homeCardLayouts.cards })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(homeCardLayouts, eq(homeCardLayouts.roleId, roles.id))
      .where(eq(userRoles.userId, userId))
      .orderBy(asc(roles.sort), asc(roles.code))
      .limit(1);
    return row?.cards;
  },

  allMenus: (tx: Tx) => tx.select(menuColumns).from(menus).orderBy(asc(menus.sort), asc(menus.menuname)),

  menuIdsOfRoles: (tx: Tx, roleIds: string[]) =>
    roleIds.length === 0
      ? Promise.resolve([])
      : tx.selectDistinct({ menuId: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds)),
};
