import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { SETTINGS_PERMISSION } from '../../../contracts/application-settings-constants';
import { ResponseCode } from '../../../contracts/envelope';
import {
  APPLICATION_KINDS,
  type ApplicationDetail,
  applicationDetailsByKind,
  type ApplicationKind,
  type ApplicationOptions,
  type ApplicationRow,
  type ApplicationSearch,
  type ApplicationState,
  type AuditDecision,
  auditStateOf,
  type BatchAuditResult,
  cancelRefusal,
  DEFAULT_DEADLINE_DAYS,
  DEFAULT_FLOWS,
  familyOf,
  hasTimeRange,
  KIND_PERMISSIONS,
  LEAVE_TYPE_DICTS,
  leaveDays,
  PROOF_KINDS,
  STAFF_APPLICATION_KINDS,
  STUDENT_APPLICATION_KINDS,
  type TodoCount,
} from '../../../contracts/applications';
import { SUBJECT_DICT } from '../../../contracts/dict-codes';
import { UPLOAD_PROFILES } from '../../../contracts/files';
import type { TableAData } from '../../../contracts/envelope';
import type { SharedCache } from '../../db/cache-bus';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import { parseInput } from '../../plugins/validation';
import type { Session } from '../auth/session.types';
import type { DictsService } from '../dicts/dicts.service';
import type { FilesService } from '../files/files.service';
import type { MessagesService } from '../messages/messages.service';
import type { PermissionsService } from '../permissions/permissions.service';
import { ADMIN_ROLE } from '../permissions/permissions.service';
import {
  adminAuditors,
  auditedBy,
  auditKindsOf,
  auditorsOfStep,
  type Caller,
  counterpartOf,
  defaultRoleKinds,
  inAuditReach,
  mayAuditNow,
  mayAuditStep,
  ownedBy,
} from './applications.auditors';
import { notify, type RoleNames, schoolRange, schoolTime, STATE_WORDS, stepLabel } from './applications.notify';
import { type ApplicationRecord, applicationsRepository as repo, type ApplicationWrite } from './applications.repository';
import { scoreLinesOf } from './proofs.service';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
const DAY_MS = 86_400_000;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** SPEC §5: leave certificates are pictures: JPG and PNG (the upload profile leaveCertificate, contracts/files.ts) */
const ATTACHMENT_MIMES = ['image/jpeg', 'image/png'];
const CERTIFICATE_MAX_KB = UPLOAD_PROFILES.leaveCertificate.maxKB;

/** 12 random base32 characters: the proof's verification code. */
export function verifyCode(): string {
  const bytes = randomBytes(12);
  return [...bytes].map((byte) => BASE32[byte % 32]).join('');
}

/** What the 销假 rule (cancelRefusal) reads of a record. */
const cancelFacts = (record: ApplicationRecord) => ({ kind: record.kind, state: record.state, cancelState: record.cancel_state, startsAt: record.starts_at });

/** The school day (YYYY-MM-DD, +08:00) of an instant. */
const schoolDay = (at: Date) => new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

export interface SaveInput {
  id: string;
  version?: number;
  kind: ApplicationKind;
  applicantId?: string;
  leaveType: string;
  startsAt: string | null;
  endsAt: string | null;
  reason: string;
  details: Record<string, unknown>;
  attachments: string[];
  submit: boolean;
}

/** A module's effect of a final approval: the approving transaction, the approver's session, the application id. */
export type ApprovalEffect = (tx: Tx, session: Session, applicationId: string) => Promise<void>;

/** An application staff file for a student (学籍异动), already checked by the filing module. */
export interface FiledInput {
  id: string;
  kind: ApplicationKind;
  applicantId: string;
  /** the org unit its chain reads (head teacher, grade leader): the student's class, or the class they go to */
  orgUnitId: string | null;
  reason: string;
  attachments: string[];
  /** its time: after deadlineDays past `endsAt` the record becomes view-only */
  startsAt: Date;
  endsAt: Date;
}

export interface ListInput {
  currPage: number;
  limit: number;
  search: ApplicationSearch;
}

const toRow = (r: ApplicationRecord): ApplicationRow => ({
  id: r.id,
  kind: r.kind,
  applicantId: r.applicant_id,
  applicantName: r.applicant_name,
  applicantNo: r.applicant_no,
  submittedById: r.submitted_by,
  submittedByName: r.submitted_by_name,
  orgUnitName: r.org_unit_name,
  leaveType: r.leave_type,
  leaveTypeName: r.leave_type_name,
  startsAt: iso(r.starts_at),
  endsAt: iso(r.ends_at),
  days: r.starts_at && r.ends_at ? leaveDays(r.starts_at, r.ends_at) : 0,
  reason: r.reason,
  state: r.state,
  auditState: auditStateOf(r),
  step: r.step,
  steps: r.steps,
  cancelState: r.cancel_state,
  cancelledAt: iso(r.cancelled_at),
  submittedAt: iso(r.submitted_at),
  decidedAt: iso(r.decided_at),
  expired: r.expired,
  version: r.version,
});

/** What a shift swap's counterpart is told. */
const COUNTERPART_WORDS = {
  submitted: { zh: '已提交，等待审核', en: 'submitted, awaiting audit' },
  approved: { zh: '已审核通过', en: 'approved' },
  rejected: { zh: '未通过审核', en: 'rejected' },
} satisfies Record<string, Record<Lang, string>>;

/** What trailOf tells another module of one of its applications (学籍异动). */
export type ApplicationTrail = Pick<ApplicationDetail, 'events' | 'auditState' | 'step' | 'steps' | 'state' | 'note' | 'version' | 'submittedByName' | 'expired'> & {
  mayAudit: boolean;
  mayWithdraw: boolean;
};

/** The caller applied for it or filed it: they may not audit it. */
const isSelf = (caller: Caller, r: ApplicationRecord) => r.applicant_id === caller.userId || r.submitted_by === caller.userId;
/** The caller's own: applicant, filer, or a parent of the applicant (may withdraw and cancel). */
const isOwn = (caller: Caller, r: ApplicationRecord) => isSelf(caller, r) || caller.children.includes(r.applicant_id);

/**
 * Applications and their audits (contracts/applications.ts; brief 'Decisions'): list, detail,
 * options, save (draft or submit), withdraw, audit, batch audit, cancel (销假), the todo count.
 */
export class ApplicationsService {
  /** Role names per school (roles are renamed rarely): evicted with the grants when roles change. */
  private readonly roleNamesCache: SharedCache<RoleNames>;
  /** What another module does when an application of a kind is finally approved (in the approving transaction). */
  private readonly approvalEffects = new Map<ApplicationKind, ApprovalEffect>();
  /** Per kind, the permission codes whose holders read its submitted applications' attachments too (registerAttachmentReaders). */
  private readonly attachmentReaders = new Map<ApplicationKind, readonly string[]>();
  /** Kinds filed by staff about their applicant (registerFiledAbout): only the filer withdraws. */
  private readonly filedAbout = new Set<ApplicationKind>();

  constructor(
    private readonly permissions: PermissionsService,
    private readonly messages: MessagesService,
    private readonly files: FilesService,
    private readonly dicts: DictsService,
  ) {
    this.roleNamesCache = permissions.accessCache({ name: 'role-names', ttlMs: 60_000, maxEntries: 1000 });
    // an application's attachments: whoever may see the application (issue 18 B), and the readers its kind names
    files.registerOwnerKind('application', async (tx, session, id) => {
      if (session === null) return false;
      const caller = await this.caller(tx, session);
      return repo.satisfies(tx, id, sql`(${this.visibility(caller)} OR ${this.readsAttachmentsOf(caller)})`);
    });
    // the seal printed on proofs: whoever sees the seal setting (审批设置)
    files.registerOwnerKind('schoolSeal', async (tx, session) => session !== null && (await this.permissions.grantedCodes(tx, session)).has(SETTINGS_PERMISSION));
  }

  /**
   * Another module's effect of a final approval (学籍异动: server/modules/status-changes), run in the
   * approving transaction after the state changed: its refusal undoes the approval.
   */
  registerApprovalEffect(kind: ApplicationKind, effect: ApprovalEffect): void {
    this.approvalEffects.set(kind, effect);
  }

  /**
   * A kind's extra readers of attachments: holders of any of `codes` read the attachments of every
   * submitted application of the kind (学籍异动's documents: whoever sees 学生信息), beside those who
   * may see the application. Kinds that name none stay with the applicant, filer and auditors.
   */
  registerAttachmentReaders(kind: ApplicationKind, codes: readonly string[]): void {
    if (this.attachmentReaders.has(kind)) throw new Error(`attachment readers of ${kind} registered twice`);
    this.attachmentReaders.set(kind, codes);
  }

  /**
   * A kind staff file about its applicant (学籍异动: a head teacher files about a student, who is the
   * applicant): the applicant and their parents see it, but only its filer withdraws it. Kinds that do
   * not say so are withdrawn by the applicant, the filer or a parent of the applicant.
   */
  registerFiledAbout(kind: ApplicationKind): void {
    this.filedAbout.add(kind);
  }

  /** 撤回: the filer's draft, or a pending application nobody audited yet (not once view-only) that is the caller's to take back. */
  private mayWithdraw(caller: Caller, r: ApplicationRecord, audited: boolean): boolean {
    return !r.expired && (r.state === 'draft' ? r.submitted_by === caller.userId : this.withdrawRefusal(caller, r) === null && r.state === 'pending' && !audited);
  }

  /** Why the caller may not take back this application (whatever its state), or null: a draft, or one of a kind filed about its applicant, is the filer's alone. */
  private withdrawRefusal(caller: Caller, r: ApplicationRecord): MessageKey | null {
    if (r.state === 'draft') return r.submitted_by === caller.userId ? null : 'applicationsNotApplicant';
    if (this.filedAbout.has(r.kind)) return r.submitted_by === caller.userId ? null : 'applicationsOnlyFilerWithdraws';
    return isOwn(caller, r) ? null : 'applicationsNotApplicant';
  }

  /** SQL: application `a` is of a kind whose attachments the caller reads by a permission (registerAttachmentReaders), and submitted. */
  private readsAttachmentsOf(caller: Caller): SQL {
    const kinds = [...this.attachmentReaders].filter(([, codes]) => codes.some((code) => caller.codes.has(code))).map(([kind]) => kind);
    return kinds.length === 0 ? sql`false` : sql`(a.state <> 'draft' AND a.kind = ANY(${sql.param(kinds)}::text[]))`;
  }

  /** The caller's facts for the audit rule (read once per request). */
  async caller(tx: Tx, session: Session, codes?: ReadonlySet<string>): Promise<Caller> {
    const granted = codes ?? (await this.permissions.grantedCodes(tx, session));
    const facts = await repo.callerFacts(tx, session.userId);
    const roles = facts?.roles ?? [];
    const audits = roles.length > 0 && APPLICATION_KINDS.some((kind) => granted.has(KIND_PERMISSIONS[kind].audit));
    const roleKinds = audits ? [...new Set([...defaultRoleKinds(roles), ...(await repo.flowRoleKinds(tx, roles))])] : [];
    return {
      userId: session.userId,
      userType: facts?.user_type ?? '',
      admin: roles.includes(ADMIN_ROLE),
      roles,
      codes: granted,
      headClasses: facts?.head_classes ?? [],
      gradesLed: facts?.grades_led ?? [],
      gradeClasses: facts?.grade_classes ?? [],
      departmentsHeaded: facts?.departments_headed ?? [],
      children: facts?.children ?? [],
      roleKinds,
      orgUnitId: facts?.org_unit_id ?? null,
    };
  }

  private roleNames(tx: Tx, tenantId: string): Promise<RoleNames> {
    return this.roleNamesCache.load(tenantId, { tenantId }, async () => new Map((await repo.roleNames(tx)).map((role) => [role.code, { zh: role.name, en: role.name_en || role.name }])));
  }

  /** A dictionary's published entries (DictsService) as code and name in the caller's language. */
  private async dictNames(tx: Tx, dictCode: string, en: boolean): Promise<{ code: string; name: string }[]> {
    const items = (await this.dicts.dicts(tx, [dictCode]))[dictCode] ?? [];
    return items.map((item) => ({ code: item.code, name: en ? item.nameEn || item.name : item.name }));
  }

  /** Kinds whose own applications the caller may list (menu or add code). */
  private mineKinds(caller: Caller, kinds: readonly ApplicationKind[]) {
    return kinds.filter((kind) => caller.admin || caller.codes.has(KIND_PERMISSIONS[kind].menu) || caller.codes.has(KIND_PERMISSIONS[kind].add));
  }

  /** SQL: the caller may see application `a` (their own, the other side of a shift swap, or in their audit reach and submitted). */
  private visibility(caller: Caller): SQL {
    return sql`(${ownedBy(caller)} OR (a.state <> 'draft' AND (${counterpartOf(caller.userId)} OR ${inAuditReach(caller, auditKindsOf(caller, APPLICATION_KINDS))})))`;
  }

  /** The application if the caller may see it, else 40400. `lock`: FOR UPDATE. */
  async visibleOr404(tx: Tx, session: Session, id: string, lang: Lang = 'zh', lock = false): Promise<{ caller: Caller; record: ApplicationRecord }> {
    const caller = await this.caller(tx, session);
    const record = await repo.find(tx, id, lang === 'en', lock);
    if (!record || !(await repo.satisfies(tx, id, this.visibility(caller)))) throw new AppError(ResponseCode.notFound, 'applicationsNotFound');
    return { caller, record };
  }

  /* -------------------------------------------------------------- reads */

  /** `POST /api/applications/list` (table A). */
  async list(tx: Tx, session: Session, request: ListInput, lang: Lang): Promise<TableAData<ApplicationRow>> {
    const caller = await this.caller(tx, session);
    const search = request.search;
    const kinds = search.kinds && search.kinds.length > 0 ? search.kinds : [...APPLICATION_KINDS];
    const allowed = search.scope === 'mine' ? this.mineKinds(caller, kinds) : auditKindsOf(caller, kinds);
    if (allowed.length === 0) throw new AppError(ResponseCode.forbidden, 'applicationsNoPermission');
    const where: SQL[] = [sql`a.kind = ANY(${sql.param(allowed)}::text[])`];
    if (search.scope === 'mine') where.push(ownedBy(caller));
    if (search.scope === 'todo') where.push(mayAuditNow(caller, allowed));
    if (search.scope === 'done') where.push(sql`a.state <> 'draft'`, auditedBy(caller.userId));
    if (search.scope === 'all') where.push(sql`a.state <> 'draft'`, inAuditReach(caller, allowed));
    where.push(...repo.searchFilters(search));
    const condition = sql.join(where, sql` AND `);
    const offset = request.currPage * request.limit;
    const rows = await repo.page(tx, condition, offset, request.limit, lang === 'en');
    const total = rows[0]?.total ?? (offset > 0 ? await repo.count(tx, condition) : 0);
    return { total, rows: rows.map(toRow) };
  }

  /** `POST /api/applications/get`: the detail, with what the caller may do. */
  async get(tx: Tx, session: Session, id: string, lang: Lang): Promise<ApplicationDetail> {
    const { caller, record } = await this.visibleOr404(tx, session, id, lang);
    return this.detail(tx, caller, record, lang);
  }

  private async detail(tx: Tx, caller: Caller, record: ApplicationRecord, lang: Lang): Promise<ApplicationDetail> {
    const [events, files, audited, reach] = [
      await repo.events(tx, record.id),
      await this.files.getFiles(tx, record.attachments),
      await repo.audited(tx, record.id),
      await repo.satisfies(tx, record.id, inAuditReach(caller, auditKindsOf(caller, [record.kind]))),
    ];
    const names = new Map(files.map((file) => [file.resId, file.resName]));
    const live = !record.expired;
    const self = isSelf(caller, record);
    const turn = record.state === 'pending' && mayAuditStep(caller, { kind: record.kind, orgUnitId: record.org_unit_id, orgParentId: record.org_parent_id }, record.steps[record.step]);
    const can = {
      audit: live && turn && !self,
      withdraw: this.mayWithdraw(caller, record, audited),
      cancel: live && cancelRefusal(cancelFacts(record), new Date()) === null && (isOwn(caller, record) || reach),
      edit: live && record.state === 'draft' && record.submitted_by === caller.userId,
      proof: record.state === 'approved' && PROOF_KINDS.includes(record.kind),
    };
    let note = '';
    if (record.expired) note = translate(lang, 'applicationsRecordExpired');
    else if (turn && self) note = translate(lang, 'applicationsCannotAuditSelf');
    return {
      ...toRow(record),
      details: record.details,
      attachments: record.attachments.map((resId) => ({ resId, resName: names.get(resId) ?? '' })),
      events: events.map((event) => ({
        id: event.id,
        action: event.action,
        step: event.step,
        actorId: event.actor_id,
        actorName: event.actor_name,
        opinion: event.opinion,
        at: iso(event.at)!,
      })),
      deadlineAt: iso(record.deadline_at),
      can,
      note,
    };
  }

  /** `POST /api/applications/options`: the choices of a family's forms. */
  async options(tx: Tx, session: Session, family: 'student' | 'staff', lang: Lang): Promise<ApplicationOptions> {
    const en = lang === 'en';
    const blocked = await repo.blockedPeriods(tx, new Date(`${schoolDay(new Date())}T00:00:00+08:00`));
    const familyKinds: readonly ApplicationKind[] = family === 'student' ? STUDENT_APPLICATION_KINDS : STAFF_APPLICATION_KINDS;
    // the family's choices (children, colleagues…) only for those who apply for or audit one of its kinds
    const codes = await this.permissions.grantedCodes(tx, session);
    if (!familyKinds.some((kind) => codes.has(KIND_PERMISSIONS[kind].add) || codes.has(KIND_PERMISSIONS[kind].audit))) {
      throw new AppError(ResponseCode.forbidden, 'applicationsNoPermission');
    }
    const result: ApplicationOptions = {
      students: [],
      leaveTypes: {},
      classes: [],
      colleagues: [],
      batches: [],
      blockedPeriods: blocked
        .filter((period) => period.kinds.some((kind) => familyKinds.includes(kind)))
        .map((period) => ({ id: period.id, name: period.name, startsAt: iso(period.starts_at)!, endsAt: iso(period.ends_at)!, kinds: period.kinds, version: period.version })),
    };
    for (const kind of familyKinds) {
      const dict = LEAVE_TYPE_DICTS[kind];
      if (dict) result.leaveTypes[kind] = await this.dictNames(tx, dict, en);
    }
    if (family === 'student') {
      const students = await repo.studentsOf(tx, session.userId, en);
      result.students = students.map((s) => ({ id: s.id, name: s.name, className: s.class_name }));
      const grades = [...new Set(students.flatMap((s) => (s.grade_id ? [s.grade_id] : [])))];
      if (grades.length > 0) {
        const batches = await repo.publishedBatchesOfGrades(tx, grades);
        result.batches = students.flatMap((s) => batches.filter((b) => s.grade_id && b.grade_ids.includes(s.grade_id)).map((b) => ({ studentId: s.id, id: b.id, name: b.name })));
      }
    } else {
      const subjects = new Map((await this.dictNames(tx, SUBJECT_DICT, en)).map((item) => [item.code, item.name]));
      result.classes = (await repo.classesTaught(tx, session.userId, en)).map((c) => ({
        id: c.id,
        name: c.name,
        subjects: c.subjects.map((code) => ({ code, name: subjects.get(code) ?? code })),
      }));
      result.colleagues = (await repo.colleagues(tx, session.userId, en)).map((c) => ({ id: c.id, name: c.name, departmentName: c.department_name }));
    }
    return result;
  }

  /** `POST /api/applications/todo-count`: waiting for the caller's audit, by kind. */
  async todoCount(tx: Tx, session: Session): Promise<TodoCount> {
    // most callers (parents, students) audit nothing: answer before reading their facts
    const codes = await this.permissions.grantedCodes(tx, session);
    if (!APPLICATION_KINDS.some((kind) => codes.has(KIND_PERMISSIONS[kind].audit))) return { total: 0, byKind: {} };
    const caller = await this.caller(tx, session, codes);
    const kinds = auditKindsOf(caller, APPLICATION_KINDS);
    if (kinds.length === 0) return { total: 0, byKind: {} };
    const counts = await repo.countByKind(tx, mayAuditNow(caller, kinds));
    const byKind: TodoCount['byKind'] = {};
    for (const row of counts) byKind[row.kind] = row.n;
    return { total: counts.reduce((sum, row) => sum + row.n, 0), byKind };
  }

  /**
   * The dashboard's 待审批的申请 (server/modules/dashboard): submitted, undecided applications in the
   * caller's audit reach, by kind (every one for administrators): what each screen lists under
   * 全部 with the state 审核中. 40300 for a caller who audits no kind.
   */
  async pendingCount(tx: Tx, session: Session): Promise<TodoCount> {
    const caller = await this.caller(tx, session);
    const kinds = auditKindsOf(caller, APPLICATION_KINDS);
    if (kinds.length === 0) throw new AppError(ResponseCode.forbidden, 'applicationsNoPermission');
    const counts = await repo.countByKind(tx, sql`a.state = 'pending' AND ${inAuditReach(caller, kinds)}`);
    const byKind: TodoCount['byKind'] = {};
    for (const row of counts) byKind[row.kind] = row.n;
    return { total: counts.reduce((sum, row) => sum + row.n, 0), byKind };
  }

  /* -------------------------------------------------------------- writes */

  private async conflict(tx: Tx, caller: Caller, id: string, lang: Lang): Promise<AppError> {
    const current = await repo.find(tx, id, lang === 'en');
    return new AppError(ResponseCode.conflict, 'applicationsChangedMeanwhile', {}, current ? await this.detail(tx, caller, current, lang) : null);
  }

  /** `POST /api/applications/save` (idempotent): create or change a draft; `submit` sends it to its first auditor. */
  async save(tx: Tx, session: Session, input: SaveInput, lang: Lang): Promise<ApplicationDetail> {
    const caller = await this.caller(tx, session);
    const kind = input.kind;
    if (!caller.admin && !caller.codes.has(KIND_PERMISSIONS[kind].add)) throw new AppError(ResponseCode.forbidden, 'applicationsNoPermission');
    // a draft may lack kind fields (filled in later); a submission needs them all
    const schema = applicationDetailsByKind[kind];
    const details = parseInput(input.submit ? schema : schema.partial(), input.details) as Record<string, unknown>;
    const existing = await repo.find(tx, input.id, lang === 'en', true);
    if (existing) {
      if (existing.submitted_by !== caller.userId || existing.kind !== kind) throw new AppError(ResponseCode.notFound, 'applicationsNotFound');
      if (existing.state !== 'draft') throw new AppError(ResponseCode.unprocessable, 'applicationsNotDraft');
      if (input.version !== existing.version) throw await this.conflict(tx, caller, existing.id, lang);
    }

    // whom it is for, and the org unit it is filed under
    let applicantId: string;
    let orgUnitId: string | null;
    if (familyOf(kind) === 'student') {
      const target = input.applicantId ?? (caller.userType === '2' ? caller.userId : undefined);
      const student = target ? await repo.user(tx, target) : undefined;
      const mayApply = target !== undefined && (target === caller.userId ? caller.userType === '2' : await repo.isParentOf(tx, caller.userId, target));
      if (!student || student.user_type !== '2' || !student.enabled || !mayApply) throw new AppError(ResponseCode.forbidden, 'applicationsNotYourStudent');
      applicantId = student.id;
      orgUnitId = student.org_unit_id;
    } else {
      if (input.applicantId && input.applicantId !== caller.userId) throw new AppError(ResponseCode.forbidden, 'applicationsNotApplicant');
      applicantId = caller.userId;
      orgUnitId = caller.orgUnitId;
      if (kind === 'staff_makeup' && typeof details.classId === 'string') {
        const classId = details.classId;
        if (!(await repo.teaches(tx, caller.userId, classId))) throw new AppError(ResponseCode.forbidden, 'applicationsNotYourClass');
        orgUnitId = classId;
      }
      if (kind === 'staff_shift' && typeof details.counterpartId === 'string') {
        const counterpart = await repo.user(tx, details.counterpartId);
        if (!counterpart || counterpart.id === caller.userId || !['1', '3'].includes(counterpart.user_type) || !counterpart.enabled) {
          throw new AppError(ResponseCode.invalidInput, 'applicationsCounterpartInvalid');
        }
      }
      if (kind === 'staff_shift' && details.swapStartsAt && details.swapEndsAt && new Date(details.swapStartsAt as string) >= new Date(details.swapEndsAt as string)) {
        throw new AppError(ResponseCode.invalidInput, 'applicationsStartBeforeEnd');
      }
    }

    const dict = LEAVE_TYPE_DICTS[kind];
    const leaveType = dict ? input.leaveType : '';
    if (dict && (input.submit || leaveType) && !(await this.dictNames(tx, dict, false)).some((item) => item.code === leaveType)) throw new AppError(ResponseCode.invalidInput, 'applicationsLeaveTypeUnknown');

    let startsAt: Date | null = null;
    let endsAt: Date | null = null;
    if (hasTimeRange(kind)) {
      startsAt = input.startsAt ? new Date(input.startsAt) : null;
      endsAt = input.endsAt ? new Date(input.endsAt) : null;
      if (input.submit && (!startsAt || !endsAt)) throw new AppError(ResponseCode.invalidInput, 'applicationsTimeRequired');
      if (startsAt && endsAt && startsAt >= endsAt) throw new AppError(ResponseCode.invalidInput, 'applicationsStartBeforeEnd');
    }
    if (kind === 'score_proof' && Array.isArray(details.batchIds)) {
      const batchIds = [...new Set(details.batchIds as string[])];
      if ((await repo.publishedBatches(tx, batchIds, orgUnitId)) !== batchIds.length) throw new AppError(ResponseCode.invalidInput, 'applicationsBatchNotPublished');
    }
    const attachments = [...new Set(input.attachments)];
    if (attachments.length > 0) {
      const files = await repo.files(tx, attachments);
      const previous = new Set(existing?.attachments ?? []);
      const ok = attachments.every((fileId) =>
        files.some((file) => file.id === fileId && (file.owner_id === caller.userId || previous.has(fileId)) && ATTACHMENT_MIMES.includes(file.mime)),
      );
      if (!ok) throw new AppError(ResponseCode.invalidInput, 'applicationsAttachmentNotYours');
      if (files.some((file) => file.size > CERTIFICATE_MAX_KB * 1024)) throw new AppError(ResponseCode.invalidInput, 'applicationsAttachmentTooLarge', { size: CERTIFICATE_MAX_KB / 1024 });
      await this.files.claim(tx, { kind: 'application', recordId: input.id, saverId: caller.userId }, attachments);
    }

    const now = new Date();
    const days = startsAt && endsAt ? leaveDays(startsAt, endsAt) : 0;
    let steps: ApplicationWrite['steps'] = [];
    let deadlineAt: Date | null = null;
    if (input.submit) {
      const flow = await repo.chooseFlow(tx, kind, leaveType, days);
      steps = flow?.steps ?? DEFAULT_FLOWS[kind];
      const deadlineDays = flow?.deadline_days ?? DEFAULT_DEADLINE_DAYS;
      deadlineAt = new Date((endsAt ?? now).getTime() + deadlineDays * DAY_MS);
      // it would be view-only (expired) the moment it is filed: nobody could audit or withdraw it
      if (deadlineAt <= now) throw new AppError(ResponseCode.unprocessable, 'applicationsTooLate', { days: deadlineDays });
      if (startsAt && endsAt) {
        // one submission of this applicant and kind at a time: two at once cannot both pass the overlap check
        await repo.lockApplicant(tx, session.tenantId, applicantId, kind);
        const overlap = await repo.overlapping(tx, { id: input.id, kind, applicantId, startsAt, endsAt });
        if (overlap) throw new AppError(ResponseCode.unprocessable, 'applicationsOverlapping', { range: schoolRange(overlap.starts_at, overlap.ends_at) });
        const ranges: [Date, Date][] = [[startsAt, endsAt]];
        // the swapped duty is a selected time range too (SPEC §5)
        if (kind === 'staff_shift') ranges.push([new Date(details.swapStartsAt as string), new Date(details.swapEndsAt as string)]);
        for (const [from, to] of ranges) {
          const blocked = await repo.blockedHit(tx, kind, from, to);
          if (blocked) throw new AppError(ResponseCode.unprocessable, 'applicationsPeriodBlocked', { name: blocked.name, range: schoolRange(blocked.starts_at, blocked.ends_at) });
        }
      }
    }
    const write: ApplicationWrite = {
      tenantId: session.tenantId,
      id: input.id,
      kind,
      applicantId,
      submittedBy: caller.userId,
      orgUnitId,
      leaveType,
      startsAt,
      endsAt,
      days,
      reason: input.reason,
      details,
      attachments,
      state: input.submit ? 'pending' : 'draft',
      steps,
      submittedAt: input.submit ? now : null,
      deadlineAt,
      semesterId: await repo.semesterOf(tx, schoolDay(startsAt ?? now)),
      userId: caller.userId,
    };
    if (existing) {
      if (!(await repo.updateDraft(tx, write, existing.version))) throw await this.conflict(tx, caller, existing.id, lang);
    } else {
      // the same new id sent twice at once without an Idempotency-Key: the second is told, with the
      // record when it may see it (the insert runs in a savepoint, so the transaction can still read)
      const duplicate = await uniquely(
        () => tx.transaction((savepoint) => repo.insert(savepoint, write)).then(() => false),
        () => new AppError(ResponseCode.conflict, 'applicationsChangedMeanwhile'),
      ).catch((error: unknown) => {
        if (error instanceof AppError) return true;
        throw error;
      });
      if (duplicate) {
        const current = await repo.find(tx, input.id, lang === 'en');
        const visible = current && (await repo.satisfies(tx, current.id, this.visibility(caller)));
        throw new AppError(ResponseCode.conflict, 'applicationsChangedMeanwhile', {}, visible ? await this.detail(tx, caller, current, lang) : null);
      }
    }
    const saved = (await repo.find(tx, input.id, lang === 'en'))!;
    if (input.submit) {
      await repo.addEvent(tx, { tenantId: session.tenantId, id: uuidv7(), applicationId: saved.id, action: 'submit', step: null, actorId: caller.userId, opinion: '' });
      const roles = await this.roleNames(tx, session.tenantId);
      await notify(tx, this.messages, session.tenantId, caller.userId, saved, { key: 'applicationSubmitted', params: (l) => ({ step: stepLabel(steps[0], roles, l) }) }, await this.people(tx, saved));
      await this.tellAuditors(tx, session.tenantId, caller.userId, saved, 0);
      await this.tellCounterpart(tx, session.tenantId, caller.userId, saved, COUNTERPART_WORDS.submitted);
    }
    return this.detail(tx, caller, saved, lang);
  }

  /**
   * Files and submits an application of `kind` for a student on the caller's behalf (学籍异动: the
   * status-changes module checked the student, the fields and the attachments, and claims the files
   * for the 'application' owner kind): the chain chosen as save chooses it, the submit event, the messages.
   */
  async fileFor(tx: Tx, session: Session, input: FiledInput): Promise<void> {
    const caller = await this.caller(tx, session);
    if (!caller.admin && !caller.codes.has(KIND_PERMISSIONS[input.kind].add)) throw new AppError(ResponseCode.forbidden, 'applicationsNoPermission');
    const flow = await repo.chooseFlow(tx, input.kind, '', 0);
    const steps = flow?.steps ?? DEFAULT_FLOWS[input.kind];
    const deadlineAt = new Date(input.endsAt.getTime() + (flow?.deadline_days ?? DEFAULT_DEADLINE_DAYS) * DAY_MS);
    const now = new Date();
    await repo.insert(tx, {
      tenantId: session.tenantId,
      id: input.id,
      kind: input.kind,
      applicantId: input.applicantId,
      submittedBy: caller.userId,
      orgUnitId: input.orgUnitId,
      leaveType: '',
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      days: 0,
      reason: input.reason,
      details: {},
      attachments: input.attachments,
      state: 'pending',
      steps,
      submittedAt: now,
      deadlineAt,
      semesterId: await repo.semesterOf(tx, schoolDay(input.startsAt)),
      userId: caller.userId,
    });
    const saved = (await repo.find(tx, input.id))!;
    await repo.addEvent(tx, { tenantId: session.tenantId, id: uuidv7(), applicationId: saved.id, action: 'submit', step: null, actorId: caller.userId, opinion: '' });
    const roles = await this.roleNames(tx, session.tenantId);
    await notify(tx, this.messages, session.tenantId, caller.userId, saved, { key: 'applicationSubmitted', params: (l) => ({ step: stepLabel(steps[0], roles, l) }) }, await this.people(tx, saved));
    await this.tellAuditors(tx, session.tenantId, caller.userId, saved, 0);
  }

  /** SQL predicate on an application `a` of `kind`: the caller may audit it now (their todo), for a module listing its own kind. */
  async auditableNow(tx: Tx, session: Session, kind: ApplicationKind): Promise<SQL> {
    const caller = await this.caller(tx, session);
    return mayAuditNow(caller, auditKindsOf(caller, [kind]));
  }

  /**
   * The audit side of applications another module lists itself (学籍异动): by id, without this
   * module's visibility rule (the caller's module checked its own): the trail, the audit state,
   * whether the caller may audit it now (and why not) and whether they may withdraw it (the engine's 撤回).
   */
  async trailOf(tx: Tx, session: Session, ids: readonly string[], lang: Lang): Promise<Map<string, ApplicationTrail>> {
    const caller = await this.caller(tx, session);
    const result = new Map<string, ApplicationTrail>();
    for (const id of ids) {
      const record = await repo.find(tx, id, lang === 'en');
      if (!record) continue;
      const self = isSelf(caller, record);
      const turn = record.state === 'pending' && mayAuditStep(caller, { kind: record.kind, orgUnitId: record.org_unit_id, orgParentId: record.org_parent_id }, record.steps[record.step]);
      const events = await repo.events(tx, record.id);
      result.set(record.id, {
        events: events.map((event) => ({ id: event.id, action: event.action, step: event.step, actorId: event.actor_id, actorName: event.actor_name, opinion: event.opinion, at: iso(event.at)! })),
        auditState: auditStateOf(record),
        step: record.step,
        steps: record.steps,
        state: record.state,
        version: record.version,
        submittedByName: record.submitted_by_name,
        expired: record.expired,
        mayAudit: !record.expired && turn && !self,
        mayWithdraw: this.mayWithdraw(caller, record, events.some((event) => event.action === 'pass' || event.action === 'reject')),
        note: record.expired ? translate(lang, 'applicationsRecordExpired') : turn && self ? translate(lang, 'applicationsCannotAuditSelf') : '',
      });
    }
    return result;
  }

  /** The applicant, the filer and (student kinds) the student's parents. */
  private async people(tx: Tx, record: ApplicationRecord): Promise<string[]> {
    const parents = familyOf(record.kind) === 'student' ? await repo.parentsOf(tx, record.applicant_id) : [];
    return [record.applicant_id, record.submitted_by, ...parents];
  }

  /**
   * Who audits `step`, not the applicant or filer; when nobody is left (a head teacher's make-up in
   * their own class, a department head's own leave, a class without a head teacher…), the enabled
   * administrators holding the kind's audit code, who may audit any step.
   */
  private async auditorsOf(tx: Tx, record: ApplicationRecord, step: number): Promise<string[]> {
    const auditStep = record.steps[step];
    if (!auditStep) return [];
    const others = (ids: string[]) => ids.filter((userId) => userId !== record.applicant_id && userId !== record.submitted_by);
    const auditors = others(await repo.userIds(tx, auditorsOfStep(record.kind, record.org_unit_id, auditStep)));
    return auditors.length > 0 ? auditors : others(await repo.userIds(tx, adminAuditors(record.kind)));
  }

  /** Tells the auditors of `step` that the application waits for them. */
  private async tellAuditors(tx: Tx, tenantId: string, senderId: string, record: ApplicationRecord, step: number) {
    await notify(tx, this.messages, tenantId, senderId, record, { key: 'applicationToAudit' }, await this.auditorsOf(tx, record, step), true);
  }

  /** A shift swap's other side is told at submit and at the decision. */
  private async tellCounterpart(tx: Tx, tenantId: string, senderId: string, record: ApplicationRecord, status: Record<Lang, string>) {
    const counterpartId = record.kind === 'staff_shift' ? record.details.counterpartId : undefined;
    if (typeof counterpartId !== 'string') return;
    const swap = schoolRange(new Date(record.details.swapStartsAt as string), new Date(record.details.swapEndsAt as string));
    await notify(tx, this.messages, tenantId, senderId, record, { key: 'applicationShiftCounterpart', params: (l) => ({ status: status[l], range: swap }) }, [counterpartId], true);
  }

  /**
   * `POST /api/applications/withdraw`: the filer takes back a draft; the applicant, the filer or a
   * parent of the applicant an application nobody audited yet (its auditors are told); of a kind filed
   * about its applicant (registerFiledAbout), the filer alone.
   */
  async withdraw(tx: Tx, session: Session, input: { id: string; version: number }, lang: Lang): Promise<ApplicationDetail> {
    const { caller, record } = await this.visibleOr404(tx, session, input.id, lang, true);
    const refusal = this.withdrawRefusal(caller, record);
    if (refusal) throw new AppError(ResponseCode.forbidden, refusal);
    if (record.version !== input.version) throw await this.conflict(tx, caller, record.id, lang);
    if (record.expired) throw new AppError(ResponseCode.unprocessable, 'applicationsRecordExpired');
    if (!(record.state === 'draft' || (record.state === 'pending' && !(await repo.audited(tx, record.id))))) {
      throw new AppError(ResponseCode.unprocessable, 'applicationsNotWithdrawable');
    }
    await repo.transition(tx, record.id, record.version, caller.userId, { state: 'withdrawn' });
    await repo.addEvent(tx, { tenantId: session.tenantId, id: uuidv7(), applicationId: record.id, action: 'withdraw', step: null, actorId: caller.userId, opinion: '' });
    if (record.state === 'pending') {
      const told = (await this.auditorsOf(tx, record, record.step)).filter((userId) => userId !== caller.userId);
      await notify(tx, this.messages, session.tenantId, caller.userId, record, { key: 'applicationWithdrawn' }, told, true);
    }
    return this.detail(tx, caller, (await repo.find(tx, record.id, lang === 'en'))!, lang);
  }

  /** `POST /api/applications/audit` (idempotent; outbox): pass or reject the step it waits at. */
  async audit(tx: Tx, session: Session, input: { id: string; version: number; decision: AuditDecision; opinion: string }, lang: Lang): Promise<ApplicationDetail> {
    const { caller, record } = await this.visibleOr404(tx, session, input.id, lang, true);
    await this.auditOne(tx, session, caller, record, input.version, input.decision, input.opinion, lang);
    return this.detail(tx, caller, (await repo.find(tx, record.id, lang === 'en'))!, lang);
  }

  private async auditOne(tx: Tx, session: Session, caller: Caller, record: ApplicationRecord, version: number, decision: AuditDecision, opinion: string, lang: Lang) {
    if (record.version !== version) throw await this.conflict(tx, caller, record.id, lang);
    if (record.state !== 'pending') {
      const state: ApplicationState = record.state;
      throw new AppError(ResponseCode.unprocessable, (l) => translate(l, 'applicationsNotPending', { state: STATE_WORDS[state][l] }));
    }
    if (record.expired) throw new AppError(ResponseCode.unprocessable, 'applicationsRecordExpired');
    if (isSelf(caller, record)) throw new AppError(ResponseCode.forbidden, 'applicationsCannotAuditSelf');
    const step = record.steps[record.step];
    if (!mayAuditStep(caller, { kind: record.kind, orgUnitId: record.org_unit_id, orgParentId: record.org_parent_id }, step)) {
      throw new AppError(ResponseCode.forbidden, 'applicationsNotYourTurn');
    }
    const last = record.step + 1 >= record.steps.length;
    const change =
      decision === 'reject'
        ? { state: 'rejected' as const, decided: true }
        : last
          ? { state: 'approved' as const, decided: true, ...(PROOF_KINDS.includes(record.kind) ? { verifyCode: verifyCode() } : {}) }
          : { step: record.step + 1 };
    // a score proof prints the scores as they are at approval (frozen into details.printed), whenever it is printed
    if (decision === 'pass' && last && record.kind === 'score_proof') {
      Object.assign(change, { details: { ...record.details, printed: await scoreLinesOf(tx, this.dicts, record.applicant_id, record.details) } });
    }
    if (!(await repo.transition(tx, record.id, record.version, caller.userId, change))) throw await this.conflict(tx, caller, record.id, lang);
    await repo.addEvent(tx, { tenantId: session.tenantId, id: uuidv7(), applicationId: record.id, action: decision, step: record.step, actorId: caller.userId, opinion });
    if (decision === 'pass' && last) await this.approvalEffects.get(record.kind)?.(tx, session, record.id);
    const roles = await this.roleNames(tx, session.tenantId);
    const people = await this.people(tx, record);
    if (decision === 'reject') {
      await notify(tx, this.messages, session.tenantId, caller.userId, record, { key: 'applicationRejected', params: (l) => ({ opinion: opinion || (l === 'zh' ? '无' : 'none') }) }, people);
      await this.tellCounterpart(tx, session.tenantId, caller.userId, record, COUNTERPART_WORDS.rejected);
    } else if (last) {
      await notify(tx, this.messages, session.tenantId, caller.userId, record, { key: 'applicationApproved' }, people);
      await this.tellCounterpart(tx, session.tenantId, caller.userId, record, COUNTERPART_WORDS.approved);
    } else {
      await notify(tx, this.messages, session.tenantId, caller.userId, record, { key: 'applicationPassed', params: (l) => ({ step: stepLabel(step, roles, l) }) }, people);
      await this.tellAuditors(tx, session.tenantId, caller.userId, record, record.step + 1);
    }
  }

  /** `POST /api/applications/batch-audit`: all visible and in one audit state; each audited as one; any failure undoes all. */
  async batchAudit(tx: Tx, session: Session, input: { ids: string[]; decision: AuditDecision; opinion: string; auditState?: string }, lang: Lang): Promise<BatchAuditResult> {
    const caller = await this.caller(tx, session);
    const ids = [...new Set(input.ids)];
    const records = await repo.findMany(tx, ids, this.visibility(caller), lang === 'en');
    if (records.length !== ids.length) throw new AppError(ResponseCode.notFound, 'applicationsNotFound');
    // the state the user selected in: one moved on meanwhile (e.g. passed by its head teacher) → they see it first
    if (input.auditState !== undefined && records.some((record) => auditStateOf(record) !== input.auditState)) {
      throw new AppError(ResponseCode.conflict, 'applicationsChangedMeanwhile', {}, records.map(toRow));
    }
    if (new Set(records.map((record) => auditStateOf(record))).size > 1) throw new AppError(ResponseCode.unprocessable, 'applicationsNotSameAuditState');
    for (const record of records) {
      try {
        await this.auditOne(tx, session, caller, record, record.version, input.decision, input.opinion, lang);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(error.code, (l) => translate(l, 'applicationsBatchItemFailed', { applicant: record.applicant_name, message: error.messageIn(l) }));
      }
    }
    return { count: records.length };
  }

  /** `POST /api/applications/cancel` (销假): approved leave, the return time inside it. */
  async cancel(tx: Tx, session: Session, input: { id: string; version: number; cancelledAt: string; reason: string }, lang: Lang): Promise<ApplicationDetail> {
    const { caller, record } = await this.visibleOr404(tx, session, input.id, lang, true);
    if (record.version !== input.version) throw await this.conflict(tx, caller, record.id, lang);
    if (record.expired) throw new AppError(ResponseCode.unprocessable, 'applicationsRecordExpired');
    const refusal = cancelRefusal(cancelFacts(record), new Date());
    if (refusal === 'notCancellable') throw new AppError(ResponseCode.unprocessable, 'applicationsNotCancellable');
    if (refusal === 'notStarted') throw new AppError(ResponseCode.unprocessable, 'applicationsCancelNotStarted', { at: schoolTime(record.starts_at ?? new Date()) });
    if (!isOwn(caller, record) && !(await repo.satisfies(tx, record.id, inAuditReach(caller, auditKindsOf(caller, [record.kind]))))) {
      throw new AppError(ResponseCode.forbidden, 'applicationsNoPermission');
    }
    const at = new Date(input.cancelledAt);
    // inside the original leave, ends included (SPEC §5); a return at the very start means the leave
    // was not taken, and the roll counts no zero-length leave (leave.repository)
    if (!record.starts_at || !record.ends_at || at < record.starts_at || at > record.ends_at) {
      throw new AppError(ResponseCode.unprocessable, 'applicationsCancelOutsideLeave', { range: schoolRange(record.starts_at, record.ends_at) });
    }
    if (!(await repo.transition(tx, record.id, record.version, caller.userId, { cancelledAt: at }))) throw await this.conflict(tx, caller, record.id, lang);
    await repo.addEvent(tx, { tenantId: session.tenantId, id: uuidv7(), applicationId: record.id, action: 'cancel', step: null, actorId: caller.userId, opinion: input.reason });
    const auditors = (await repo.events(tx, record.id)).filter((event) => event.action === 'pass').map((event) => event.actor_id);
    await notify(tx, this.messages, session.tenantId, caller.userId, record, { key: 'applicationCancelled', params: () => ({ at: schoolTime(at) }) }, [
      ...(await this.people(tx, record)),
      ...auditors,
    ]);
    return this.detail(tx, caller, (await repo.find(tx, record.id, lang === 'en'))!, lang);
  }
}
