import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { UserType } from '../../../contracts/session';
import { DEFAULT_PASSWORD_RULE } from '../../modules/auth/passwords';
import { passwordPolicies } from '../../modules/auth/auth.table';
import { i18nEntries } from '../../modules/i18n/i18n.table';
import { userRoles } from '../../modules/permissions/permissions.table';
import { campuses } from '../../modules/places/places.table';
import { orgUnits, schoolInfo, schoolYears, semesters } from '../../modules/school/school.table';
import { tenants } from '../../modules/tenants/tenants.table';
import { parentStudents, staffDuties, users } from '../../modules/users/users.table';
import type { Database, Tx } from '../client';
import { seedApplications } from './applications';
import { seedAttendance } from './attendance';
import { seedDictionaries } from './dicts';
import { insertInChunks } from './insert';
import { seedMenusAndRoles } from './menus';
import { type DemoRecipients, seedMessages } from './messages';
import type { SchoolProfile } from './profiles';
import { createRandom, type Gender, givenName, mobileNumber, personName, type Random, randomGender, surname } from './random';

type UserInsert = typeof users.$inferInsert;

export interface SeededSchool {
  tenantId: string;
  users: number;
  students: number;
  parents: number;
  staff: number;
  classes: number;
}

/** The school year containing `today` (starting 1 September) and which semester is current. */
export function schoolCalendar(today: Date) {
  const startYear = today.getMonth() >= 7 ? today.getFullYear() : today.getFullYear() - 1;
  const firstSemesterCurrent = today.getMonth() >= 7 || today.getMonth() === 0;
  return { startYear, firstSemesterCurrent };
}

/** Creates one demo tenant with everything in it. Tenant row as owner; the rest through RLS. */
export async function seedSchool(db: Database, profile: SchoolProfile, passwordHash: string, today: Date): Promise<SeededSchool> {
  const tenantId = uuidv7();
  await db.owner.insert(tenants).values({
    id: tenantId,
    code: profile.code,
    name: profile.name,
    nameEn: profile.nameEn,
    kind: profile.kind,
    hosts: profile.hosts,
  });
  try {
    return await db.withTenant(tenantId, (tx) => seedSchoolContents(tx, tenantId, profile, passwordHash, today));
  } catch (error) {
    // The contents rolled back: remove the tenant row too, so the next start seeds it again.
    await db.owner.delete(tenants).where(eq(tenants.id, tenantId));
    throw error;
  }
}

async function seedSchoolContents(tx: Tx, tenantId: string, profile: SchoolProfile, passwordHash: string, today: Date): Promise<SeededSchool> {
  const random = createRandom(profile.randomSeed);
  const id = () => uuidv7();

  await tx.insert(schoolInfo).values({ tenantId, name: profile.name, nameEn: profile.nameEn, address: profile.address, phone: profile.phone });
  await tx.insert(passwordPolicies).values({
    tenantId,
    rule: DEFAULT_PASSWORD_RULE,
    descriptionZh: '密码长度8-50位，须包含字母和数字',
    descriptionEn: '8-50 characters, with both letters and digits',
  });
  await tx.insert(i18nEntries).values(
    profile.i18n.flatMap((entry) => [
      { tenantId, id: id(), lang: 'zh' as const, key: entry.key, text: entry.zh },
      { tenantId, id: id(), lang: 'en' as const, key: entry.key, text: entry.en },
    ]),
  );

  // Calendar: the current school year and its two semesters.
  const { startYear, firstSemesterCurrent } = schoolCalendar(today);
  const yearId = id();
  const yearCode = `${startYear}-${startYear + 1}`;
  await tx.insert(schoolYears).values({
    tenantId,
    id: yearId,
    code: yearCode,
    name: `${yearCode}学年`,
    nameEn: `${yearCode} School Year`,
    startDate: `${startYear}-09-01`,
    endDate: `${startYear + 1}-08-31`,
    isCurrent: true,
  });
  const semesterRows: (typeof semesters.$inferInsert)[] = [
    {
      tenantId,
      id: id(),
      schoolYearId: yearId,
      code: `${yearCode}-1`,
      name: `${yearCode}学年第一学期`,
      nameEn: `${yearCode} Semester 1`,
      year: startYear,
      startDate: `${startYear}-09-01`,
      endDate: `${startYear + 1}-01-24`,
      teachStartDate: `${startYear}-09-01`,
      teachEndDate: `${startYear + 1}-01-17`,
      weeks: 21,
      isCurrent: firstSemesterCurrent,
    },
    {
      tenantId,
      id: id(),
      schoolYearId: yearId,
      code: `${yearCode}-2`,
      name: `${yearCode}学年第二学期`,
      nameEn: `${yearCode} Semester 2`,
      year: startYear,
      startDate: `${startYear + 1}-02-23`,
      endDate: `${startYear + 1}-07-10`,
      teachStartDate: `${startYear + 1}-02-24`,
      teachEndDate: `${startYear + 1}-07-03`,
      weeks: 20,
      isCurrent: !firstSemesterCurrent,
    },
  ];
  await tx.insert(semesters).values(semesterRows);

  // Places and organisation tree: school → departments; school → grades → classes.
  const campusIds = profile.campuses.map(() => id());
  await tx.insert(campuses).values(profile.campuses.map((campus, i) => ({ tenantId, id: campusIds[i], ...campus, sort: (i + 1) * 10 })));
  const rootId = id();
  const orgRows: (typeof orgUnits.$inferInsert)[] = [
    { tenantId, id: rootId, kind: 'school', code: profile.code.toUpperCase(), name: profile.name, nameEn: profile.nameEn, campusId: campusIds[0] },
  ];
  const departmentIds = profile.departments.map((department, i) => {
    const departmentId = id();
    orgRows.push({ tenantId, id: departmentId, parentId: rootId, kind: 'department', ...department, campusId: campusIds[0], sort: (i + 1) * 10 });
    return departmentId;
  });
  const classes: { id: string; gradeId: string; level: number; classNo: number; campusIndex: number }[] = [];
  const gradeIds = new Map<number, string>();
  for (const grade of profile.grades) {
    const gradeId = id();
    gradeIds.set(grade.level, gradeId);
    orgRows.push({
      tenantId,
      id: gradeId,
      parentId: rootId,
      kind: 'grade',
      code: `G${grade.level}`,
      name: grade.name,
      nameEn: grade.nameEn,
      campusId: campusIds[grade.campus],
      gradeLevel: grade.level,
      sort: 100 + grade.level * 10,
    });
    grade.classes.forEach((klass, index) => {
      const classId = id();
      classes.push({ id: classId, gradeId, level: grade.level, classNo: index + 1, campusIndex: grade.campus });
      orgRows.push({
        tenantId,
        id: classId,
        parentId: gradeId,
        kind: 'class',
        code: `G${grade.level}C${index + 1}`,
        name: klass.name,
        nameEn: klass.nameEn,
        campusId: campusIds[grade.campus],
        gradeLevel: grade.level,
        sort: (index + 1) * 10,
      });
    });
  }
  await insertInChunks(tx, orgUnits, orgRows);

  const roleIds = await seedMenusAndRoles(tx, tenantId);
  const userRows: UserInsert[] = [];
  const roleRows: (typeof userRoles.$inferInsert)[] = [];
  const grantRole = (userId: string, code: string) => roleRows.push({ tenantId, userId, roleId: roleIds.get(code)! });
  const account = (row: Omit<UserInsert, 'tenantId' | 'id' | 'passwordHash'>): string => {
    const userId = id();
    userRows.push({ tenantId, id: userId, passwordHash, ...row });
    return userId;
  };

  // Staff: admin, the demo teacher (K12 only), then numbered staff t1001, t1002…
  const adminId = account({ username: 'admin', name: '系统管理员', userType: UserType.admin, gender: '1', userNo: 'A0001', orgUnitId: departmentIds[departmentIds.length - 1], campusId: campusIds[0] });
  grantRole(adminId, 'admin');
  const teacherIds: string[] = [];
  if (profile.demoClass) {
    const teacherId = account({
      username: 'teacher',
      name: '李明华',
      userType: UserType.teacher,
      gender: '1',
      userNo: 'T1000',
      orgUnitId: departmentIds[1 % departmentIds.length],
      campusId: campusIds[classes.find((c) => c.level === profile.demoClass!.level)!.campusIndex],
      phone: mobileNumber(random),
    });
    teacherIds.push(teacherId);
  }
  // `teacher2` (K12 only) co-teaches 数学 in the demo class with `teacher` (team teaching: the
  // conflict case of score entry). Kept out of teacherIds and the PRNG so every other account and
  // duty is what it was.
  const coTeacherId = profile.demoClass
    ? account({
        username: 'teacher2',
        name: '周雅琴',
        userType: UserType.teacher,
        gender: '2',
        userNo: 'T0999',
        orgUnitId: departmentIds[1 % departmentIds.length],
        campusId: campusIds[classes.find((c) => c.level === profile.demoClass!.level)!.campusIndex],
      })
    : undefined;
  if (coTeacherId) grantRole(coTeacherId, 'teacher');
  for (let n = 1; n <= profile.otherStaff; n += 1) {
    const gender = random.next() < 0.7 ? '2' : '1'; // most school staff are women
    teacherIds.push(
      account({
        username: `t${1000 + n}`,
        name: personName(random, gender),
        userType: UserType.teacher,
        gender,
        userNo: `T${1000 + n}`,
        orgUnitId: departmentIds[random.int(departmentIds.length)],
        campusId: campusIds[random.int(campusIds.length)],
        phone: mobileNumber(random),
      }),
    );
  }
  for (const teacherId of teacherIds) grantRole(teacherId, 'teacher');

  // Duties: a head teacher per class (the demo teacher takes the demo class), a leader per grade,
  // and subject teachers for the first three subjects of every class.
  const dutyRows: (typeof staffDuties.$inferInsert)[] = [];
  const demoClass = profile.demoClass ? classes.find((c) => c.level === profile.demoClass!.level && c.classNo === profile.demoClass!.classIndex + 1) : undefined;
  const headTeacherPool = profile.demoClass ? teacherIds.slice(1) : teacherIds;
  let next = 0;
  const takeTeacher = () => headTeacherPool[next++ % headTeacherPool.length];
  for (const klass of classes) {
    const headId = klass === demoClass ? teacherIds[0] : takeTeacher();
    dutyRows.push({ tenantId, orgUnitId: klass.id, userId: headId, duty: 'head_teacher' });
  }
  const headTeachers = new Set(dutyRows.map((row) => row.userId));
  for (const [, gradeId] of gradeIds) dutyRows.push({ tenantId, orgUnitId: gradeId, userId: takeTeacher(), duty: 'grade_leader' });
  const gradeLeaders = new Set(dutyRows.filter((row) => row.duty === 'grade_leader').map((row) => row.userId));
  for (const klass of classes) {
    profile.subjects.slice(0, 3).forEach((subject) => {
      const demoTeacherTeaches = demoClass && subject === profile.subjects[1] && klass.level === demoClass.level && klass.classNo <= 2;
      dutyRows.push({ tenantId, orgUnitId: klass.id, userId: demoTeacherTeaches ? teacherIds[0] : takeTeacher(), duty: 'subject_teacher', subject: subject.code });
      // after the demo teacher's row, so the seeded 数学 scores stay the demo teacher's
      if (coTeacherId && klass === demoClass && subject === profile.subjects[1]) {
        dutyRows.push({ tenantId, orgUnitId: klass.id, userId: coTeacherId, duty: 'subject_teacher', subject: subject.code });
      }
    });
  }
  // Department heads (they audit their staff's attendance applications): `teacher2` heads the demo
  // teacher's department; elsewhere the first numbered staff member of the department. Added after
  // the other duties so those stay what they were.
  departmentIds.forEach((departmentId, index) => {
    const headId =
      coTeacherId && index === 1 % departmentIds.length
        ? coTeacherId
        : teacherIds.slice(1).find((teacherId) => userRows.find((row) => row.id === teacherId)?.orgUnitId === departmentId);
    if (!headId) return;
    dutyRows.push({ tenantId, orgUnitId: departmentId, userId: headId, duty: 'department_head' });
    grantRole(headId, 'department_head');
  });
  grantRole(adminId, 'teaching_office');
  for (const userId of headTeachers) grantRole(userId, 'banzhuren');
  for (const userId of gradeLeaders) grantRole(userId, 'grade_leader');

  // Students and their parents. Student number: enrolment year, gender, campus, class and seat
  // (SPEC §9 template, e.g. 201911001); parent account = 'P' + student account.
  const links: (typeof parentStudents.$inferInsert)[] = [];
  let students = 0;
  const recipients: DemoRecipients = { admin: adminId, teacher: profile.demoClass ? teacherIds[0] : undefined };
  let demoStudentName = '';
  const leaveStudentIds: string[] = [];
  /** the demo class's students by seat with their parents (demo applications) */
  const demoSeats: { studentId: string; parentId: string }[] = [];
  for (const klass of classes) {
    const enrolmentYear = startYear - (klass.level - 1);
    for (let seat = 1; seat <= profile.studentsPerClass; seat += 1) {
      const gender: Gender = randomGender(random);
      const familyName = surname(random);
      const studentNo = `${enrolmentYear}${gender}${klass.campusIndex + 1}${klass.classNo}${String(seat).padStart(2, '0')}`;
      const isDemoStudent = klass === demoClass && seat === 1;
      const takesLeave = klass === demoClass && (seat === 2 || seat === 3);
      const studentId = account({
        username: isDemoStudent ? 'student' : studentNo,
        name: familyName + givenName(random, gender),
        userType: UserType.student,
        gender,
        userNo: studentNo,
        orgUnitId: klass.id,
        campusId: campusIds[klass.campusIndex],
      });
      grantRole(studentId, 'student');
      if (takesLeave) leaveStudentIds.push(studentId);
      if (isDemoStudent) {
        recipients.student = studentId;
        demoStudentName = userRows[userRows.length - 1].name;
      }
      const parentGender: Gender = random.next() < 0.5 ? '1' : '2';
      const parentId = account({
        username: isDemoStudent ? 'parent' : `P${studentNo}`,
        name: parentGender === '1' ? familyName + givenName(random, '1') : parentName(random),
        userType: UserType.parent,
        gender: parentGender,
        userNo: `P${studentNo}`,
        phone: mobileNumber(random),
      });
      grantRole(parentId, 'parent');
      if (isDemoStudent) recipients.parent = parentId;
      links.push({ tenantId, parentId, studentId, relation: parentGender === '1' ? '51' : '52' }); // 家庭关系 codes: 父亲, 母亲
      if (klass === demoClass) demoSeats.push({ studentId, parentId });
      students += 1;
    }
  }

  await insertInChunks(tx, users, userRows);
  await insertInChunks(tx, userRoles, roleRows);
  await insertInChunks(tx, parentStudents, links);
  await insertInChunks(tx, staffDuties, dutyRows);
  await seedDictionaries(tx, tenantId, profile.subjects);
  await seedMessages(tx, tenantId, profile, recipients, today, demoStudentName);
  // Attendance history and approved leave: the K12 demo school only (the one with a demo class).
  if (demoClass) {
    const headOf = new Map(dutyRows.filter((row) => row.duty === 'head_teacher').map((row) => [row.orgUnitId, row.userId]));
    await seedAttendance(
      tx,
      tenantId,
      {
        classes: classes.map((klass) => ({ id: klass.id, headTeacherId: headOf.get(klass.id)! })),
        semesters: semesterRows.map((row) => ({ id: row.id, startDate: row.startDate, endDate: row.endDate })),
        leaveStudentIds,
        leaveClassId: demoClass.id,
        approverId: teacherIds[0],
      },
      today,
    );
    const secondClass = classes.find((c) => c.level === demoClass.level && c.classNo === 2);
    const teachingDepartment = departmentIds[1 % departmentIds.length];
    const currentSemester = semesterRows.find((row) => row.isCurrent) ?? semesterRows[0];
    if (secondClass && coTeacherId) {
      await seedApplications(
        tx,
        tenantId,
        {
          demoClassId: demoClass.id,
          seats: demoSeats,
          secondClassId: secondClass.id,
          secondClassHeadId: headOf.get(secondClass.id)!,
          makeupSubject: profile.subjects[1].code,
          teacherId: teacherIds[0],
          departmentHeadId: coTeacherId,
          departmentId: teachingDepartment,
          colleagueId: userRows.find((row) => row.orgUnitId === teachingDepartment && row.userType === UserType.teacher && row.id !== teacherIds[0] && row.id !== coTeacherId)?.id,
          semesterEnd: currentSemester.endDate,
        },
        today,
      );
    }
  }

  return {
    tenantId,
    users: userRows.length,
    students,
    parents: links.length,
    staff: teacherIds.length + (coTeacherId ? 2 : 1),
    classes: classes.length,
  };
}

/** Mothers usually keep their own family name. */
const parentName = (random: Random) => personName(random, '2');
