import { sql } from 'drizzle-orm';
import { classProfiles } from '../../modules/classes/classes.table';
import { staffDuties } from '../../modules/users/users.table';
import type { Tx } from '../client';

/**
 * 班级管理's demo data (issue 23 item 2), both schools, after the students: every current class's
 * profile — number (grade level and place in the grade, e.g. 0702), capacity (45; a kindergarten 30;
 * never below the class's students), an ordinary classroom (教室类别 1) each while the school has
 * them — and a deputy head teacher for every other class (a teacher who heads no class, when there is one; never the
 * README's demo accounts, whose duties it describes).
 */
export async function seedClasses(tx: Tx, tenantId: string, options: { kindergarten: boolean }): Promise<void> {
  const classes = (
    await tx.execute<{ id: string; grade_level: number | null; place: number; students: number; head: string | null }>(
      sql`SELECT o.id::text, o.grade_level, row_number() OVER (PARTITION BY o.parent_id ORDER BY o.sort, o.name)::int AS place,
                 (SELECT count(*)::int FROM class_memberships m WHERE m.class_id = o.id AND m.to_date IS NULL) AS students,
                 (SELECT d.user_id::text FROM staff_duties d WHERE d.org_unit_id = o.id AND d.duty = 'head_teacher') AS head
          FROM org_units o WHERE o.kind = 'class' AND NOT o.graduated ORDER BY o.grade_level NULLS LAST, o.sort, o.name`,
    )
  ).rows;
  if (classes.length === 0) return;
  const rooms = (await tx.execute<{ id: string }>(sql`SELECT id::text FROM classrooms WHERE category = '1' ORDER BY code`)).rows.map((row) => row.id);
  const heads = new Set(classes.map((row) => row.head).filter(Boolean));
  const teachers = (await tx.execute<{ id: string }>(sql`SELECT id::text FROM users WHERE user_type = '3' AND username NOT IN ('teacher', 'teacher2') ORDER BY user_no, username`)).rows.map((row) => row.id);
  const deputies = [...teachers.filter((id) => !heads.has(id)), ...teachers.filter((id) => heads.has(id))];
  const capacity = options.kindergarten ? 30 : 45;
  await tx.insert(classProfiles).values(
    classes.map((row, index) => ({
      tenantId,
      orgUnitId: row.id,
      classNo: `${String(row.grade_level ?? 0).padStart(2, '0')}${String(row.place).padStart(2, '0')}`,
      classroomId: rooms[index] ?? null,
      capacity: Math.max(capacity, row.students),
    })),
  );
  const duties = classes
    .filter((_, index) => index % 2 === 0)
    .map((row, index) => {
      const candidates = deputies.filter((id) => id !== row.head);
      return { row, deputy: candidates[index % Math.max(1, candidates.length)] };
    })
    .filter(({ deputy }) => deputy !== undefined)
    .map(({ row, deputy }) => ({ tenantId, orgUnitId: row.id, userId: deputy!, duty: 'deputy_head_teacher' as const }));
  if (duties.length > 0) await tx.insert(staffDuties).values(duties);
}
