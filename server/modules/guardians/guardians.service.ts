import { v7 as uuidv7 } from 'uuid';
import { FAMILY_RELATION_DICT, ID_TYPE_DICT } from '../../../contracts/dict-codes';
import { ResponseCode } from '../../../contracts/envelope';
import {
  genderOfRelation,
  GUARDIAN_TEXT,
  guardianIssues,
  type Guardian,
  type GuardianAccountLine,
  type GuardianFields,
  type GuardianFound,
  type GuardianLinkRequest,
  type GuardianListRequest,
  type GuardianListRow,
  type GuardianReorderRequest,
  type GuardianSaveRequest,
  type GuardianSearch,
  type GuardianStudent,
  RESIDENT_ID,
} from '../../../contracts/guardians';
import type { FieldIssue, Label } from '../../../contracts/resource';
import { initialPasswordOf, isValidIdNumber } from '../../../contracts/user-rules';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique';
import type { Lang } from '../../i18n/messages';
import { localName } from '../../i18n/local-name';
import { issuesError } from '../../kit/crud-module';
import { violatedConstraint } from '../../kit/crud-repository';
import { tableWorkbook } from '../../kit/xlsx';
import { AppError } from '../../plugins/envelope';
import { hashPassword } from '../auth/passwords';
import type { Session } from '../auth/session.types';
import { accountSettingsOf } from '../users/users.accounts';
import { guardiansRepository as repo } from './guardians.repository';

const refuse = (code: (typeof ResponseCode)[keyof typeof ResponseCode], label: Label, data: unknown = null) => new AppError(code, (lang) => label[lang], {}, data);

/** The database's refusals in the user's words: the emergency order's unique key, a parent's ID number (0032). */
function linkRefusal(error: unknown, emergencyOrder: number | null): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const constraint = violatedConstraint(error);
  if (constraint === 'parent_students_emergency_order_key') return refuse(ResponseCode.conflict, GUARDIAN_TEXT.emergencyOrderTaken(emergencyOrder ?? 0), { field: 'emergencyOrder' });
  if (constraint === 'users_tenant_parent_id_number_key') return refuse(ResponseCode.conflict, GUARDIAN_TEXT.idNumberTaken(''), { field: 'idNumber' });
  if (constraint === 'parent_students_pkey' || constraint === 'parent_students_tenant_id_parent_id_student_id_pk') return refuse(ResponseCode.conflict, GUARDIAN_TEXT.alreadyLinked);
  return null;
}

/** Runs a write in a savepoint and says a refusal of the database in the user's words. */
async function refusing<T>(tx: Tx, emergencyOrder: number | null, work: (sp: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction(work);
  } catch (error) {
    throw linkRefusal(error, emergencyOrder) ?? error;
  }
}

const normalised = (input: GuardianFields): GuardianFields => ({
  ...input,
  name: input.name.trim(),
  phone: input.phone.trim(),
  workUnit: input.workUnit.trim(),
  idNumber: input.idType === RESIDENT_ID ? input.idNumber.trim().toUpperCase() : input.idNumber.trim(),
});

/** The field rules, then the dictionaries (relation, ID type): 40000 with every issue, nothing written. */
async function checkFields(tx: Tx, lang: Lang, input: GuardianFields): Promise<void> {
  const issues: FieldIssue[] = guardianIssues(input);
  if (input.relation && !issues.some((issue) => issue.field === 'relation') && !(await repo.dictHas(tx, FAMILY_RELATION_DICT, input.relation))) {
    issues.push({ field: 'relation', message: GUARDIAN_TEXT.relationRequired });
  }
  if (input.idType && !(await repo.dictHas(tx, ID_TYPE_DICT, input.idType))) issues.push({ field: 'idType', message: GUARDIAN_TEXT.idTypeRequired });
  if (issues.length > 0) throw issuesError(issues, lang);
}

async function studentOrRefuse(tx: Tx, studentId: string) {
  const student = await repo.student(tx, studentId);
  if (!student) throw refuse(ResponseCode.notFound, GUARDIAN_TEXT.studentNotFound);
  return student;
}

/** A person is one person: an ID number or phone another guardian holds points to linking that one instead. */
async function refuseDuplicatePerson(tx: Tx, input: GuardianFields, exceptId?: string): Promise<void> {
  const byId = await repo.parentWith(tx, 'id_number', input.idNumber, exceptId);
  if (byId) throw refuse(ResponseCode.conflict, GUARDIAN_TEXT.idNumberTaken(byId.name), { field: 'idNumber', parentId: byId.id });
  const byPhone = await repo.parentWith(tx, 'phone', input.phone, exceptId);
  if (byPhone) throw refuse(ResponseCode.conflict, GUARDIAN_TEXT.phoneTaken(byPhone.name), { field: 'phone', parentId: byPhone.id });
}

/**
 * 家庭信息 (/jcsj/jtxx): students with their guardians; a guardian is a person (users, user_type '4',
 * profile in `guardians`) linked to each child by parent_students (relation, lives with, emergency
 * order unique per student). Reading needs jtxx, changes jtxx_edit, the export jtxx_export (routes).
 */
export const guardiansService = {
  async list(tx: Tx, request: GuardianListRequest): Promise<{ total: number; rows: GuardianListRow[] }> {
    const search = request.search as GuardianSearch;
    const [total, students] = await Promise.all([repo.countStudents(tx, search), repo.students(tx, search, request.currPage * request.limit, request.limit)]);
    const guardians = await repo.guardiansOf(tx, students.map((student) => student.studentId));
    return { total, rows: students.map((student) => ({ ...student, guardians: guardians.get(student.studentId) ?? [] })) };
  },

  async ofStudent(tx: Tx, studentId: string): Promise<{ student: GuardianStudent; guardians: Guardian[] }> {
    const { idNumber: _id, campusId: _campus, username: _username, ...student } = await studentOrRefuse(tx, studentId);
    return { student, guardians: (await repo.guardiansOf(tx, [studentId])).get(studentId) ?? [] };
  },

  /** A new guardian of the student (a person without an account), or an edit of one and of their link. */
  async save(tx: Tx, session: Session, lang: Lang, request: GuardianSaveRequest): Promise<{ parentId: string }> {
    const input = normalised(request);
    await checkFields(tx, lang, input);
    const student = await studentOrRefuse(tx, request.studentId);
    const link = { studentId: student.studentId, relation: input.relation, livesWith: input.livesWith, emergencyOrder: input.emergencyOrder, by: session.userId };
    const gender = genderOfRelation(input.relation);
    if (!request.parentId) {
      await refuseDuplicatePerson(tx, input);
      const parentId = uuidv7();
      await refusing(tx, input.emergencyOrder, async (sp) => {
        await repo.insertPerson(sp, { tenantId: session.tenantId, id: parentId, name: input.name, gender, phone: input.phone, idNumber: input.idNumber, campusId: student.campusId, by: session.userId });
        await repo.saveProfile(sp, { tenantId: session.tenantId, userId: parentId, workUnit: input.workUnit, idType: input.idType, by: session.userId });
        await repo.insertLink(sp, { tenantId: session.tenantId, parentId, ...link });
      });
      return { parentId };
    }
    const parent = await repo.parent(tx, request.parentId);
    if (!parent) throw refuse(ResponseCode.notFound, GUARDIAN_TEXT.guardianNotFound);
    if (!(await repo.linked(tx, parent.id, student.studentId))) throw refuse(ResponseCode.notFound, GUARDIAN_TEXT.notLinked);
    await refuseDuplicatePerson(tx, input, parent.id);
    await refusing(tx, input.emergencyOrder, async (sp) => {
      const updated = await repo.updatePerson(sp, { id: parent.id, version: request.version ?? -1, name: input.name, gender, phone: input.phone, idNumber: input.idNumber, by: session.userId });
      if (!updated) throw refuse(ResponseCode.conflict, GUARDIAN_TEXT.stale, { stale: true });
      await repo.saveProfile(sp, { tenantId: session.tenantId, userId: parent.id, workUnit: input.workUnit, idType: input.idType, by: session.userId });
      await repo.updateLink(sp, { parentId: parent.id, ...link });
    });
    return { parentId: parent.id };
  },

  find: (tx: Tx, phone: string, idNumber: string): Promise<GuardianFound[]> => {
    if (!phone && !idNumber) throw refuse(ResponseCode.invalidInput, GUARDIAN_TEXT.findNeedsKey);
    return repo.find(tx, phone, idNumber.toUpperCase());
  },

  /** An existing guardian becomes one of this student's too (siblings share a guardian). */
  async link(tx: Tx, session: Session, lang: Lang, request: GuardianLinkRequest): Promise<void> {
    const issues = guardianIssues({ name: '-', phone: '0000000', workUnit: '', idType: RESIDENT_ID, idNumber: '', relation: request.relation, livesWith: request.livesWith, emergencyOrder: request.emergencyOrder });
    if (request.relation && !(await repo.dictHas(tx, FAMILY_RELATION_DICT, request.relation))) issues.push({ field: 'relation', message: GUARDIAN_TEXT.relationRequired });
    if (issues.length > 0) throw issuesError(issues, lang);
    const student = await studentOrRefuse(tx, request.studentId);
    const parent = await repo.parent(tx, request.parentId);
    if (!parent) throw refuse(ResponseCode.notFound, GUARDIAN_TEXT.guardianNotFound);
    if (await repo.linked(tx, parent.id, student.studentId)) throw refuse(ResponseCode.conflict, GUARDIAN_TEXT.alreadyLinked);
    await refusing(tx, request.emergencyOrder, (sp) =>
      repo.insertLink(sp, { tenantId: session.tenantId, parentId: parent.id, studentId: student.studentId, relation: request.relation, livesWith: request.livesWith, emergencyOrder: request.emergencyOrder, by: session.userId }),
    );
  },

  /** The link goes; the person (and their account) stays while linked elsewhere or holding an account. true: the person went too. */
  async unlink(tx: Tx, studentId: string, parentId: string): Promise<boolean> {
    const parent = await repo.parent(tx, parentId);
    if (!parent || !(await repo.deleteLink(tx, parentId, studentId))) throw refuse(ResponseCode.notFound, GUARDIAN_TEXT.notLinked);
    if (parent.initialized || (await repo.linkCount(tx, parentId)) > 0) return false;
    try {
      // other records (messages, answers) may name the person: then it stays
      await tx.transaction((sp) => repo.deletePerson(sp, parentId));
      return true;
    } catch {
      return false;
    }
  },

  async reorder(tx: Tx, session: Session, request: GuardianReorderRequest): Promise<void> {
    await studentOrRefuse(tx, request.studentId);
    const linked = new Set(await repo.linkedParentIds(tx, request.studentId));
    if (new Set(request.parentIds).size !== request.parentIds.length || request.parentIds.some((id) => !linked.has(id))) throw refuse(ResponseCode.conflict, GUARDIAN_TEXT.reorderMismatch);
    await refusing(tx, null, (sp) => repo.reorder(sp, request.studentId, request.parentIds, session.userId));
  },

  /**
   * Parent accounts (SPEC §9): account = the school's prefix + the student's account (student number),
   * given to the student's first guardian (emergency order) when none of their guardians has one yet;
   * initial password the last 6 characters of the guardian's resident ID number, else the student's.
   * An account name someone else holds is refused with who holds it. Each student in a savepoint.
   */
  async accounts(tx: Tx, session: Session, lang: Lang, studentIds: readonly string[]): Promise<{ lines: GuardianAccountLine[]; created: number }> {
    const { parentPrefix } = await accountSettingsOf(tx);
    const lines: GuardianAccountLine[] = [];
    for (const studentId of [...new Set(studentIds)]) {
      const student = await repo.student(tx, studentId);
      if (!student) continue;
      const line = (result: GuardianAccountLine['result'], guardianName: string, account: string, reason: Label | null): GuardianAccountLine => ({
        studentName: student.studentName,
        studentNo: student.studentNo,
        guardianName,
        account,
        result,
        reason: reason ? reason[lang] : '',
      });
      const guardians = (await repo.guardiansOf(tx, [studentId])).get(studentId) ?? [];
      const holder = guardians.find((guardian) => guardian.hasAccount);
      if (!student.studentNo) lines.push(line('failed', '', '', GUARDIAN_TEXT.accountNoStudentNo));
      else if (guardians.length === 0) lines.push(line('skipped', '', '', GUARDIAN_TEXT.accountNoGuardian));
      else if (holder) lines.push(line('skipped', holder.name, holder.account, GUARDIAN_TEXT.accountHas(holder.account, holder.name)));
      else {
        const account = `${parentPrefix}${student.studentNo}`;
        const holderOfName = await repo.userByUsername(tx, account);
        // a guardian of this student holding the name without a usable account yet (a seeded or 用户管理 record) gets it; anyone else's is a clash
        const first = guardians.find((guardian) => guardian.parentId === holderOfName?.id) ?? guardians[0];
        const taken = holderOfName && holderOfName.id !== first.parentId ? holderOfName : undefined;
        const idNumber = first.idType === RESIDENT_ID && isValidIdNumber(first.idNumber) ? first.idNumber : isValidIdNumber(student.idNumber) ? student.idNumber : '';
        if (taken) lines.push(line('failed', first.name, account, GUARDIAN_TEXT.accountTaken(account, taken.name)));
        else if (!idNumber) lines.push(line('failed', first.name, account, GUARDIAN_TEXT.accountNoIdNumber));
        else {
          const passwordHash = await hashPassword(initialPasswordOf(idNumber));
          try {
            await tx.transaction(async (sp) => {
              await repo.giveAccount(sp, { parentId: first.parentId, username: account, passwordHash, by: session.userId });
              await repo.grantParentRole(sp, session.tenantId, first.parentId, session.userId);
            });
            lines.push(line('created', first.name, account, null));
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            const now = await repo.userByUsername(tx, account);
            lines.push(line('failed', first.name, account, GUARDIAN_TEXT.accountTaken(account, now?.name ?? '')));
          }
        }
      }
    }
    return { lines, created: lines.filter((row) => row.result === 'created').length };
  },

  async export(tx: Tx, lang: Lang, search: GuardianSearch, now = new Date()): Promise<{ fileName: string; bytes: Buffer }> {
    const students = await repo.students(tx, search, 0, null);
    const guardians = await repo.guardiansOf(tx, students.map((student) => student.studentId));
    const [relations, idTypes] = await Promise.all([repo.dictNames(tx, FAMILY_RELATION_DICT), repo.dictNames(tx, ID_TYPE_DICT)]);
    const t = EXPORT_WORDS[lang];
    const dictName = (names: Map<string, { name: string; nameEn: string }>, code: string) => {
      const entry = names.get(code);
      return entry ? localName(lang, entry.name, entry.nameEn) : code;
    };
    const columns = [
      { header: t.studentNo, key: 'studentNo', width: 14 },
      { header: t.studentName, key: 'studentName', width: 12 },
      { header: t.className, key: 'className', width: 18 },
      { header: t.name, key: 'name', width: 12 },
      { header: t.relation, key: 'relation', width: 12 },
      { header: t.phone, key: 'phone', width: 16 },
      { header: t.workUnit, key: 'workUnit', width: 24 },
      { header: t.idType, key: 'idType', width: 14 },
      { header: t.idNumber, key: 'idNumber', width: 22 },
      { header: t.livesWith, key: 'livesWith', width: 10 },
      { header: t.emergencyOrder, key: 'emergencyOrder', width: 12 },
      { header: t.account, key: 'account', width: 16 },
    ];
    const rows = students.flatMap((student) => {
      const className = localName(lang, student.className, student.classNameEn);
      const list = guardians.get(student.studentId) ?? [];
      // a student without guardians still has their row
      if (list.length === 0) return [{ studentNo: student.studentNo, studentName: student.studentName, className }];
      return list.map((guardian) => ({
          studentNo: student.studentNo,
          studentName: student.studentName,
          className,
          name: guardian.name,
          relation: dictName(relations, guardian.relation),
          phone: guardian.phone,
          workUnit: guardian.workUnit,
          idType: dictName(idTypes, guardian.idType),
          idNumber: guardian.idNumber,
          livesWith: guardian.livesWith ? t.yes : t.no,
          emergencyOrder: guardian.emergencyOrder ?? '',
          account: guardian.account,
      }));
    });
    return { fileName: `${t.title}.xlsx`, bytes: await tableWorkbook([{ name: t.title, columns, rows }], now) };
  },
};

const EXPORT_WORDS = {
  zh: {
    title: '家庭信息',
    studentNo: '学号',
    studentName: '学生姓名',
    className: '班级',
    name: '监护人姓名',
    relation: '与学生关系',
    phone: '联系电话',
    workUnit: '工作单位',
    idType: '证件类型',
    idNumber: '证件号码',
    livesWith: '是否同住',
    emergencyOrder: '紧急联系顺序',
    account: '家长账号',
    yes: '是',
    no: '否',
  },
  en: {
    title: 'Family information',
    studentNo: 'Student number',
    studentName: 'Student',
    className: 'Class',
    name: 'Guardian',
    relation: 'Relation',
    phone: 'Phone',
    workUnit: 'Work unit',
    idType: 'ID type',
    idNumber: 'ID number',
    livesWith: 'Lives with the child',
    emergencyOrder: 'Emergency order',
    account: 'Parent account',
    yes: 'Yes',
    no: 'No',
  },
} as const;

/** 学生信息's family tab (and any reader): one student's guardians, emergency contacts first. */
export const guardiansOfStudent = async (tx: Tx, studentId: string): Promise<Guardian[]> => (await repo.guardiansOf(tx, [studentId])).get(studentId) ?? [];
