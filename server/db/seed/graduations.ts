import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../client';
import { pinyinOf } from '../../modules/students/pinyin';
import { createRandom, personName, randomGender } from './random';
import { schoolCalendar } from './school';

/** graduates per class of the previous school year */
const PER_CLASS = 6;

/**
 * 毕业管理's demo data (issue 23 item 5): last school year's top grade (九年级, a kindergarten's 大班)
 * graduated as the upgrade leaves it: a graduated grade with two graduated classes, and their students
 * graduated on 1 July with a closed class membership and a graduation row of that year. Every third
 * graduate's account is disabled, the rest kept (the account choice), so the screen shows both.
 * (A hold back is a record of the restore drill's: one here would change this year's class sizes.)
 */
export async function seedGraduations(tx: Tx, tenantId: string, today: Date, options: { kindergarten: boolean }): Promise<number> {
  const random = createRandom(2026);
  const level = options.kindergarten ? 3 : 9;
  const [grade] = (
    await tx.execute<{ id: string; parent_id: string | null; code: string; name: string; name_en: string; campus_id: string | null; sort: number }>(
      sql`SELECT id::text, parent_id::text, code, name, name_en, campus_id::text, sort FROM org_units WHERE kind = 'grade' AND grade_level = ${level} AND NOT graduated ORDER BY sort LIMIT 1`,
    )
  ).rows;
  const [template] = (
    await tx.execute<{ password_hash: string; role_id: string | null }>(
      sql`SELECT u.password_hash, (SELECT r.role_id::text FROM user_roles r WHERE r.user_id = u.id LIMIT 1) AS role_id FROM users u WHERE u.user_type = '2' ORDER BY u.user_no LIMIT 1`,
    )
  ).rows;
  if (!grade || !template) return 0;
  const classes = (
    await tx.execute<{ code: string; name: string; name_en: string; campus_id: string | null; sort: number }>(
      sql`SELECT code, name, name_en, campus_id::text, sort FROM org_units WHERE kind = 'class' AND parent_id = ${grade.id}::uuid ORDER BY sort, code LIMIT 2`,
    )
  ).rows;
  const year = schoolCalendar(today).startYear;
  const graduatedOn = `${year}-07-01`;
  const enrolmentYear = year - level;
  const gradeId = uuidv7();
  await tx.execute(
    sql`INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, name_en, campus_id, grade_level, graduated, sort)
        VALUES (${tenantId}, ${gradeId}, ${grade.parent_id}, 'grade', ${`${grade.code}-${year}`}, ${grade.name}, ${grade.name_en}, ${grade.campus_id}, ${level}, true, ${grade.sort + 1000})`,
  );
  let count = 0;
  for (const [index, klass] of classes.entries()) {
    const classId = uuidv7();
    await tx.execute(
      sql`INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, name_en, campus_id, grade_level, graduated, sort)
          VALUES (${tenantId}, ${classId}, ${gradeId}, 'class', ${`${klass.code}-${year}`}, ${klass.name}, ${klass.name_en}, ${klass.campus_id}, ${level}, true, ${klass.sort + 1000})`,
    );
    for (let seat = 1; seat <= PER_CLASS; seat += 1) {
      const gender = randomGender(random);
      const studentNo = `${enrolmentYear}${gender}1${index + 1}${String(seat).padStart(2, '0')}`;
      const id = uuidv7();
      const name = personName(random, gender);
      count += 1;
      await tx.execute(
        sql`INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, gender, user_no, org_unit_id, campus_id, enabled, account_initialized_at)
            VALUES (${tenantId}, ${id}, ${studentNo}, ${template.password_hash}, ${name}, '2', ${gender}, ${studentNo}, NULL, ${klass.campus_id}, ${count % 3 !== 0}, now())`,
      );
      if (template.role_id) await tx.execute(sql`INSERT INTO user_roles (tenant_id, user_id, role_id) VALUES (${tenantId}, ${id}, ${template.role_id}::uuid)`);
      await tx.execute(sql`INSERT INTO students (tenant_id, user_id, pinyin, enrolment_date, status) VALUES (${tenantId}, ${id}, ${pinyinOf(name)}, ${`${enrolmentYear}-09-01`}::date, 'graduated')`);
      await tx.execute(
        sql`INSERT INTO class_memberships (tenant_id, id, student_id, class_id, seat_no, from_date, to_date)
            VALUES (${tenantId}, ${uuidv7()}, ${id}, ${classId}, ${seat}, ${`${year - 1}-09-01`}::date, ${graduatedOn}::date)`,
      );
      await tx.execute(
        sql`INSERT INTO graduations (tenant_id, id, student_id, graduation_year, class_id, graduated_on) VALUES (${tenantId}, ${uuidv7()}, ${id}, ${year}, ${classId}, ${graduatedOn}::date)`,
      );
    }
  }
  return count;
}
