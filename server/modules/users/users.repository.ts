import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from './users.table';

const accountColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  userType: users.userType,
  enabled: users.enabled,
  passwordHash: users.passwordHash,
  /** seconds until the lockout ends (0 or less: not locked) */
  lockedForSeconds: sql<number | null>`extract(epoch FROM ${users.lockedUntil} - now())::float8`,
};

// Tenant scoping comes from row-level security: every Tx is bound to one tenant.
export const usersRepository = {
  findAccountByUsername: (tx: Tx, username: string) =>
    tx.select(accountColumns).from(users).where(eq(users.username, username)).limit(1).then((rows) => rows[0]),

  findAccountById: (tx: Tx, id: string) =>
    tx.select(accountColumns).from(users).where(eq(users.id, id)).limit(1).then((rows) => rows[0]),

  updatePasswordHash: (tx: Tx, id: string, passwordHash: string, changedBy: string) =>
    tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        updatedAt: sql`now()`,
        updatedBy: changedBy,
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, id)),
};
