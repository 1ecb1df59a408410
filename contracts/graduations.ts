import { z } from 'zod';
import { calendarDate } from './dates';
import { tableARequest } from './envelope';
import { jsonObjectInput } from './input';
import { GRADUATION_BATCH_MAX, HOLD_BACK_REASON_MAX } from './graduation-rules';

// 毕业管理 (/xjgl/bygl): the calls of the screen.
export * from './graduation-rules';

const id = z.uuid();
const idOrBlank = z.union([z.uuid(), z.literal('')]);

/** Graduates: a graduation year (none: the newest), class, name or number. */
export const graduateSearch = z.object({
  year: z.union([z.coerce.number().int().min(1900).max(2200), z.literal('')]).optional(),
  classId: idOrBlank.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type GraduateSearch = z.infer<typeof graduateSearch>;
export const graduateListRequest = tableARequest.extend({ search: jsonObjectInput(graduateSearch) });
export const graduateExportRequest = z.object({ search: jsonObjectInput(graduateSearch) });

/** Candidates: studying students of the graduating grade (class, name or number). */
export const candidateSearch = z.object({ classId: idOrBlank.optional(), keyword: z.string().trim().max(50).optional() });
export type CandidateSearch = z.infer<typeof candidateSearch>;
export const candidateListRequest = tableARequest.extend({ search: jsonObjectInput(candidateSearch) });

const studentAtVersion = z.object({ id, version: z.number().int().min(0) });
export const graduateRequest = z.object({
  students: z.array(studentAtVersion).min(1).max(GRADUATION_BATCH_MAX),
  graduatedOn: calendarDate,
  /** 同时停用学生及家长账号 */
  disableAccounts: z.boolean(),
});
export type GraduateRequest = z.infer<typeof graduateRequest>;
export const holdBackRequest = z.object({
  studentId: id,
  version: z.number().int().min(0),
  classId: id,
  heldOn: calendarDate,
  reason: z.string().trim().max(HOLD_BACK_REASON_MAX).default(''),
  /** 重新启用学生及家长账号: asked every time (no default), so a disabled login is never kept or changed unseen */
  enableAccounts: z.boolean(),
});
export type HoldBackRequest = z.infer<typeof holdBackRequest>;
export interface HoldBackResult {
  /** the hold back's record */
  id: string;
  /** accounts enabled again (the student's and their parents') */
  enabledAccounts: number;
  /** the student's own account is still disabled (the screen says so) */
  accountDisabled: boolean;
}
export const graduateAccountsRequest = z.object({ studentIds: z.array(id).min(1).max(GRADUATION_BATCH_MAX), enabled: z.boolean() });
export const graduationOptionsRequest = z.object({});

export interface ClassName {
  id: string;
  name: string;
  nameEn: string;
}

/** A student's account and their parents' (guardians with an initialised account only). */
export interface AccountState {
  /** the student's account: enabled and initialised */
  accountEnabled: boolean;
  accountReady: boolean;
  /** their parents' accounts: how many of how many are usable (enabled) */
  parentAccounts: { enabled: number; total: number };
}

export interface GraduateRow extends AccountState {
  /** the student's id */
  id: string;
  studentNo: string;
  name: string;
  gender: string;
  graduationYear: number;
  classId: string;
  className: string;
  classNameEn: string;
  graduatedOn: string;
  /** students.version (holding back carries it) */
  version: number;
  /** this year's graduates may be held back */
  mayHoldBack: boolean;
  /** the grade level of the classes a hold back may place them in */
  repeatLevel: number | null;
}

/** The print view's graduates: at most GRADUATION_PRINT_MAX rows of `total` (the view says when cut). */
export interface GraduatePrint {
  rows: GraduateRow[];
  total: number;
}

export interface CandidateRow extends AccountState {
  id: string;
  studentNo: string;
  name: string;
  gender: string;
  classId: string;
  className: string;
  classNameEn: string;
  enrolmentDate: string;
  version: number;
  repeatLevel: number | null;
}

export interface GraduationOptions {
  /** graduation years, newest first, with their graduate counts */
  years: { year: number; count: number }[];
  /** classes graduates left, per year */
  graduateClasses: (ClassName & { year: number })[];
  /** the classes of candidates now */
  candidateClasses: ClassName[];
  /** current classes with their grade level (a hold back's choices) */
  currentClasses: (ClassName & { gradeLevel: number })[];
  /** the year a graduation today counts for */
  currentYear: number;
}
