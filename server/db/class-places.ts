import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** The constraint migration 0033's trigger names when an open class membership would overfill its class. */
export const CLASS_FULL_CONSTRAINT = 'class_memberships_capacity';

/**
 * A class's capacity (null: no limit) and its current students (open class_memberships): the friendly
 * check before a student enters a class (学生信息, 学籍异动); the database's trigger is the invariant.
 */
export async function classPlaces(tx: Tx, classId: string): Promise<{ capacity: number | null; students: number }> {
  const { rows } = await tx.execute<{ capacity: number | null; students: number }>(
    sql`SELECT (SELECT capacity FROM class_profiles WHERE org_unit_id = ${classId}::uuid) AS capacity,
               (SELECT count(*)::int FROM class_memberships WHERE class_id = ${classId}::uuid AND to_date IS NULL) AS students`,
  );
  return rows[0] ?? { capacity: null, students: 0 };
}
