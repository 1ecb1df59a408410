import { v7 as uuidv7 } from 'uuid';
import {
  accountIssue,
  DEFAULT_PARENT_PREFIX,
  DEFAULT_STUDENT_NO_TEMPLATE,
  initialPasswordOf,
  type InitReport,
  type InitReportRow,
  type InitResult,
  isValidIdNumber,
  parseStudentNoTemplate,
  serialDigits,
  studentNumberOf,
  type TemplatePart,
  templatePrefix,
} from '../../../contracts/users';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { hashPassword } from '../auth/passwords';
import { userAdminRepository as repo, type UserRecord } from './users.repository';

/**
 * Account initialisation (SPEC §9), one person at a time, each in a savepoint of its own so one
 * failure does not undo the others:
 * - staff (administrators, teachers): account = job number;
 * - students: account = student number, generated from the school's template when missing;
 *   then the parent account = prefix + the student's account, created and linked when missing;
 * - password = the last 6 characters of the ID number in capitals (the parent's own ID number when
 *   valid, else the student's); account_initialized_at set, must_change_password set, sessions ended.
 * Parents are initialised through their student (a parent row chosen alone is skipped).
 */
export interface AccountSettingsValues {
  parentPrefix: string;
  studentNoTemplate: string;
}

export async function accountSettingsOf(tx: Tx): Promise<AccountSettingsValues & { version: number }> {
  const row = await repo.settings(tx);
  return {
    parentPrefix: row?.parentPrefix ?? DEFAULT_PARENT_PREFIX,
    studentNoTemplate: row?.studentNoTemplate ?? DEFAULT_STUDENT_NO_TEMPLATE,
    version: row?.version ?? 0,
  };
}

/** The entry year of a grade level: the current school year's start year minus the years already done. */
export const entryYearOf = (schoolYearStart: number, gradeLevel: number | null) => schoolYearStart - Math.max(0, (gradeLevel ?? 1) - 1);

/** Next serials per prefix, read once per prefix from the database and counted on in memory. */
export class SerialCounter {
  private readonly next = new Map<string, number>();
  constructor(private readonly parts: TemplatePart[]) {}

  async take(tx: Tx, prefix: string): Promise<number> {
    let value = this.next.get(prefix);
    if (value === undefined) {
      const digits = serialDigits(this.parts);
      const used = (await repo.numbersWithPrefix(tx, prefix, digits)).map((no) => Number(no.slice(prefix.length)));
      value = used.length > 0 ? Math.max(...used) + 1 : 1;
    }
    this.next.set(prefix, value + 1);
    return value;
  }
}

interface Context {
  tx: Tx;
  tenantId: string;
  by: string;
  lang: Lang;
  settings: AccountSettingsValues;
  parts: TemplatePart[];
  counter: SerialCounter;
  schoolYearStart: number;
  campusNumbers: Map<string, number>;
  onEnded: (userId: string) => void;
  includeInitialized: boolean;
}

class Skip extends Error {
  constructor(
    readonly result: 'skipped' | 'failed',
    readonly key: MessageKey,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

export async function initializeAccounts(
  tx: Tx,
  args: { tenantId: string; by: string; lang: Lang; ids: string[]; includeInitialized?: boolean; onEnded: (userId: string) => void },
): Promise<InitReport> {
  const settings = await accountSettingsOf(tx);
  const parts = parseStudentNoTemplate(settings.studentNoTemplate) ?? parseStudentNoTemplate(DEFAULT_STUDENT_NO_TEMPLATE)!;
  const campuses = await repo.campuses(tx);
  const ctx: Context = {
    tx,
    tenantId: args.tenantId,
    by: args.by,
    lang: args.lang,
    settings,
    parts,
    counter: new SerialCounter(parts),
    schoolYearStart: await repo.currentSchoolYearStart(tx),
    campusNumbers: new Map(campuses.map((campus, index) => [campus.id, index + 1])),
    onEnded: args.onEnded,
    includeInitialized: args.includeInitialized ?? false,
  };
  const people = await repo.byIds(tx, args.ids);
  const order = new Map(args.ids.map((id, index) => [id, index]));
  people.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const rows: InitReportRow[] = [];
  for (const person of people) {
    const kind = person.userType === '2' ? 'student' : person.userType === '4' ? 'parent' : 'staff';
    const line = (result: InitResult, account: string, reason = ''): InitReportRow => ({ name: person.name, userNo: person.userNo, account, kind, result, reason });
    try {
      const made = await tx.transaction((sp) => initializeOne({ ...ctx, tx: sp }, person));
      rows.push(...made);
    } catch (error) {
      if (error instanceof Skip) rows.push(line(error.result, person.username, translate(args.lang, error.key, error.params)));
      else if (isUniqueViolation(error)) rows.push(line('failed', person.username, translate(args.lang, 'usersInitAccountTaken', { account: '' })));
      else throw error;
    }
  }
  const counts: Record<InitResult, number> = { created: 0, reset: 0, skipped: 0, failed: 0 };
  for (const row of rows) counts[row.result] += 1;
  return { rows, counts };
}

async function initializeOne(ctx: Context, person: UserRecord): Promise<InitReportRow[]> {
  const { tx } = ctx;
  if (person.id === ctx.by) throw new Skip('skipped', 'usersInitSelf');
  if (person.userType === '4') throw new Skip('skipped', 'usersInitParentAlone');
  if (person.accountInitializedAt && !ctx.includeInitialized) throw new Skip('skipped', 'usersInitAlready');
  if (!isValidIdNumber(person.idNumber)) throw new Skip('skipped', 'usersInitNoIdNumber');
  let userNo = person.userNo.trim();
  if (!userNo) {
    if (person.userType !== '2') throw new Skip('skipped', 'usersInitNoJobNumber');
    userNo = await newStudentNumber(ctx, person);
  }
  const account = userNo;
  if (accountIssue(account)) throw new Skip('failed', 'usersInitAccountInvalid', { account });
  const holder = await repo.byUsername(tx, account);
  if (holder && holder.id !== person.id) throw new Skip('failed', 'usersInitAccountTaken', { account: `${account} (${holder.name})` });
  const result: InitResult = person.accountInitializedAt ? 'reset' : 'created';
  await repo.set(tx, person.id, {
    userNo,
    username: account,
    passwordHash: await hashPassword(initialPasswordOf(person.idNumber)),
    passwordChangedAt: null,
    accountInitializedAt: new Date(),
    mustChangePassword: true,
    updatedBy: ctx.by,
  });
  await repo.endSessions(tx, person.id);
  ctx.onEnded(person.id);
  const rows: InitReportRow[] = [{ name: person.name, userNo, account, kind: person.userType === '2' ? 'student' : 'staff', result, reason: '' }];
  if (person.userType === '2') rows.push(await initializeParent(ctx, person, account));
  return rows;
}

/**
 * Student numbers from the school's template for records made elsewhere (学生信息: a student added or
 * imported without one): the enrolment year, gender and campus given; serials counted on per prefix
 * for the transaction's whole batch, skipping a number an account holds. null: the serial is full.
 */
export async function studentNumberMaker(tx: Tx): Promise<(values: { year: number; gender: string; campusId: string | null }) => Promise<string | null>> {
  const settings = await accountSettingsOf(tx);
  const parts = parseStudentNoTemplate(settings.studentNoTemplate) ?? parseStudentNoTemplate(DEFAULT_STUDENT_NO_TEMPLATE)!;
  const campusNumbers = new Map((await repo.campuses(tx)).map((campus, index) => [campus.id, index + 1]));
  const counter = new SerialCounter(parts);
  return async ({ year, gender, campusId }) => {
    const values = { year, gender, campus: (campusId && campusNumbers.get(campusId)) || 1 };
    const prefix = templatePrefix(parts, values);
    for (;;) {
      const number = studentNumberOf(parts, values, await counter.take(tx, prefix));
      if (number === null || !(await repo.byUsername(tx, number))) return number;
    }
  };
}

async function newStudentNumber(ctx: Context, person: UserRecord): Promise<string> {
  const { tx } = ctx;
  if (person.gender !== '1' && person.gender !== '2') throw new Skip('skipped', 'usersInitNoGender');
  const unit = person.orgUnitId ? await repo.orgUnitById(tx, person.orgUnitId) : undefined;
  const campusId = person.campusId ?? unit?.campusId ?? null;
  const values = {
    year: entryYearOf(ctx.schoolYearStart, unit?.gradeLevel ?? null),
    gender: person.gender,
    campus: (campusId && ctx.campusNumbers.get(campusId)) || 1,
  };
  const prefix = templatePrefix(ctx.parts, values);
  for (;;) {
    const number = studentNumberOf(ctx.parts, values, await ctx.counter.take(tx, prefix));
    if (number === null) throw new Skip('failed', 'usersInitSerialFull', { prefix });
    // a typed account may already hold the number: take the next one
    if (!(await repo.byUsername(tx, number))) return number;
  }
}

async function initializeParent(ctx: Context, student: UserRecord, studentAccount: string): Promise<InitReportRow> {
  const { tx } = ctx;
  const account = `${ctx.settings.parentPrefix}${studentAccount}`;
  const existing = await repo.byUsername(tx, account);
  if (existing && existing.userType !== '4') {
    return { name: existing.name, userNo: '', account, kind: 'parent', result: 'failed', reason: translate(ctx.lang, 'usersInitAccountTaken', { account: `${account} (${existing.name})` }) };
  }
  const linked = await repo.parentsOf(tx, student.id);
  // a parent account of that name that is not this student's parent is someone else's: never taken over
  if (existing && !linked.some((row) => row.id === existing.id)) {
    return { name: existing.name, userNo: '', account, kind: 'parent', result: 'failed', reason: translate(ctx.lang, 'usersInitParentUnrelated', { account }) };
  }
  const parent = existing ?? linked.find((row) => !row.accountInitializedAt) ?? null;
  const idNumber = parent && isValidIdNumber(parent.idNumber) ? parent.idNumber : student.idNumber;
  const passwordHash = await hashPassword(initialPasswordOf(idNumber));
  const name = translate(ctx.lang === 'en' ? 'en' : 'zh', 'usersParentNameOf', { name: student.name });
  if (!parent) {
    const id = uuidv7();
    await repo.insert(tx, {
      tenantId: ctx.tenantId,
      id,
      username: account,
      passwordHash,
      name,
      userType: '4',
      campusId: student.campusId,
      accountInitializedAt: new Date(),
      mustChangePassword: true,
      createdBy: ctx.by,
      updatedBy: ctx.by,
    });
    await repo.linkParent(tx, ctx.tenantId, id, student.id, ctx.by);
    return { name, userNo: '', account, kind: 'parent', result: 'created', reason: '' };
  }
  await repo.set(tx, parent.id, { username: account, passwordHash, passwordChangedAt: null, accountInitializedAt: new Date(), mustChangePassword: true, updatedBy: ctx.by });
  await repo.linkParent(tx, ctx.tenantId, parent.id, student.id, ctx.by);
  await repo.endSessions(tx, parent.id);
  ctx.onEnded(parent.id);
  return { name: parent.name, userNo: '', account, kind: 'parent', result: parent.accountInitializedAt ? 'reset' : 'created', reason: '' };
}

/** The settings dialog's preview: the next number for a boy entering this school year at the first campus. */
export async function previewNumber(tx: Tx, template: string): Promise<string> {
  const parts = parseStudentNoTemplate(template);
  if (!parts) return '';
  const values = { year: await repo.currentSchoolYearStart(tx), gender: '1', campus: 1 };
  const serial = await new SerialCounter(parts).take(tx, templatePrefix(parts, values));
  return studentNumberOf(parts, values, serial) ?? '';
}
