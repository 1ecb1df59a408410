import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addDays, schoolDate } from '../../../contracts/school-time';
import { idCheckDigit } from '../../../contracts/user-rules';
import { pinyinOf } from '../../modules/students/pinyin';
import { classMemberships, students } from '../../modules/students/students.table';
import type { Tx } from '../client';
import { insertInChunks } from './insert';
import { createRandom } from './random';

const ENGLISH_NAMES = {
  '1': ['Leo', 'Kevin', 'Eric', 'Jason', 'Tony', 'Ryan', 'Daniel', 'Andy', 'Jack', 'Max'],
  '2': ['Lily', 'Amy', 'Grace', 'Emma', 'Cindy', 'Sophie', 'Lucy', 'Anna', 'Mia', 'Chloe'],
} as const;
const STREETS = ['学府路', '东湖路', '建设路', '人民路', '解放路', '中山路', '文化路', '新华路'];

const isoDate = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * 学生信息's demo data (issue 23): a `students` row and an open class membership for every student of
 * the school. Enrolled on 1 September of the year the student number starts with (the seed numbers
 * them so: the year the class started), born to be 6 then (3 in a kindergarten), so a resident ID number, where the school has one, is rewritten to
 * carry that birth date. Middle-school students (grade 7 up) board one time in three; a few
 * students outside the demo class are suspended or transferred: as 学籍异动 leaves them, their
 * membership closed on a past day and no current class (users.org_unit_id null).
 */
export async function seedStudents(tx: Tx, tenantId: string, options: { kindergarten: boolean; today?: Date }): Promise<number> {
  const today = schoolDate(options.today ?? new Date());
  const random = createRandom(2023);
  const people = (
    await tx.execute<{ id: string; name: string; gender: string | null; user_no: string; id_number: string; class_id: string; grade_level: number | null }>(
      sql`SELECT u.id::text, u.name, u.gender, u.user_no, u.id_number, o.id::text AS class_id, o.grade_level
          FROM users u JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id AND o.kind = 'class'
          WHERE u.user_type = '2' ORDER BY u.user_no`,
    )
  ).rows;
  // the demo accounts' class (e2e and the demo applications use it) keeps every student studying
  const demoClassId = (await tx.execute<{ id: string }>(sql`SELECT org_unit_id::text AS id FROM users WHERE username = 'student'`)).rows[0]?.id;
  const districts = (await tx.execute<{ code: string }>(sql`SELECT code FROM areas WHERE level = 3 ORDER BY code`)).rows.map((row) => row.code);
  const studentRows: (typeof students.$inferInsert)[] = [];
  const memberships: (typeof classMemberships.$inferInsert)[] = [];
  let suspended = 0;
  let transferred = 0;
  const left: string[] = [];
  const seats = new Map<string, number>();
  for (const person of people) {
    const level = person.grade_level ?? 1;
    const enrolmentYear = Number(person.user_no.slice(0, 4));
    const enrolmentDate = isoDate(enrolmentYear, 9, 1);
    // born between September and the next August, the age the school year of entry asks
    const bornLate = random.next() < 0.67;
    const birthYear = enrolmentYear - (options.kindergarten ? 3 : 6) - (bornLate ? 0 : 1);
    const birthDate = isoDate(birthYear, bornLate ? 1 + random.int(8) : 9 + random.int(4), 1 + random.int(28));
    if (person.id_number.length === 18) {
      const first = `${person.id_number.slice(0, 6)}${birthDate.replaceAll('-', '')}${person.id_number.slice(14, 17)}`;
      await tx.execute(sql`UPDATE users SET id_number = ${first + idCheckDigit(first)} WHERE id = ${person.id}::uuid`);
    }
    const gender = person.gender === '2' ? '2' : '1';
    const outsideDemoClass = person.class_id !== demoClassId;
    const status = outsideDemoClass && suspended < 2 && random.next() < 0.01 ? 'suspended' : outsideDemoClass && transferred < 2 && random.next() < 0.01 ? 'transferred' : 'studying';
    if (status === 'suspended') suspended += 1;
    if (status === 'transferred') transferred += 1;
    const home = districts.length > 0 ? random.pick(districts) : '';
    studentRows.push({
      tenantId,
      userId: person.id,
      nameEn: random.next() < 0.2 ? random.pick(ENGLISH_NAMES[gender]) : '',
      pinyin: pinyinOf(person.name),
      birthDate,
      nationality: '156',
      idType: '1',
      nativePlace: home,
      householdPlace: random.next() < 0.8 ? home : districts.length > 0 ? random.pick(districts) : '',
      enrolmentDate,
      status,
      boarding: !options.kindergarten && level >= 7 && status === 'studying' && random.next() < 0.34,
      address: `示范市${random.pick(STREETS)}${1 + random.int(300)}号${1 + random.int(20)}栋${101 + random.int(6) * 100 + random.int(4)}室`,
    });
    // left 10 to 60 days ago, never before the day after enrolment (to_date is exclusive)
    const leftOn = status === 'studying' ? null : [addDays(today, -10 - random.int(50)), addDays(enrolmentDate, 1)].sort().at(-1)!;
    if (leftOn) left.push(person.id);
    // seats numbered in student-number order within the class (a seat is one current student's: migration 0033)
    const seatNo = (seats.get(person.class_id) ?? 0) + 1;
    seats.set(person.class_id, seatNo);
    memberships.push({ tenantId, id: uuidv7(), studentId: person.id, classId: person.class_id, seatNo, fromDate: enrolmentDate, toDate: leftOn });
  }
  await insertInChunks(tx, students, studentRows);
  await insertInChunks(tx, classMemberships, memberships);
  if (left.length > 0) await tx.execute(sql`UPDATE users SET org_unit_id = NULL WHERE id = ANY(${sql.param(left)}::uuid[])`);
  return studentRows.length;
}
