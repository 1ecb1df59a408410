import { sql } from 'drizzle-orm';
import { ResponseCode } from '../../../contracts/envelope';
import { type FieldIssue, type Label, resourcePerms, resourceTexts } from '../../../contracts/resource';
import { RESIDENT_ID_TYPE, STUDENT_DETAIL_URL, students } from '../../../contracts/resources/students';
import { type StudentDetail, studentDetailRequest } from '../../../contracts/students';
import { isValidIdNumber } from '../../../contracts/user-rules';
import { CLASS_TEXT } from '../../../contracts/class-rules';
import type { Tx } from '../../db/client';
import { CLASS_FULL_CONSTRAINT, classPlaces } from '../../db/class-places';
import { crudModule, type SaveValues } from '../../kit/crud-module';
import type { KitRecord } from '../../kit/crud-repository';
import { defineRoute, reads } from '../../plugins/define-route';
import { AppError } from '../../plugins/envelope';
import { studentsRepository } from './students.repository';
import { studentNumberMaker } from '../users/user-admin.service';
import { pinyinOf } from './pinyin';
import { studentRecords } from './student-records.view';

/** The rules of a student across fields and tables, in the fields' words (a save and each import row say them). */
export const STUDENT_TEXT = {
  notAClass: { zh: '请选择班级（不能选择学校、部门或年级）', en: 'Choose a class (not a school, department or grade)' },
  classFixed: { zh: '班级不能在这里修改：调班、转出等请办理学籍异动', en: 'The class cannot be changed here: class changes go through status changes' },
  idNumberInvalid: { zh: '请输入正确的18位身份证号', en: 'Please enter a valid 18-character ID number' },
  birthNotId: { zh: '出生日期与身份证号中的出生日期不一致', en: 'The birth date differs from the one in the ID number' },
  birthAfterEnrolment: { zh: '出生日期应早于入学日期', en: 'The birth date must be before the enrolment date' },
  numberFixed: { zh: '学生已开通账号，学号即登录账号，不能修改', en: 'The student has an account: the student number is its login and cannot change' },
  areaUnknown: (label: Label) => ({ zh: `${label.zh}不存在`, en: `The ${label.en.toLowerCase()} does not exist` }),
  serialFull: { zh: '学号模板的流水号已用完，请填写学号', en: "The template's serial numbers are used up: enter a student number" },
} as const;

const fields = students.fields;

/** The ID number's birth date (YYYY-MM-DD) of a valid resident ID. */
const birthOfId = (idNumber: string) => `${idNumber.slice(6, 10)}-${idNumber.slice(10, 12)}-${idNumber.slice(12, 14)}`;

/** The kinds of the org units a transaction asked about: an import's 5,000 rows name a few dozen classes. */
const orgKinds = new WeakMap<Tx, Map<string, string | undefined>>();
async function orgKindOf(tx: Tx, id: string): Promise<string | undefined> {
  let kinds = orgKinds.get(tx);
  if (!kinds) orgKinds.set(tx, (kinds = new Map()));
  if (!kinds.has(id)) kinds.set(id, (await tx.execute<{ kind: string }>(sql`SELECT kind FROM org_units WHERE id = ${id}::uuid`)).rows[0]?.kind);
  return kinds.get(id);
}

/** The places each class has left in a transaction: an import's rows into one class count down from its free places. */
const placesLeft = new WeakMap<Tx, Map<string, number>>();
/** Takes a place of the class for a new student (false: the class is full); the database's trigger (migration 0033) is the invariant. */
async function placeLeft(tx: Tx, classId: string): Promise<boolean> {
  let left = placesLeft.get(tx);
  if (!left) placesLeft.set(tx, (left = new Map()));
  if (!left.has(classId)) {
    const { capacity, students } = await classPlaces(tx, classId);
    left.set(classId, capacity === null ? Infinity : capacity - students);
  }
  const free = left.get(classId)!;
  if (free <= 0) return false;
  left.set(classId, free - 1);
  return true;
}

async function studentIssues(tx: Tx, values: SaveValues, existing: KitRecord | undefined): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const classId = values.classId as string | null;
  if (existing && classId !== existing.classId) issues.push({ field: 'classId', message: STUDENT_TEXT.classFixed });
  else if (classId) {
    const kind = await orgKindOf(tx, classId);
    if (kind && kind !== 'class') issues.push({ field: 'classId', message: STUDENT_TEXT.notAClass });
    else if (kind && !existing && !(await placeLeft(tx, classId))) issues.push({ field: 'classId', message: CLASS_TEXT.classFull });
  }
  if (existing?.hasAccount && values.studentNo !== existing.studentNo) issues.push({ field: 'studentNo', message: STUDENT_TEXT.numberFixed });
  const idNumber = String(values.idNumber ?? '').toUpperCase();
  if (values.idType === RESIDENT_ID_TYPE) {
    if (!isValidIdNumber(idNumber)) issues.push({ field: 'idNumber', message: STUDENT_TEXT.idNumberInvalid });
    else if (values.birthDate && birthOfId(idNumber) !== values.birthDate) issues.push({ field: 'birthDate', message: STUDENT_TEXT.birthNotId });
  }
  if (values.birthDate && values.enrolmentDate && String(values.birthDate) >= String(values.enrolmentDate)) issues.push({ field: 'birthDate', message: STUDENT_TEXT.birthAfterEnrolment });
  const places = (['nativePlace', 'householdPlace'] as const).filter((field) => values[field]);
  if (places.length > 0) {
    const known = new Set((await tx.execute<{ code: string }>(sql`SELECT code FROM areas WHERE code IN (${sql.join(places.map((field) => sql`${values[field]}`), sql`, `)})`)).rows.map((row) => row.code));
    for (const field of places) if (!known.has(String(values[field]))) issues.push({ field, message: STUDENT_TEXT.areaUnknown(fields[field].label) });
  }
  return issues;
}

/** One number maker per transaction: an import's blank numbers count on from each other. */
const makers = new WeakMap<Tx, Awaited<ReturnType<typeof studentNumberMaker>>>();

/**
 * 学生信息 (/jcsj/xsxx) on the resource kit: the view student_records (migration 0029) as its table,
 * so a save, an import and a delete write the users, students and class_memberships rows of a
 * student in one statement. A new student has no usable account: 账号初始化 (用户管理) makes it.
 */
export const studentsModule = crudModule(students, studentRecords, {
  saveIssues: studentIssues,
  // a class filled meanwhile (migration 0033's capacity trigger)
  refusalIssues: (constraint) => (constraint === CLASS_FULL_CONSTRAINT ? [{ field: 'classId', message: CLASS_TEXT.classFull }] : null),
  // the view's record side is nullable (a person made elsewhere), which FOR UPDATE refuses: lock the person rows
  async lockRows(tx, ids) {
    await tx.execute(sql`SELECT 1 FROM users WHERE id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) FOR UPDATE`);
  },
  // the keyword's candidates from the indexes (0029 xiaowu_student_search: under RLS ILIKE uses none); the kit's ILIKE then checks them
  listQuery(search) {
    const keyword = search.keyword?.trim();
    return keyword ? sql`${studentRecords.id} IN (SELECT xiaowu_student_search(${keyword}::text))` : undefined;
  },
  // the whole school's total (the screen's first page): 0035 xiaowu_student_count, an index-only count; any search: the kit's count
  async countRows(tx, search) {
    if (Object.values(search).some((value) => value?.trim())) return undefined;
    const [{ total }] = (await tx.execute<{ total: string }>(sql`SELECT xiaowu_student_count() AS total`)).rows;
    return Number(total);
  },
  async beforeSave(tx, _session, values) {
    values.idNumber = String(values.idNumber ?? '').toUpperCase();
    if (!values.pinyin) values.pinyin = pinyinOf(String(values.name));
    if (!values.studentNo) {
      let make = makers.get(tx);
      if (!make) makers.set(tx, (make = await studentNumberMaker(tx)));
      const number = await make({ year: Number(String(values.enrolmentDate).slice(0, 4)), gender: String(values.gender), campusId: (values.campusId as string | null) ?? null });
      if (!number) throw new AppError(ResponseCode.invalidInput, (lang) => STUDENT_TEXT.serialFull[lang]);
      values.studentNo = number;
    }
  },
  fileOwnerKind: 'studentPhoto',
  extraRoutes: [
    defineRoute({
      method: 'POST',
      url: STUDENT_DETAIL_URL,
      operation: reads('查看学生详情', 'Student details'),
      access: { anyOf: [resourcePerms(students).view] },
      summary: "one student's family (parent_students), class history (class_memberships), status changes with their attachments, newest scores and this semester's attendance by status",
      body: studentDetailRequest,
      handler: async ({ tx, session, body, services }): Promise<StudentDetail> => {
        if (!(await studentsRepository.exists(tx, body.id))) throw new AppError(ResponseCode.notFound, (lang) => resourceTexts(students).notFound[lang]);
        return {
          family: await studentsRepository.family(tx, body.id),
          history: await studentsRepository.history(tx, body.id),
          changes: await services.statusChanges.ofStudent(tx, session, body.id),
          scores: await studentsRepository.scores(tx, body.id),
          attendance: await studentsRepository.attendance(tx, body.id),
          places: await studentsRepository.places(tx, body.id),
        };
      },
    }),
  ],
});
