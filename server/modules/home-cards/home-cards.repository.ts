import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { homeCardLayouts, roles } from '../permissions/permissions.table';

/** 首页卡片: SQL only (the layouts table is the permissions module's; tenant scoping is RLS). */
export const homeCardsRepository = {
  /** Every role with its layout (null when none), in the roles' order. */
  rolesWithLayouts: (tx: Tx) =>
    tx
      .select({
        roleId: roles.id,
        code: roles.code,
        name: roles.name,
        nameEn: roles.nameEn,
        cards: homeCardLayouts.cards,
        version: homeCardLayouts.version,
        updatedAt: homeCardLayouts.updatedAt,
      })
      .from(roles)
      .leftJoin(homeCardLayouts, and(eq(homeCardLayouts.tenantId, roles.tenantId), eq(homeCardLayouts.roleId, roles.id)))
      .orderBy(asc(roles.sort), asc(roles.code)),

  roleExists: async (tx: Tx, roleId: string) => (await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId))).length > 0,

  /** The layout locked for the write, or undefined. */
  layoutForUpdate: async (tx: Tx, roleId: string) => {
    const [row] = await tx.select({ version: homeCardLayouts.version }).from(homeCardLayouts).where(eq(homeCardLayouts.roleId, roleId)).for('update');
    return row;
  },

  /** Inserts the first layout of a role; false when one appeared meanwhile. */
  insert: async (tx: Tx, row: { tenantId: string; roleId: string; cards: string[]; userId: string }) => {
    const inserted = await tx
      .insert(homeCardLayouts)
      .values({ tenantId: row.tenantId, roleId: row.roleId, cards: row.cards, createdBy: row.userId, updatedBy: row.userId })
      .onConflictDoNothing()
      .returning({ version: homeCardLayouts.version });
    return inserted[0]?.version;
  },

  /** Updates when the stored version is `version`; the new version, or undefined when it moved. */
  update: async (tx: Tx, roleId: string, version: number, cards: string[], userId: string) => {
    const updated = await tx
      .update(homeCardLayouts)
      .set({ cards, updatedBy: userId, updatedAt: new Date(), version: sql`${homeCardLayouts.version} + 1` })
      .where(and(eq(homeCardLayouts.roleId, roleId), eq(homeCardLayouts.version, version)))
      .returning({ version: homeCardLayouts.version });
    return updated[0]?.version;
  },

  remove: (tx: Tx, roleId: string) => tx.delete(homeCardLayouts).where(eq(homeCardLayouts.roleId, roleId)),
};
