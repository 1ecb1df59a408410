import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL: (student_id, class_id) of the students in these classes on any day of [from, to] (issue 23:
 * 学籍异动 dates every class membership, so a roll or a score sheet of a past day keeps who was in the
 * class then; a suspended or transferred student keeps every past record). A student without any
 * membership row (made before memberships existed, or by a test) counts in their current class
 * (users.org_unit_id). `classIds`: an SQL uuid array. Attendance and scores read rosters with it.
 */
export const classRoster = (classIds: SQL, from: string, to: string = from) => sql`(
  SELECT m.student_id, m.class_id FROM class_memberships m
  WHERE m.class_id = ANY (${classIds}) AND m.from_date <= ${to}::date AND (m.to_date IS NULL OR m.to_date > ${from}::date)
  UNION
  SELECT u.id, u.org_unit_id FROM users u
  WHERE u.org_unit_id = ANY (${classIds}) AND NOT EXISTS (SELECT 1 FROM class_memberships m WHERE m.tenant_id = u.tenant_id AND m.student_id = u.id))`;
