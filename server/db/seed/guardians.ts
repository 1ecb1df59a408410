import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { idCheckDigit } from '../../../contracts/user-rules';
import { guardians } from '../../modules/guardians/guardians.table';
import { parentStudents, users } from '../../modules/users/users.table';
import type { Tx } from '../client';
import { insertInChunks } from './insert';
import { createRandom, givenName, mobileNumber, type Random } from './random';

const WORK_UNITS = ['市第一人民医院', '市教育局', '华信科技有限公司', '市公安局', '建设银行支行', '中铁建工集团', '个体经营', '市自来水公司', '东湖街道办事处', '实验中学'];
const SURNAME_OTHER = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗'];

/** A resident ID number (GB 11643) for the n-th guardian of a school: born 1978-01-01 plus n days, so unique. */
function guardianIdNumber(index: number, gender: '1' | '2'): string {
  const born = new Date(Date.UTC(1978, 0, 1 + index));
  const date = `${born.getUTCFullYear()}${String(born.getUTCMonth() + 1).padStart(2, '0')}${String(born.getUTCDate()).padStart(2, '0')}`;
  // the 17th digit is odd for men, even for women
  const first = `110102${date}${String((index % 50) * 2 + 10).padStart(2, '0')}${gender === '1' ? 1 : 2}`;
  return first + idCheckDigit(first);
}

const otherName = (random: Random, gender: '1' | '2') => random.pick(SURNAME_OTHER) + givenName(random, gender);

/**
 * 家庭信息's demo data (issue 23 item 3), both schools, after the students: every student's seeded
 * parent (the P + student-number account, usable: the demo password) is their first emergency contact
 * living with them, with a profile (work unit, resident ID); the other parent is a second guardian
 * without an account; one student in fifteen outside the demo class is the sibling of the student
 * before them and shares that student's parent (whose account then sees both children).
 */
export async function seedGuardians(tx: Tx, tenantId: string): Promise<{ guardians: number; siblings: number }> {
  const random = createRandom(3023);
  const rows = (
    await tx.execute<{ student_id: string; parent_id: string; parent_gender: string | null; relation: string; class_id: string | null; campus_id: string | null; demo: boolean }>(
      sql`SELECT s.id::text AS student_id, p.id::text AS parent_id, p.gender AS parent_gender, ps.relation, s.org_unit_id::text AS class_id, s.campus_id::text,
                 s.org_unit_id IS NOT DISTINCT FROM (SELECT org_unit_id FROM users WHERE username = 'student') AS demo
          FROM users s JOIN parent_students ps ON ps.tenant_id = s.tenant_id AND ps.student_id = s.id
          JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id
          WHERE s.user_type = '2' ORDER BY s.user_no`,
    )
  ).rows;
  let index = 0;
  const ids: string[] = [];
  const idNumbers: string[] = [];
  const profiles: (typeof guardians.$inferInsert)[] = [];
  const people: (typeof users.$inferInsert)[] = [];
  const links: (typeof parentStudents.$inferInsert)[] = [];
  let siblings = 0;
  rows.forEach((row, position) => {
    const gender = row.parent_gender === '2' ? '2' : '1';
    ids.push(row.parent_id);
    idNumbers.push(guardianIdNumber((index += 1), gender));
    profiles.push({ tenantId, userId: row.parent_id, workUnit: random.pick(WORK_UNITS), idType: '1' });
    // the other parent: a guardian without an account yet
    const otherGender = gender === '1' ? '2' : '1';
    const otherId = uuidv7();
    people.push({
      tenantId,
      id: otherId,
      username: otherId,
      passwordHash: '!',
      name: otherName(random, otherGender),
      userType: '4',
      gender: otherGender,
      phone: mobileNumber(random),
      idNumber: guardianIdNumber((index += 1), otherGender),
      campusId: row.campus_id,
    });
    profiles.push({ tenantId, userId: otherId, workUnit: random.pick(WORK_UNITS), idType: '1' });
    links.push({ tenantId, parentId: otherId, studentId: row.student_id, relation: otherGender === '1' ? '51' : '52', livesWith: random.next() < 0.85, emergencyOrder: 2 });
    const before = rows[position - 1];
    if (position % 15 === 7 && before && !row.demo && !before.demo) {
      links.push({ tenantId, parentId: before.parent_id, studentId: row.student_id, relation: before.relation, livesWith: true, emergencyOrder: 3 });
      siblings += 1;
    }
  });
  // the seeded parent accounts are usable (the demo password): initialised, with a resident ID; first emergency contacts
  await tx.execute(
    sql`UPDATE users u SET id_number = v.id_number, account_initialized_at = now()
        FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(idNumbers)}::text[]) AS v(id, id_number) WHERE u.id = v.id`,
  );
  await tx.execute(sql`UPDATE parent_students SET lives_with = true, emergency_order = 1`);
  await insertInChunks(tx, users, people);
  await insertInChunks(tx, guardians, profiles);
  await insertInChunks(tx, parentStudents, links);
  return { guardians: profiles.length, siblings };
}
