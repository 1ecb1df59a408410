import { z } from 'zod';
import type { ApplicationEvent, ApplicationState, AuditStep } from './applications';
import { calendarDate, calendarDateOrBlank } from './dates';
import { tableARequest } from './envelope';
import { jsonObjectInput } from './input';
import { REASON_MAX, STATUS_CHANGE_ATTACHMENTS_MAX, STATUS_CHANGE_STATES, STATUS_CHANGE_TYPES, type StatusChangeState, type StatusChangeType } from './status-change-rules';

// 学籍异动 (/xjgl/xjyd): the calls of the screen. Audits go through the applications engine
// (APPLICATION_URLS.audit, .batchAudit: a status change is an application of kind 'status_change').
export * from './status-change-rules';

const id = z.uuid();

/** The search header: student (name or number), type, state, effective dates [from, to]; scope todo: waiting for my audit. */
export const statusChangeSearch = z.object({
  keyword: z.string().trim().max(50).optional(),
  changeType: z.union([z.enum(STATUS_CHANGE_TYPES), z.literal('')]).optional(),
  state: z.union([z.enum(STATUS_CHANGE_STATES), z.literal('')]).optional(),
  from: calendarDateOrBlank.optional(),
  to: calendarDateOrBlank.optional(),
  scope: z.enum(['all', 'todo']).optional(),
});
export type StatusChangeSearch = z.infer<typeof statusChangeSearch>;
export const statusChangeListRequest = tableARequest.extend({ search: jsonObjectInput(statusChangeSearch) });
export const statusChangeExportRequest = z.object({ search: jsonObjectInput(statusChangeSearch) });

export interface StatusChangeRow {
  id: string;
  studentId: string;
  studentName: string;
  studentNo: string;
  changeType: StatusChangeType;
  /** the type's effective flag when it was filed: false = a record that changes nothing */
  effective: boolean;
  fromClassName: string;
  fromClassNameEn: string;
  toClassName: string;
  toClassNameEn: string;
  effectiveDate: string;
  /** the day its effect began (null: not applied yet) */
  appliedOn: string | null;
  state: StatusChangeState;
  /** the application's audit state (auditStateOf): batch audit takes one */
  auditState: string;
  reason: string;
  submittedByName: string;
  submittedAt: string;
  /** the application's version (the audit call carries it) */
  version: number;
  /** the caller may audit it now */
  mayAudit: boolean;
}

export interface StatusChangeDetail extends StatusChangeRow {
  attachments: { resId: string; resName: string }[];
  steps: AuditStep[];
  step: number;
  applicationState: ApplicationState;
  events: ApplicationEvent[];
  /** why the caller may not audit (their own, expired), or '' */
  note: string;
  /** the caller may withdraw it (撤回: their own, pending, nobody audited yet; the applications engine's rule) */
  mayWithdraw: boolean;
}

export const statusChangeGetRequest = z.object({ id });

/** `POST /api/status-changes/student`: what the form needs of the student it names. */
export const statusChangeStudentRequest = z.object({ studentId: id });
export interface StatusChangeStudent {
  /**
   * 复学's targets by the server's rule: the current classes of the grade the student's last class is
   * in now; [] when that grade has graduated (no 复学 possible); null: no last class, any current class
   */
  resumeClassIds: string[] | null;
  /** the name of that grade (null: none, or graduated) */
  resumeGrade: { zh: string; en: string } | null;
}

/** `POST /api/status-changes/apply` (idempotent): file and submit a change (the client makes the id). */
export const statusChangeApplyRequest = z.object({
  id,
  studentId: id,
  changeType: z.enum(STATUS_CHANGE_TYPES),
  /** 插班, 复学, 转班: the class (an org unit of kind class) */
  toClassId: z.union([id, z.literal('')]).optional(),
  effectiveDate: calendarDate,
  reason: z.string().trim().min(1).max(REASON_MAX),
  attachments: z.array(id).max(STATUS_CHANGE_ATTACHMENTS_MAX).default([]),
});
export type StatusChangeApplyRequest = z.input<typeof statusChangeApplyRequest>;

export interface StatusChangeTypeRow {
  code: StatusChangeType;
  effective: boolean;
  version: number;
}
export const statusChangeTypesRequest = z.object({});
/** `POST /api/status-changes/types/save`: a type's effective flag (audit permission) */
export const statusChangeTypeSaveRequest = z.object({ code: z.enum(STATUS_CHANGE_TYPES), effective: z.boolean(), version: z.number().int().min(1) });
