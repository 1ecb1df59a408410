import { inArray } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/passwords';
import { tenants } from '../../modules/tenants/tenants.table';
import type { Database } from '../client';
import { seedAiPrompts } from './ai-prompts';
import { seedExams } from './exams';
import { seedPlaces } from './places';
import { DEMO_PASSWORD, DEMO_PROFILES } from './profiles';
import { seedRoles } from './roles';
import { type SeededSchool, seedSchool } from './school';
import { seedScores } from './scores';
import { seedStudents } from './students';
import { seedClasses } from './classes';
import { seedDorms } from './dorms';
import { seedStatusChanges } from './status-changes';
import { seedGuardians } from './guardians';
import { seedGraduations } from './graduations';
import { seedSurveys } from './surveys';
import { seedIdNumbers } from './users';

export { DEMO_PASSWORD, DEMO_PROFILES, DEMO_SCHOOL, DEMO_KINDERGARTEN } from './profiles';
export { ROLE_DEFINITIONS } from './menus';

/** Demo accounts (password DEMO_PASSWORD) by tenant code. */
export const DEMO_ACCOUNTS = {
  demo: ['admin', 'teacher', 'teacher2', 'student', 'parent'],
  kg: ['admin'],
} as const;

/**
 * Seeds the demo tenants that do not exist yet (idempotent). Argon2id is slow on purpose, so the
 * demo password is hashed once and that hash is shared by every seeded account.
 */
export async function seedDemoData(db: Database, today = new Date()): Promise<Record<string, SeededSchool>> {
  const existing = new Set(
    (await db.owner.select({ code: tenants.code }).from(tenants).where(inArray(tenants.code, DEMO_PROFILES.map((p) => p.code)))).map(
      (row) => row.code,
    ),
  );
  const missing = DEMO_PROFILES.filter((profile) => !existing.has(profile.code));
  if (missing.length === 0) return {};
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded: Record<string, SeededSchool> = {};
  for (const profile of missing) {
    const school = (seeded[profile.code] = await seedSchool(db, profile, passwordHash, today));
    // 教学楼 and 教室 (issue 19): both schools
    await db.withTenant(school.tenantId, (tx) => seedPlaces(tx, school.tenantId));
    // exam batches and score systems (issue 7): the K12 demo school only
    if (profile.demoClass) await db.withTenant(school.tenantId, (tx) => seedExams(tx, school.tenantId));
    // scores of the seeded batches (after the exam seed): the K12 demo school only
    if (profile.demoClass) await db.withTenant(school.tenantId, (tx) => seedScores(tx, school.tenantId));
    // questionnaires, their answers and the question bank (issue 9): the K12 demo school only
    if (profile.demoClass) await db.withTenant(school.tenantId, (tx) => seedSurveys(tx, school.tenantId, today));
    // 用户管理: ID numbers for staff and students, so account initialisation has initial passwords (issue 10): the K12 demo school only
    if (profile.demoClass) await db.withTenant(school.tenantId, (tx) => seedIdNumbers(tx));
    // 学生信息 (issue 23): every student's record and open class membership, both schools (after the ID numbers: birth dates agree)
    await db.withTenant(school.tenantId, (tx) => seedStudents(tx, school.tenantId, { kindergarten: profile.kind === 'kindergarten', today }));
    // 班级管理 (issue 23 item 2): every class's number, capacity and classroom, deputies, both schools (after the students: capacities hold them)
    await db.withTenant(school.tenantId, (tx) => seedClasses(tx, school.tenantId, { kindergarten: profile.kind === 'kindergarten' }));
    // 家庭信息 (issue 23 item 3): guardians of every student, both schools (after the students and the ID numbers)
    await db.withTenant(school.tenantId, (tx) => seedGuardians(tx, school.tenantId));
    // 宿舍管理 (issue 23 item 6): two buildings and placed boarders (after the students), the K12 demo school only; the kindergarten has no dormitories
    if (profile.demoClass) await db.withTenant(school.tenantId, (tx) => seedDorms(tx, school.tenantId, today));
    // 学籍异动 (after the students and their beds): the K12 demo school's middle school
    if (profile.demoClass) await db.withTenant(school.tenantId, (tx) => seedStatusChanges(tx, school.tenantId, today));
    // 毕业管理 (issue 23 item 5): last school year's graduates of the top grade, both schools (after the students)
    await db.withTenant(school.tenantId, (tx) => seedGraduations(tx, school.tenantId, today, { kindergarten: profile.kind === 'kindergarten' }));
    // AI提示词管理's demo prompts (issue 10): the K12 demo school only
    if (profile.demoClass) await db.withTenant(school.tenantId, (tx) => seedAiPrompts(tx, school.tenantId));
    // dynamic roles 八年级班主任 (SELECT) and 九年级家长 (procedure), members materialised (issue 10): the K12 demo school only
    if (profile.demoClass) await seedRoles(db, school.tenantId);
  }
  return seeded;
}
