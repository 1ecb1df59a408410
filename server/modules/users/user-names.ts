import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from './users.table';

/** A person as 用户日志 names them: name and account, e.g. 黄涛建 (201812102). */
export const personText = (person: { name: string; username: string }) => `${person.name} (${person.username})`;

/**
 * The people of `ids` as one text for a log row's target, in the order given ("黄涛建 (201812102), …");
 * ids that name nobody are left out. Routes of any module name the people they touch with it.
 */
export async function peopleText(tx: Tx, ids: readonly string[]): Promise<string> {
  if (ids.length === 0) return '';
  const found = await tx.select({ id: users.id, name: users.name, username: users.username }).from(users).where(inArray(users.id, [...new Set(ids)]));
  const byId = new Map(found.map((person) => [person.id, person]));
  return ids.flatMap((id) => (byId.has(id) ? [personText(byId.get(id)!)] : [])).join(', ');
}
