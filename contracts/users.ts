import { z } from 'zod';
import { sortedTableARequest } from './envelope';
import { jsonObjectInput, listInput } from './input';
import {
  ACCOUNT_MAX,
  EMAIL_MAX,
  GENDER_CODES,
  PARENT_PREFIX_MAX,
  PHONE_MAX,
  TEMPLATE_MAX,
  USER_NAME_MAX,
  USER_NO_MAX,
  USER_REMARK_MAX,
  USER_TYPES,
  USERS_BATCH_MAX,
} from './user-rules';

/**
 * 用户管理 (/system/user): users and accounts. Paths POST /api/users/<verb> + JSON; the list is generic
 * table A. The field rules (account, name, ID number, phone, email) are user-rules.ts `userIssues`,
 * checked by the form as typed and by the service with the same words.
 */
export * from './user-rules';

/** `POST /api/users/list` search: keyword (name, account, job / student number), userType, orgUnitId (and below), enabled, locked '1' / '0'. */
export const userSearch = z.object({
  keyword: z.string().trim().max(50).optional(),
  userType: z.enum(['', ...USER_TYPES]).optional(),
  orgUnitId: z.union([z.uuid(), z.literal('')]).optional(),
  enabled: z.enum(['', '0', '1']).optional(),
  locked: z.enum(['', '0', '1']).optional(),
  initialized: z.enum(['', '0', '1']).optional(),
});
export type UserSearch = z.infer<typeof userSearch>;
/** the columns the user list sorts by */
export const USER_SORT_FIELDS = ['name', 'username', 'userNo', 'userType', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const userListRequest = sortedTableARequest(USER_SORT_FIELDS).extend({ search: jsonObjectInput(userSearch) });
export type UserListRequest = z.infer<typeof userListRequest>;

export interface UserRow {
  id: string;
  username: string;
  name: string;
  userType: (typeof USER_TYPES)[number];
  gender: string | null;
  userNo: string;
  orgUnitId: string | null;
  orgUnitName: string;
  campusId: string | null;
  campusName: string;
  phone: string;
  email: string;
  idNumber: string;
  enabled: boolean;
  /** ISO (+08:00 shown by the client) while locked, else null */
  lockedUntil: string | null;
  accountInitializedAt: string | null;
  mustChangePassword: boolean;
  remark: string;
  /** ordinary roles (manual membership) */
  roleIds: string[];
  roleNames: string[];
  version: number;
}

export interface UserOptions {
  campuses: { id: string; name: string }[];
  /** ordinary roles of the school (roleType ordinary) */
  roles: { id: string; name: string; code: string }[];
  orgUnits: { id: string; parentId: string | null; name: string; kind: string }[];
}

const optionalText = (max: number) => z.string().trim().max(max).default('');
const uuidOrNull = z.union([z.uuid(), z.literal(''), z.null()]).optional().transform((v) => (v ? v : null));

/** `POST /api/users/save`: add (no id) or edit (id + version). */
export const userSaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().min(0).optional(),
    username: z.string().trim().max(ACCOUNT_MAX * 2),
    name: z.string().trim().max(USER_NAME_MAX),
    userType: z.enum(USER_TYPES),
    gender: z.union([z.enum(GENDER_CODES), z.literal(''), z.null()]).optional().transform((v) => (v ? v : null)),
    userNo: optionalText(USER_NO_MAX),
    orgUnitId: uuidOrNull,
    campusId: uuidOrNull,
    phone: optionalText(PHONE_MAX),
    email: optionalText(EMAIL_MAX),
    idNumber: optionalText(18),
    roleIds: z.preprocess(listInput, z.array(z.uuid()).max(50)).default([]),
    enabled: z.boolean().default(true),
    remark: optionalText(USER_REMARK_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['version'], input: undefined });
  });
export type UserSaveRequest = z.input<typeof userSaveRequest>;
export type UserSaveInput = z.output<typeof userSaveRequest>;

export const userIdsRequest = z.object({ ids: z.preprocess(listInput, z.array(z.uuid()).min(1).max(USERS_BATCH_MAX)) });
export type UserIdsRequest = z.infer<typeof userIdsRequest>;

export const userEnableRequest = z.object({ ids: z.preprocess(listInput, z.array(z.uuid()).min(1).max(USERS_BATCH_MAX)), enabled: z.boolean() });
export type UserEnableRequest = z.infer<typeof userEnableRequest>;

/** `POST /api/users/reset-password`: to the initial password (no password) or to one the admin types (checked against the school's rule). */
export const userResetPasswordRequest = z.object({ id: z.uuid(), password: z.string().max(50).optional() });
export type UserResetPasswordRequest = z.infer<typeof userResetPasswordRequest>;

/** `POST /api/users/initialize`: the ids given, or (all: true) every staff / student matching the search. */
export const userInitializeRequest = z.object({
  ids: z.preprocess(listInput, z.array(z.uuid()).max(USERS_BATCH_MAX)).default([]),
  all: z.boolean().default(false),
  search: jsonObjectInput(userSearch),
  /** also reset accounts initialised before (off by default: they are skipped) */
  includeInitialized: z.boolean().default(false),
});
export type UserInitializeRequest = z.input<typeof userInitializeRequest>;

/**
 * `POST /api/users/init-preview` (same body as initialize): how many people the run would give a
 * first account (`fresh`) and how many have one already (`initialized`: reset only with
 * includeInitialized, else skipped); parents are not counted (they follow their student). `max`:
 * USERS_INIT_MAX, the most one run takes.
 */
export interface InitPreview {
  fresh: number;
  initialized: number;
  max: number;
}

export type InitResult = 'created' | 'reset' | 'skipped' | 'failed';
export interface InitReportRow {
  name: string;
  userNo: string;
  account: string;
  /** the person's own line, or 'parent' for the parent account made / reset for a student */
  kind: 'staff' | 'student' | 'parent';
  result: InitResult;
  reason: string;
}
export interface InitReport {
  rows: InitReportRow[];
  counts: Record<InitResult, number>;
}

export interface AccountSettingsData {
  parentPrefix: string;
  studentNoTemplate: string;
  /** example next number for a boy of this year's entry at the first campus */
  preview: string;
  version: number;
}
export const accountSettingsSaveRequest = z.object({
  parentPrefix: z.string().trim().min(1).max(PARENT_PREFIX_MAX),
  studentNoTemplate: z.string().trim().min(1).max(TEMPLATE_MAX),
});
export type AccountSettingsSaveRequest = z.infer<typeof accountSettingsSaveRequest>;
