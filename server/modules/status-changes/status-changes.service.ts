import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { ResponseCode } from '../../../contracts/envelope';
import type { TableAData } from '../../../contracts/envelope';
import { type Label, resourcePerms } from '../../../contracts/resource';
import { students } from '../../../contracts/resources/students';
import type { StudentDetail } from '../../../contracts/students';
import { schoolDate } from '../../../contracts/school-time';
import {
  needsClass,
  STATUS_AFTER,
  STATUS_CHANGE_ATTACHMENT_PROFILE,
  STATUS_CHANGE_PERMS,
  STATUS_CHANGE_TEXT,
  type StatusChangeApplyRequest,
  type StatusChangeDetail,
  type StatusChangeRow,
  type StatusChangeSearch,
  type StatusChangeState,
  type StatusChangeStudent,
  type StatusChangeType,
  type StatusChangeTypeRow,
} from '../../../contracts/status-changes';
import type { Database, Tx } from '../../db/client';
import type { Lang } from '../../i18n/messages';
import { localName } from '../../i18n/local-name';
import { AppError } from '../../plugins/envelope';
import { CLASS_TEXT } from '../../../contracts/class-rules';
import { CLASS_FULL_CONSTRAINT, classPlaces } from '../../db/class-places';
import { violatedConstraint } from '../../kit/crud-repository';
import { tableWorkbook } from '../../kit/xlsx';
import type { ApplicationsService } from '../applications/applications.service';
import type { Session } from '../auth/session.types';
import type { DormsService } from '../dorms/dorms.service';
import type { FilesService } from '../files/files.service';
import type { PermissionsService } from '../permissions/permissions.service';
import { type ChangeListRecord, statusChangesRepository as repo, VIEW_STATE } from './status-changes.repository';

const refuse = (code: (typeof ResponseCode)[keyof typeof ResponseCode], label: Label) => new AppError(code, (lang) => label[lang]);
const TYPE_WORDS: Record<StatusChangeType, Label> = {
  insert: { zh: '插班', en: 'Insertion' },
  transfer_out: { zh: '转出', en: 'Transfer out' },
  suspend: { zh: '休学', en: 'Suspension' },
  resume: { zh: '复学', en: 'Resumption' },
  class_change: { zh: '转班', en: 'Class change' },
};
const STATE_WORDS: Record<StatusChangeState, Label> = {
  pending: { zh: '审核中', en: 'Under audit' },
  scheduled: { zh: '待生效', en: 'Scheduled' },
  applied: { zh: '已生效', en: 'Effective' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn' },
};
const EXPORT_WORDS = {
  zh: { sheet: '学籍异动', studentNo: '学号', name: '姓名', type: '异动类型', from: '原班级', to: '转入班级', date: '生效日期', state: '状态', reason: '原因', by: '申请人', file: '学籍异动' },
  en: { sheet: 'Status changes', studentNo: 'Student no.', name: 'Name', type: 'Type', from: 'From class', to: 'To class', date: 'Effective date', state: 'State', reason: 'Reason', by: 'Filed by', file: 'status-changes' },
} as const;

/** The session the sweep acts under: the change's approver (the bed's release and the rows name them). */
const actingAs = (tenantId: string, userId: string): Session => ({
  tenantId,
  userId,
  sessionId: '',
  tokenHash: '',
  viaPreviousToken: false,
  tokenAgeSeconds: 0,
  idleSeconds: 0,
  expiresInSeconds: 0,
});

/**
 * 学籍异动 (issue 23 item 4). A change is filed (the student's state checked for its type), audited by
 * the applications engine (its flows, the trail, no self-audit, batch audit in one audit state) and
 * takes effect on its date: at the final approval when the date has come, else by the sweep on the
 * date (status-changes.sweep.ts). The effect, under a lock on the student's row: the open class
 * membership closes the day before and the new one opens on the date (转班, 插班, 复学) or none
 * (转出, 休学); users.org_unit_id follows the open membership; students.status the type; 休学 and 转出
 * release the bed. Past rows (memberships, rolls, scores) are never touched.
 */
export class StatusChangesService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly applications: ApplicationsService,
    private readonly files: FilesService,
    private readonly dorms: DormsService,
  ) {
    applications.registerApprovalEffect('status_change', (tx, session, id) => this.onApproved(tx, session, id));
    // a change's documents belong to the student's record: 学生信息's viewers open them in its status history
    applications.registerAttachmentReaders('status_change', [resourcePerms(students).view]);
    // filed by staff about the student (the applicant): the student and their parents never take one back
    applications.registerFiledAbout('status_change');
  }

  private async codes(tx: Tx, session: Session, code: string) {
    const codes = await this.permissions.grantedCodes(tx, session);
    if (!codes.has(code)) throw refuse(ResponseCode.forbidden, STATUS_CHANGE_TEXT.noPermission);
    return codes;
  }

  /* -------------------------------------------------------------- reads */

  private async where(tx: Tx, session: Session, search: StatusChangeSearch): Promise<{ where: SQL; mayAudit: SQL }> {
    const mayAudit = await this.applications.auditableNow(tx, session, 'status_change');
    const where: SQL[] = [sql`true`];
    if (search.keyword) {
      const like = `%${search.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`(s.name ILIKE ${like} OR s.user_no ILIKE ${like})`);
    }
    if (search.changeType) where.push(sql`sc.change_type = ${search.changeType}`);
    if (search.state) where.push(sql`${VIEW_STATE} = ${search.state}`);
    if (search.from) where.push(sql`sc.effective_date >= ${search.from}::date`);
    if (search.to) where.push(sql`sc.effective_date <= ${search.to}::date`);
    if (search.scope === 'todo') where.push(mayAudit);
    return { where: sql.join(where, sql` AND `), mayAudit };
  }

  private row(record: ChangeListRecord, auditState: string): StatusChangeRow {
    return {
      id: record.id,
      studentId: record.student_id,
      studentName: record.student_name,
      studentNo: record.student_no,
      changeType: record.change_type,
      effective: record.effective,
      fromClassName: record.from_class_name,
      fromClassNameEn: record.from_class_name_en,
      toClassName: record.to_class_name,
      toClassNameEn: record.to_class_name_en,
      effectiveDate: record.effective_date,
      appliedOn: record.applied_on,
      state: record.view_state as StatusChangeState,
      auditState,
      reason: record.reason,
      submittedByName: record.submitted_by_name,
      submittedAt: record.submitted_at.toISOString(),
      version: record.version,
      mayAudit: record.may_audit,
    };
  }

  /** `POST /api/status-changes/list` (table A), newest first. */
  async list(tx: Tx, session: Session, request: { currPage: number; limit: number; search: StatusChangeSearch }, lang: Lang): Promise<TableAData<StatusChangeRow>> {
    await this.codes(tx, session, STATUS_CHANGE_PERMS.menu);
    const { where, mayAudit } = await this.where(tx, session, request.search);
    const offset = request.currPage * request.limit;
    const records = await repo.page(tx, where, mayAudit, offset, request.limit);
    const total = records[0]?.total ?? (offset > 0 ? await repo.count(tx, where) : 0);
    const trails = await this.applications.trailOf(tx, session, records.map((r) => r.id), lang);
    return { total, rows: records.map((record) => this.row(record, trails.get(record.id)?.auditState ?? '')) };
  }

  /** `POST /api/status-changes/get`: the change, its attachments and its audit trail. */
  async get(tx: Tx, session: Session, id: string, lang: Lang): Promise<StatusChangeDetail> {
    await this.codes(tx, session, STATUS_CHANGE_PERMS.menu);
    const mayAudit = await this.applications.auditableNow(tx, session, 'status_change');
    const [record] = await repo.page(tx, sql`sc.id = ${id}`, mayAudit, 0, 1);
    const trail = record && (await this.applications.trailOf(tx, session, [id], lang)).get(id);
    if (!record || !trail) throw refuse(ResponseCode.notFound, STATUS_CHANGE_TEXT.notFound);
    const files = await this.files.getFiles(tx, record.attachments);
    return {
      ...this.row(record, trail.auditState),
      mayAudit: trail.mayAudit,
      mayWithdraw: trail.mayWithdraw,
      attachments: files.map((file) => ({ resId: file.resId, resName: file.resName })),
      steps: trail.steps,
      step: trail.step,
      applicationState: trail.state,
      events: trail.events,
      note: trail.note,
    };
  }

  /**
   * A student's changes, newest first, each with the attachments the caller may open (学生信息's
   * status history: its viewers only, the attachment readers registered above).
   */
  async ofStudent(tx: Tx, session: Session, studentId: string): Promise<StudentDetail['changes']> {
    await this.permissions.assertHas(tx, session, resourcePerms(students).view);
    const records = await repo.page(tx, sql`sc.student_id = ${studentId}`, sql`false`, 0, null);
    const readable = new Map((await this.files.getFiles(tx, records.flatMap((record) => record.attachments), session)).map((file) => [file.resId, file.resName]));
    const names = (label: Label) => ({ name: label.zh, nameEn: label.en });
    return records.map((record) => {
      const state = record.view_state as StatusChangeState;
      return {
        id: record.id,
        changeType: record.change_type,
        type: names(TYPE_WORDS[record.change_type]),
        state,
        stateName: names(STATE_WORDS[state]),
        effectiveDate: record.effective_date,
        fromClass: { name: record.from_class_name, nameEn: record.from_class_name_en },
        toClass: { name: record.to_class_name, nameEn: record.to_class_name_en },
        reason: record.reason,
        attachments: record.attachments.filter((resId) => readable.has(resId)).map((resId) => ({ resId, resName: readable.get(resId)! })),
      };
    });
  }

  /** `POST /api/status-changes/types`: the five types and their effective flags. */
  async types(tx: Tx, session: Session): Promise<StatusChangeTypeRow[]> {
    await this.codes(tx, session, STATUS_CHANGE_PERMS.menu);
    const rows = new Map((await repo.types(tx)).map((row) => [row.code, row]));
    return (['insert', 'transfer_out', 'suspend', 'resume', 'class_change'] as const).map((code) => rows.get(code) ?? { code, effective: true, version: 0 });
  }

  /** `POST /api/status-changes/types/save`: a type's effective flag (changes filed later read it). */
  async saveType(tx: Tx, session: Session, input: { code: StatusChangeType; effective: boolean; version: number }): Promise<StatusChangeTypeRow[]> {
    await this.codes(tx, session, STATUS_CHANGE_PERMS.audit);
    await repo.typeFlag(tx, input.code);
    if (!(await repo.saveType(tx, input.code, input.effective, input.version, session.userId))) throw new AppError(ResponseCode.conflict, 'applicationsSettingChangedMeanwhile');
    return this.types(tx, session);
  }

  /** `POST /api/status-changes/export`: the rows the search finds, in the caller's language. */
  async export(tx: Tx, session: Session, search: StatusChangeSearch, lang: Lang): Promise<{ fileName: string; bytes: Buffer }> {
    await this.codes(tx, session, STATUS_CHANGE_PERMS.export!);
    const { where, mayAudit } = await this.where(tx, session, search);
    const records = await repo.page(tx, where, mayAudit, 0, null);
    const t = EXPORT_WORDS[lang];
    const bytes = await tableWorkbook([
      {
        name: t.sheet,
        columns: [
          { header: t.studentNo, key: 'no', width: 14 },
          { header: t.name, key: 'name', width: 12 },
          { header: t.type, key: 'type', width: 14 },
          { header: t.from, key: 'from', width: 18 },
          { header: t.to, key: 'to', width: 18 },
          { header: t.date, key: 'date', width: 12 },
          { header: t.state, key: 'state', width: 16 },
          { header: t.reason, key: 'reason', width: 30 },
          { header: t.by, key: 'by', width: 12 },
        ],
        rows: records.map((r) => ({
          no: r.student_no,
          name: r.student_name,
          type: TYPE_WORDS[r.change_type][lang],
          from: localName(lang, r.from_class_name, r.from_class_name_en),
          to: localName(lang, r.to_class_name, r.to_class_name_en),
          date: r.effective_date,
          state: STATE_WORDS[r.view_state as StatusChangeState][lang],
          reason: r.reason,
          by: r.submitted_by_name,
        })),
      },
    ]);
    return { fileName: `${t.file}-${schoolDate()}.xlsx`, bytes };
  }

  /* -------------------------------------------------------------- filing */

  /**
   * Whether the student's state now allows the change (filing, and again when it takes effect):
   * 转班 needs a class and another one; 插班 no class and not graduated; 复学 suspended, into a class of
   * the grade their last class is in now (the class moved up with any semester upgrade since, so the
   * grade is the one they would be in); 休学 studying in a class; 转出 studying or suspended.
   */
  private async refusal(tx: Tx, type: StatusChangeType, student: { id: string; status: string | null; org_unit_id: string | null }, toClassId: string | null): Promise<AppError | null> {
    const open = await repo.openMembership(tx, student.id);
    const status = student.status ?? 'studying';
    if (toClassId) {
      const target = await repo.classOf(tx, toClassId);
      if (!target || target.kind !== 'class' || target.graduated) return refuse(ResponseCode.invalidInput, STATUS_CHANGE_TEXT.classUnknown);
      if (type === 'resume') {
        const last = await this.lastClass(tx, student.id);
        if (last && last.graduated) return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.gradeGone);
        if (last && last.grade_level !== target.grade_level) return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.wrongGrade({ zh: last.grade_name, en: last.grade_name_en }));
      }
      // into a full class (班级管理's capacity; the database's trigger holds it when two changes race)
      const { capacity, students } = await classPlaces(tx, toClassId);
      if (capacity !== null && students >= capacity && open?.class_id !== toClassId) return refuse(ResponseCode.unprocessable, CLASS_TEXT.classFull);
    }
    switch (type) {
      case 'class_change':
        if (status !== 'studying') return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.notStudying);
        if (!open) return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.noClass);
        if (open.class_id === toClassId) return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.sameClass);
        return null;
      case 'insert':
        if (status === 'graduated') return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.notReturnable);
        if (status === 'suspended') return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.hasClass);
        if (open) return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.hasClass);
        return null;
      case 'resume':
        return status === 'suspended' ? null : refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.notSuspended);
      case 'suspend':
        if (status !== 'studying') return refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.notStudying);
        return open ? null : refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.noClass);
      case 'transfer_out':
        return status === 'studying' || status === 'suspended' ? null : refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.notStudying);
    }
  }

  /** The facts of the student's last class (open or closed membership): 复学 returns to its grade as it is now. */
  private async lastClass(tx: Tx, studentId: string) {
    const lastId = await repo.lastClassId(tx, studentId);
    return lastId ? repo.classOf(tx, lastId) : undefined;
  }

  /** `POST /api/status-changes/student`: 复学's target classes by refusal()'s rule (the grade of the last class, as it is now). */
  async student(tx: Tx, session: Session, studentId: string): Promise<StatusChangeStudent> {
    await this.codes(tx, session, STATUS_CHANGE_PERMS.add);
    if (!(await repo.student(tx, studentId))) throw refuse(ResponseCode.invalidInput, STATUS_CHANGE_TEXT.studentUnknown);
    const last = await this.lastClass(tx, studentId);
    if (!last) return { resumeClassIds: null, resumeGrade: null };
    if (last.graduated || last.grade_level === null) return { resumeClassIds: [], resumeGrade: null };
    return { resumeClassIds: await repo.currentClassesOfLevel(tx, last.grade_level), resumeGrade: { zh: last.grade_name, en: last.grade_name_en } };
  }

  /** `POST /api/status-changes/apply` (idempotent): file and submit a change; the auditors of its first step are told. */
  async apply(tx: Tx, session: Session, input: StatusChangeApplyRequest & { attachments: string[] }, lang: Lang): Promise<StatusChangeDetail> {
    await this.codes(tx, session, STATUS_CHANGE_PERMS.add);
    if (await repo.exists(tx, input.id)) throw refuse(ResponseCode.conflict, STATUS_CHANGE_TEXT.idTaken);
    const type = input.changeType;
    const toClassId = input.toClassId || null;
    if (needsClass(type) && !toClassId) throw refuse(ResponseCode.invalidInput, STATUS_CHANGE_TEXT.classRequired);
    if (!needsClass(type) && toClassId) throw refuse(ResponseCode.invalidInput, STATUS_CHANGE_TEXT.noClassWanted);
    const today = schoolDate();
    if (input.effectiveDate < today) throw refuse(ResponseCode.invalidInput, STATUS_CHANGE_TEXT.dateInPast(today));
    const student = await repo.student(tx, input.studentId);
    if (!student) throw refuse(ResponseCode.invalidInput, STATUS_CHANGE_TEXT.studentUnknown);
    const refusal = await this.refusal(tx, type, student, toClassId);
    if (refusal) throw refusal;
    const attachments = [...new Set(input.attachments)];
    if (attachments.length > 0) {
      const files = await repo.files(tx, attachments);
      const ok = attachments.every((fileId) => files.some((file) => file.id === fileId && file.owner_id === session.userId && file.category === STATUS_CHANGE_ATTACHMENT_PROFILE && file.owner_record_id === null));
      if (!ok) throw refuse(ResponseCode.invalidInput, STATUS_CHANGE_TEXT.attachmentInvalid);
      await this.files.claim(tx, { kind: 'application', recordId: input.id, saverId: session.userId }, attachments);
    }
    const day = new Date(`${input.effectiveDate}T00:00:00+08:00`);
    await this.applications.fileFor(tx, session, {
      id: input.id,
      kind: 'status_change',
      applicantId: student.id,
      // the class whose head teacher and grade a configured chain reads: where they are, else where they go
      orgUnitId: student.org_unit_id ?? toClassId,
      reason: input.reason,
      attachments,
      startsAt: day,
      endsAt: new Date(day.getTime() + 86_400_000),
    });
    await repo.insert(tx, {
      id: input.id,
      studentId: student.id,
      changeType: type,
      effective: await repo.typeFlag(tx, type),
      fromClassId: (await repo.openMembership(tx, student.id))?.class_id ?? null,
      toClassId,
      effectiveDate: input.effectiveDate,
      userId: session.userId,
    });
    return this.get(tx, session, input.id, lang);
  }

  /* -------------------------------------------------------------- effect */

  /** The final approval (applications engine, same transaction): takes effect now when its date has come. */
  private async onApproved(tx: Tx, session: Session, id: string): Promise<void> {
    const change = await repo.change(tx, id);
    if (!change || !change.effective) return;
    const today = schoolDate();
    if (change.effective_date <= today) await this.takeEffect(tx, session, id, today);
    else {
      // its date is ahead: the state must still allow it now (the sweep checks again on the day)
      const student = (await repo.lockStudent(tx, change.student_id)) ? await repo.student(tx, change.student_id) : undefined;
      const refusal = student && (await this.refusal(tx, change.change_type, student, change.to_class_id));
      if (refusal) throw refusal;
    }
  }

  /**
   * Applies an approved change's effect from max(its date, `today`), under the student's row lock:
   * two changes of one student approved at once take effect one after the other, the second reading
   * what the first did (and refused, undoing its approval, when that no longer fits).
   */
  async takeEffect(tx: Tx, session: Session, id: string, today: string): Promise<void> {
    const change = await repo.change(tx, id);
    if (!change || change.state !== 'approved' || !change.effective || change.applied_on !== null) return;
    const student = (await repo.lockStudent(tx, change.student_id)) ? await repo.student(tx, change.student_id) : undefined;
    if (!student) throw refuse(ResponseCode.unprocessable, STATUS_CHANGE_TEXT.studentUnknown);
    const refusal = await this.refusal(tx, change.change_type, student, change.to_class_id);
    if (refusal) throw refusal;
    const on = change.effective_date > today ? change.effective_date : today;
    const releaseBed = change.change_type === 'suspend' || change.change_type === 'transfer_out';
    await this.moveStudent(tx, session, student.id, { on, classId: change.to_class_id, status: STATUS_AFTER[change.change_type], changeId: id, releaseBed });
    await repo.markApplied(tx, id, on);
  }

  /**
   * Locks the student's row until the transaction ends and reads them after the lock (a row lock
   * waited for re-reads only the locked row): 学籍异动's effects, graduations and hold backs of one
   * student happen one after the other. Undefined: no such student.
   */
  async lockStudent(tx: Tx, studentId: string) {
    if (!(await repo.lockStudent(tx, studentId))) return undefined;
    const student = await repo.student(tx, studentId);
    return student && { ...student, openMembership: await repo.openMembership(tx, studentId) };
  }

  /** A class's facts: kind, graduated (itself or its grade), grade level and the grade's names. */
  classFacts(tx: Tx, classId: string) {
    return repo.classOf(tx, classId);
  }

  /**
   * The one move of a student (学籍异动's effect, 毕业管理's graduation and hold back), the student's
   * row locked by the caller: the open membership ends the day before `on`, a new one opens in
   * `classId` from `on` (none: out of any class), users.org_unit_id follows, students.status becomes
   * `status`, and the bed is released from `on` when asked. Past memberships are never touched, but
   * for the one day a student who joined and left on one day keeps (closeMembership): it yields to a
   * class they enter that same day. Callers pass an `on` not before today (rosters taken stay as taken).
   */
  async moveStudent(tx: Tx, session: Session, studentId: string, move: { on: string; classId: string | null; status: string; changeId: string | null; releaseBed: boolean }): Promise<void> {
    const open = await repo.openMembership(tx, studentId);
    if (open) await repo.closeMembership(tx, open, move.on, move.changeId, session.userId, move.classId === null);
    if (move.classId) {
      const classId = move.classId;
      await repo.yieldClosedTo(tx, studentId, move.on, session.userId);
      try {
        // in a savepoint: a class filled meanwhile (migration 0033's trigger) is refused in words, the transaction usable
        await tx.transaction((savepoint) => repo.openMembershipIn(savepoint, { id: uuidv7(), studentId, classId, on: move.on, changeId: move.changeId, userId: session.userId }));
      } catch (error) {
        if (violatedConstraint(error) === CLASS_FULL_CONSTRAINT) throw refuse(ResponseCode.unprocessable, CLASS_TEXT.classFull);
        throw error;
      }
    }
    await repo.setClassAndStatus(tx, studentId, move.classId, move.status, session.userId);
    if (move.releaseBed) await this.dorms.releaseBed(tx, session, studentId, move.on);
  }

  /**
   * The sweep (status-changes.sweep.ts): every school's approved changes whose date has come, each in
   * its own transaction as its approver; one that no longer fits stays due and is counted as failed.
   */
  async applyDue(db: Database, today = schoolDate()): Promise<{ applied: number; failed: number }> {
    const tenants = await db.withGlobal((tx) => tx.execute<{ id: string }>(sql`SELECT id::text FROM tenants WHERE enabled`)).then((r) => r.rows);
    const total = { applied: 0, failed: 0 };
    for (const { id: tenantId } of tenants) {
      const due = await db.withTenant(tenantId, (tx) => repo.due(tx, today));
      for (const change of due) {
        try {
          await db.withTenant(tenantId, (tx) => this.takeEffect(tx, actingAs(tenantId, change.approver ?? ''), change.id, today));
          total.applied += 1;
        } catch {
          total.failed += 1;
        }
      }
    }
    return total;
  }
}
