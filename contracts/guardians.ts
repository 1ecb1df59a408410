import { z } from 'zod';
import { tableARequest } from './envelope';
import { EMERGENCY_ORDER_MAX, GUARDIAN_ACCOUNTS_MAX } from './guardian-rules';
import { jsonObjectInput } from './input';

/** 家庭信息 (/jcsj/jtxx): a student's guardians; the rules with their words are in guardian-rules.ts. */
export * from './guardian-rules';

const uuidOrBlank = z.union([z.uuid(), z.literal('')]);
const short = (max: number) => z.string().trim().max(max * 4).default('');

/** The list's filters: student name or number, class (the org tree: the unit and below), guardian name or phone. */
export const guardianSearch = z.object({
  keyword: z.string().trim().max(50).default(''),
  orgUnitId: uuidOrBlank.default(''),
  guardian: z.string().trim().max(50).default(''),
});
export type GuardianSearch = z.infer<typeof guardianSearch>;

/** `POST /api/guardians/list`: students (current, by class and number) with their guardians. */
export const guardianListRequest = tableARequest.omit({ search: true }).extend({ search: jsonObjectInput(guardianSearch) });
export type GuardianListRequest = z.infer<typeof guardianListRequest>;

/** `POST /api/guardians/export`: the list's search, one row per guardian of each student. */
export const guardianExportRequest = z.object({ search: jsonObjectInput(guardianSearch) });

/** `POST /api/guardians/of-student`: one student's guardians (the drawer). */
export const guardiansOfStudentRequest = z.object({ studentId: z.uuid() });

/** the fields of a guardian's form; the rules (guardianIssues) run in the service with their words */
const guardianFields = {
  name: short(30),
  relation: short(20),
  phone: short(20),
  workUnit: short(100),
  idType: short(20),
  idNumber: short(30),
  livesWith: z.boolean().default(false),
  emergencyOrder: z.number().int().nullable().default(null),
};

/**
 * `POST /api/guardians/save`: without parentId a new guardian (a person without an account) of the
 * student; with parentId and the versions read, an edit of that guardian and of their link to the student.
 */
export const guardianSaveRequest = z.object({
  studentId: z.uuid(),
  parentId: z.uuid().optional(),
  /** the person's version (users row) read, with parentId */
  version: z.number().int().optional(),
  ...guardianFields,
});
export type GuardianSaveRequest = z.infer<typeof guardianSaveRequest>;

/** `POST /api/guardians/find`: guardians of the school with this phone or ID number (to link to another child). */
export const guardianFindRequest = z.object({ phone: z.string().trim().max(20).default(''), idNumber: z.string().trim().max(30).default('') });

/** `POST /api/guardians/link`: an existing guardian becomes a guardian of one more student. */
export const guardianLinkRequest = z.object({
  studentId: z.uuid(),
  parentId: z.uuid(),
  relation: short(20),
  livesWith: z.boolean().default(false),
  emergencyOrder: z.number().int().nullable().default(null),
});
export type GuardianLinkRequest = z.infer<typeof guardianLinkRequest>;

/** `POST /api/guardians/unlink`: the guardian is no longer the student's; the person stays while linked elsewhere or holding an account. */
export const guardianUnlinkRequest = z.object({ studentId: z.uuid(), parentId: z.uuid() });

/** `POST /api/guardians/reorder`: the student's emergency contacts in order (every guardian listed is one, the others none). */
export const guardianReorderRequest = z.object({ studentId: z.uuid(), parentIds: z.array(z.uuid()).max(EMERGENCY_ORDER_MAX) });
export type GuardianReorderRequest = z.infer<typeof guardianReorderRequest>;

/** `POST /api/guardians/accounts`: parent accounts (SPEC §9) for the students' first guardians without one. */
export const guardianAccountsRequest = z.object({ studentIds: z.array(z.uuid()).min(1).max(GUARDIAN_ACCOUNTS_MAX) });

// --- answers ---

/** one guardian of one student */
export interface Guardian {
  parentId: string;
  name: string;
  /** 家庭关系 code (the screen shows the dictionary's name) */
  relation: string;
  phone: string;
  workUnit: string;
  idType: string;
  idNumber: string;
  livesWith: boolean;
  emergencyOrder: number | null;
  /** the login ('' none); hasAccount: initialised (usable) */
  account: string;
  hasAccount: boolean;
  /** the person's version (users row), for an edit */
  version: number;
  /** the other students this guardian is linked to (names) */
  otherChildren: string[];
}

export interface GuardianStudent {
  studentId: string;
  studentName: string;
  studentNo: string;
  className: string;
  classNameEn: string;
}

export interface GuardianListRow extends GuardianStudent {
  guardians: Guardian[];
}

export interface GuardianFound {
  parentId: string;
  name: string;
  phone: string;
  /** the ID number with the middle hidden */
  idNumber: string;
  children: string[];
}

/** a parent-account run: one line per student */
export interface GuardianAccountLine {
  studentName: string;
  studentNo: string;
  guardianName: string;
  account: string;
  result: 'created' | 'skipped' | 'failed';
  reason: string;
}
