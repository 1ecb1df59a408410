import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { menus, roleMenus } from '../permissions/permissions.table';

export type MenuRecord = Awaited<ReturnType<typeof menusRepository.all>>[number];

/** 菜单管理: SQL only (the rules are the service's). */
export const menusRepository = {
  /** every menu of the school with the number of roles granted it, in display order */
  all: (tx: Tx) =>
    tx
      .select({
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
        version: menus.version,
        roleCount: sql<number>`(SELECT count(*)::int FROM ${roleMenus} rm WHERE rm.tenant_id = ${menus.tenantId} AND rm.menu_id = ${menus.id})`,
      })
      .from(menus)
      .orderBy(asc(menus.sort), asc(menus.menuname), asc(menus.id)),

  /** the menu, locked for this transaction (moves and deletes of one tree are serialised) */
  async locked(tx: Tx, id: string) {
    const [row] = await tx
      .select({ id: menus.id, parentId: menus.parentId, type: menus.type, menuname: menus.menuname, menuurl: menus.menuurl, hidden: menus.hidden, perms: menus.perms, version: menus.version })
      .from(menus)
      .where(eq(menus.id, id))
      .for('update');
    return row;
  },

  /** one lock per school tree: two moves at once would each miss the other's cycle */
  lockTree: (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('menus-tree:' || current_setting('app.tenant_id', true)))`),

  async insert(tx: Tx, row: typeof menus.$inferInsert) {
    await tx.insert(menus).values(row);
  },

  /** Updates when the stored version is `version`; the new version, or null when it moved. */
  async update(tx: Tx, id: string, version: number, set: Partial<typeof menus.$inferInsert>): Promise<number | null> {
    const [row] = await tx
      .update(menus)
      .set({ ...set, updatedAt: new Date(), version: sql`${menus.version} + 1` })
      .where(and(eq(menus.id, id), eq(menus.version, version)))
      .returning({ version: menus.version });
    return row?.version ?? null;
  },

  async childCount(tx: Tx, id: string): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(menus).where(eq(menus.parentId, id));
    return row?.n ?? 0;
  },

  /** removes the menu; its role grants go with it (role_menus cascade) */
  async remove(tx: Tx, id: string) {
    await tx.delete(menus).where(eq(menus.id, id));
  },

  async setPlace(tx: Tx, id: string, parentId: string | null, sort: number, userId: string) {
    await tx
      .update(menus)
      .set({ parentId, sort, updatedAt: new Date(), updatedBy: userId, version: sql`${menus.version} + 1` })
      .where(eq(menus.id, id));
  },
};
