// 用户管理 (/system/user) rules without zod: the screens (and route files) and the server share them.
// SPEC §5 'Account: not empty; Chinese characters, letters, digits, underscore; user ID letters and
// underscore only; max 50', 'Names without special characters; ID number valid (18); phone … email
// formats', 'Employee number unique'; SPEC §9 initial password and the student-number template.

import { isCalendarDate } from './date-rules';

export const USERS_PERMISSION = 'system_user';
export const USERS_ADD_PERMISSION = 'system_user_add';
export const USERS_EDIT_PERMISSION = 'system_user_edit';
export const USERS_DELETE_PERMISSION = 'system_user_delete';
export const USERS_IMPORT_PERMISSION = 'system_user_import';
export const USERS_EXPORT_PERMISSION = 'system_user_export';
export const USERS_RESET_PWD_PERMISSION = 'system_user_reset_pwd';
export const USERS_INIT_PERMISSION = 'system_user_init';

/** SPEC §1 user types (1 administrator, 2 student, 3 teacher, 4 parent): contracts/system-codes.ts (route files import them from there). */
export { USER_TYPES, type UserTypeCode } from './system-codes';
export const GENDER_CODES = ['1', '2'] as const;

export const ACCOUNT_MAX = 50;
export const USER_NAME_MAX = 30;
export const USER_NO_MAX = 30;
export const PHONE_MAX = 20;
export const EMAIL_MAX = 100;
export const USER_REMARK_MAX = 300;
export const PARENT_PREFIX_MAX = 8;
export const TEMPLATE_MAX = 60;
/** ids of one bulk action (initialise / delete / enable) */
export const USERS_BATCH_MAX = 2000;
/** At most this many people per account initialisation (one request, one transaction): above it the server refuses and the screen says so. */
export const USERS_INIT_MAX = 500;
/** rows of one import file */
export const USERS_IMPORT_MAX = 2000;

/** SPEC §5 account: Chinese characters, letters, digits, underscore. */
export const ACCOUNT_PATTERN = /^[\p{Script=Han}A-Za-z0-9_]+$/u;
/**
 * SPEC §5 "user ID letters and underscore only": the user ID is the account's login code when an
 * account is typed for a person without a job / student number (no column of its own exists); the
 * rule is exported for that use and for the import template's 用户ID column (same meaning as account).
 */
export const USER_ID_PATTERN = /^[A-Za-z_]+$/;
/** names: Chinese characters, letters, digits, spaces and the name dots (·, .) or a hyphen; nothing else */
export const NAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9·.\- ]+$/u;
/** job / student numbers: letters, digits, hyphen, underscore */
export const USER_NO_PATTERN = /^[A-Za-z0-9_-]+$/;
/** mobile (11 digits starting 1), landline (area code optional, hyphen optional, extension optional) or short mobile (3-8 digits) */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|(?:0\d{2,3}-?)?\d{7,8}(?:-\d{1,6})?|\d{3,8})$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const PARENT_PREFIX_PATTERN = /^[A-Za-z0-9_]+$/;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643 check character of the first 17 digits. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/** An 18-character resident ID number: 17 digits, a real birth date, and the GB 11643 check character (x or X). */
export function isValidIdNumber(value: string): boolean {
  const text = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(text)) return false;
  if (!isCalendarDate(`${text.slice(6, 10)}-${text.slice(10, 12)}-${text.slice(12, 14)}`)) return false;
  return idCheckDigit(text) === text[17];
}

/** SPEC §9: the initial password is the last 6 characters of the ID number, in capitals. */
export const initialPasswordOf = (idNumber: string) => idNumber.trim().toUpperCase().slice(-6);

/** Issue codes of one user form; the zh / en words are USER_ISSUE_TEXT (server and form show the same). */
export type UserIssueCode =
  | 'usersAccountRequired'
  | 'usersAccountPattern'
  | 'usersAccountTooLong'
  | 'usersNameRequired'
  | 'usersNamePattern'
  | 'usersUserNoPattern'
  | 'usersPhonePattern'
  | 'usersEmailPattern'
  | 'usersIdNumberInvalid'
  | 'usersUserIdPattern';

export const USER_ISSUE_TEXT: Record<UserIssueCode, { zh: string; en: string }> = {
  usersAccountRequired: { zh: '账号不能为空', en: 'The account must not be empty' },
  usersAccountPattern: { zh: '账号只能包含中文、字母、数字和下划线', en: 'The account may hold only Chinese characters, letters, digits and underscores' },
  usersAccountTooLong: { zh: '账号最多50个字符', en: 'The account is at most 50 characters' },
  usersNameRequired: { zh: '请输入姓名', en: 'Please enter the name' },
  usersNamePattern: { zh: '姓名不能包含特殊字符', en: 'The name must not contain special characters' },
  usersUserNoPattern: { zh: '工号/学号只能包含字母、数字、短横线和下划线', en: 'The job / student number may hold only letters, digits, hyphens and underscores' },
  usersPhonePattern: { zh: '请输入正确的手机号或电话号码', en: 'Please enter a valid mobile or phone number' },
  usersEmailPattern: { zh: '请输入正确的邮箱地址', en: 'Please enter a valid email address' },
  usersIdNumberInvalid: { zh: '请输入正确的18位身份证号', en: 'Please enter a valid 18-character ID number' },
  usersUserIdPattern: { zh: '用户ID只能包含字母和下划线', en: 'The user ID may hold only letters and underscores' },
};

/** The account rule alone (SPEC §5), or null when it is fine. */
export function accountIssue(account: string): UserIssueCode | null {
  const text = account.trim();
  if (!text) return 'usersAccountRequired';
  if ([...text].length > ACCOUNT_MAX) return 'usersAccountTooLong';
  if (!ACCOUNT_PATTERN.test(text)) return 'usersAccountPattern';
  return null;
}

export interface UserRuleInput {
  username: string;
  name: string;
  userNo: string;
  phone: string;
  email: string;
  idNumber: string;
}

/** Every broken field rule of a user form (empty optional fields are fine). */
export function userIssues(input: UserRuleInput): { field: keyof UserRuleInput; code: UserIssueCode }[] {
  const issues: { field: keyof UserRuleInput; code: UserIssueCode }[] = [];
  const account = accountIssue(input.username);
  if (account) issues.push({ field: 'username', code: account });
  const name = input.name.trim();
  if (!name) issues.push({ field: 'name', code: 'usersNameRequired' });
  else if (!NAME_PATTERN.test(name)) issues.push({ field: 'name', code: 'usersNamePattern' });
  if (input.userNo.trim() && !USER_NO_PATTERN.test(input.userNo.trim())) issues.push({ field: 'userNo', code: 'usersUserNoPattern' });
  if (input.phone.trim() && !PHONE_PATTERN.test(input.phone.trim())) issues.push({ field: 'phone', code: 'usersPhonePattern' });
  if (input.email.trim() && !EMAIL_PATTERN.test(input.email.trim())) issues.push({ field: 'email', code: 'usersEmailPattern' });
  if (input.idNumber.trim() && !isValidIdNumber(input.idNumber)) issues.push({ field: 'idNumber', code: 'usersIdNumberInvalid' });
  return issues;
}

/* ------------------------------------------------------------------ student-number template */

export const DEFAULT_PARENT_PREFIX = 'P';
export const DEFAULT_STUDENT_NO_TEMPLATE = '{year}{gender}{campus}{serial:3}';

export interface TemplatePart {
  kind: 'year' | 'gender' | 'campus' | 'serial' | 'text';
  /** serial: digits; text: the literal */
  value: string | number;
}

/**
 * Parses a template: {year} (entry year, 4 digits), {gender} (1 male, 2 female), {campus} (the
 * campus number: its place in the school's campus list, 1-9), {serial:N} (N 1-6 digits, once, last)
 * and literal letters / digits. Null when it is not a valid template.
 */
export function parseStudentNoTemplate(template: string): TemplatePart[] | null {
  if (!template || template.length > TEMPLATE_MAX) return null;
  const parts: TemplatePart[] = [];
  const pattern = /\{(year|gender|campus|serial:([1-6]))\}|([A-Za-z0-9]+)/gy;
  let match: RegExpExecArray | null;
  let at = 0;
  while (at < template.length) {
    pattern.lastIndex = at;
    match = pattern.exec(template);
    if (!match) return null;
    at = pattern.lastIndex;
    if (match[3]) parts.push({ kind: 'text', value: match[3] });
    else if (match[2]) parts.push({ kind: 'serial', value: Number(match[2]) });
    else parts.push({ kind: match[1] as 'year' | 'gender' | 'campus', value: '' });
  }
  const serials = parts.filter((part) => part.kind === 'serial');
  if (serials.length !== 1 || parts[parts.length - 1].kind !== 'serial') return null;
  return parts;
}

export interface TemplateValues {
  year: number;
  gender: string;
  campus: number;
}

/** The number's prefix (everything before the serial) for these values. */
export function templatePrefix(parts: TemplatePart[], values: TemplateValues): string {
  return parts
    .filter((part) => part.kind !== 'serial')
    .map((part) => (part.kind === 'year' ? String(values.year) : part.kind === 'gender' ? values.gender : part.kind === 'campus' ? String(values.campus) : String(part.value)))
    .join('');
}

export const serialDigits = (parts: TemplatePart[]) => Number(parts.find((part) => part.kind === 'serial')!.value);

/** prefix + serial padded to the template's digits; null when the serial does not fit. */
export function studentNumberOf(parts: TemplatePart[], values: TemplateValues, serial: number): string | null {
  const digits = serialDigits(parts);
  if (serial >= 10 ** digits) return null;
  return templatePrefix(parts, values) + String(serial).padStart(digits, '0');
}
