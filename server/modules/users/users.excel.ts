import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ResponseCode } from '../../../contracts/envelope';
import { type InitReportRow, USER_ISSUE_TEXT, userIssues, type UserRow, type UserSaveInput, USERS_IMPORT_MAX } from '../../../contracts/users';
import type { Tx } from '../../db/client';
import { type Lang, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import { xlsxReply } from '../../kit/xlsx';
import { RawReply, type Staged } from '../../plugins/define-route';
import type { Services } from '../../services';
import type { Session } from '../auth/session.types';
import { userAdminRepository } from './users.repository';
import { receiveImportFile } from '../../kit/import-upload';


const TITLES = {
  zh: {
    users: '用户',
    name: '姓名',
    username: '账号',
    userType: '用户类型',
    gender: '性别',
    userNo: '工号/学号',
    orgUnitName: '组织机构',
    campusName: '校区',
    phone: '手机号',
    email: '邮箱',
    roleNames: '角色',
    enabled: '状态',
    initialized: '账号初始化',
    remark: '备注',
    report: '账号初始化结果',
    kind: '类别',
    result: '结果',
    reason: '原因',
  },
  en: {
    users: 'Users',
    name: 'Name',
    username: 'Account',
    userType: 'User type',
    gender: 'Gender',
    userNo: 'Job / student number',
    orgUnitName: 'Organisation',
    campusName: 'Campus',
    phone: 'Phone',
    email: 'Email',
    roleNames: 'Roles',
    enabled: 'State',
    initialized: 'Account initialised',
    remark: 'Remark',
    report: 'Account initialisation',
    kind: 'Kind',
    result: 'Result',
    reason: 'Reason',
  },
} as const;

const WORDS = {
  zh: {
    userType: { '1': '管理员', '2': '学生', '3': '教师', '4': '家长' },
    gender: { '1': '男', '2': '女' },
    enabled: '启用',
    disabled: '停用',
    yes: '已初始化',
    no: '未初始化',
    kind: { staff: '教职工', student: '学生', parent: '家长' },
    result: { created: '已创建', reset: '已重置', skipped: '已跳过', failed: '失败' },
  },
  en: {
    userType: { '1': 'Administrator', '2': 'Student', '3': 'Teacher', '4': 'Parent' },
    gender: { '1': 'Male', '2': 'Female' },
    enabled: 'Enabled',
    disabled: 'Disabled',
    yes: 'Initialised',
    no: 'Not initialised',
    kind: { staff: 'Staff', student: 'Student', parent: 'Parent' },
    result: { created: 'Created', reset: 'Reset', skipped: 'Skipped', failed: 'Failed' },
  },
} as const;

async function send(reply: FastifyReply, workbook: ExcelJS.Workbook, fileName: string): Promise<RawReply> {
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return xlsxReply(reply, fileName, bytes);
}

/** `POST /api/users/export`: the users of the current search (ID numbers not included). */
export function exportUsers(reply: FastifyReply, rows: UserRow[], lang: Lang): Promise<RawReply> {
  const titles = TITLES[lang];
  const words = WORDS[lang];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(titles.users);
  const fields = ['name', 'username', 'userType', 'gender', 'userNo', 'orgUnitName', 'campusName', 'phone', 'email', 'roleNames', 'enabled', 'initialized', 'remark'] as const;
  sheet.columns = fields.map((field) => ({ header: titles[field], key: field, width: field === 'roleNames' || field === 'remark' || field === 'email' ? 24 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      name: row.name,
      username: row.username,
      userType: words.userType[row.userType],
      gender: row.gender === '1' || row.gender === '2' ? words.gender[row.gender] : '',
      userNo: row.userNo,
      orgUnitName: row.orgUnitName,
      campusName: row.campusName,
      phone: row.phone,
      email: row.email,
      roleNames: row.roleNames.join(', '),
      enabled: row.enabled ? words.enabled : words.disabled,
      initialized: row.accountInitializedAt ? words.yes : words.no,
      remark: row.remark,
    });
  }
  return send(reply, workbook, `${titles.users}.xlsx`);
}

export const initReportExportRequest = z.object({
  rows: z
    .array(
      z.object({
        name: z.string().max(100),
        userNo: z.string().max(60),
        account: z.string().max(120),
        kind: z.enum(['staff', 'student', 'parent']),
        result: z.enum(['created', 'reset', 'skipped', 'failed']),
        reason: z.string().max(300),
      }),
    )
    .max(10000),
});

/** `POST /api/users/init-report`: the report of a bulk initialisation (as the dialog shows it) as .xlsx. */
export function exportInitReport(reply: FastifyReply, rows: InitReportRow[], lang: Lang): Promise<RawReply> {
  const titles = TITLES[lang];
  const words = WORDS[lang];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(titles.report);
  const fields = ['name', 'userNo', 'username', 'kind', 'result', 'reason'] as const;
  sheet.columns = fields.map((field) => ({ header: titles[field], key: field, width: field === 'reason' ? 36 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({ name: row.name, userNo: row.userNo, username: row.account, kind: words.kind[row.kind], result: words.result[row.result], reason: row.reason });
  }
  return send(reply, workbook, `${titles.report}.xlsx`);
}

// ------------------------------------------------------------------ import (same columns as the template)

const IMPORT_FIELDS = ['name', 'username', 'userType', 'gender', 'userNo', 'idNumber', 'phone', 'email', 'remark'] as const;
type ImportField = (typeof IMPORT_FIELDS)[number];
const IMPORT_TITLES: Record<Lang, Record<ImportField, string>> = {
  zh: { name: '姓名', username: '账号', userType: '用户类型', gender: '性别', userNo: '工号/学号', idNumber: '身份证号', phone: '手机号', email: '邮箱', remark: '备注' },
  en: { name: 'Name', username: 'Account', userType: 'User type', gender: 'Gender', userNo: 'Job / student number', idNumber: 'ID number', phone: 'Phone', email: 'Email', remark: 'Remark' },
};

export interface UserImportUpload extends Staged {
  bytes: Buffer;
}

/** Reads the one .xlsx file of a multipart import into memory before the transaction (the kit's reader, then the users' own rules). */
export async function receiveUserImport(request: FastifyRequest): Promise<UserImportUpload> {
  const upload = await receiveImportFile(request);
  if (!upload.name.toLowerCase().endsWith('.xlsx')) throw new AppError(ResponseCode.invalidInput, 'uploadWrongType', { types: '.xlsx' });
  if (upload.bytes.length === 0) throw new AppError(ResponseCode.invalidInput, 'usersImportEmpty');
  return { bytes: upload.bytes, discard: async () => undefined };
}

/** `GET /api/users/import-template`: the import columns with one example row. */
export async function importTemplate(reply: FastifyReply, lang: Lang): Promise<RawReply> {
  const titles = IMPORT_TITLES[lang];
  const words = WORDS[lang];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(TITLES[lang].users);
  sheet.columns = IMPORT_FIELDS.map((field) => ({ header: titles[field], key: field, width: field === 'remark' || field === 'email' || field === 'idNumber' ? 24 : 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({ name: lang === 'zh' ? '王小明' : 'Wang Xiaoming', username: 'T2001', userType: words.userType['3'], gender: words.gender['1'], userNo: 'T2001', idNumber: '11010519491231002X', phone: '13800138000', email: '', remark: '' });
  return send(reply, workbook, `${TITLES[lang].users}-${lang === 'zh' ? '导入模板' : 'template'}.xlsx`);
}

export interface UserImportRowError {
  row: number;
  message: string;
}

/** The cell as text ('' when blank); numbers as typed (an ID number typed as a number loses nothing up to 15 digits). */
const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '').trim();
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('').trim();
  return String(value).trim();
};

/** Reads and checks every row; any problem → 40000 with data.errors and nothing written. */
export async function importUsers(tx: Tx, session: Session, upload: UserImportUpload, services: Services, lang: Lang): Promise<{ imported: number }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(upload.bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(ResponseCode.invalidInput, 'usersImportTemplateRequired');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(ResponseCode.invalidInput, 'usersImportTemplateRequired');
  // the header names the columns in either language
  const header = sheet.getRow(1);
  const columns = new Map<ImportField, number>();
  header.eachCell((cell, column) => {
    const text = cellText(cell.value);
    for (const field of IMPORT_FIELDS) if (IMPORT_TITLES.zh[field] === text || IMPORT_TITLES.en[field] === text) columns.set(field, column);
  });
  if (!columns.has('name') || !columns.has('username') || !columns.has('userType')) throw new AppError(ResponseCode.invalidInput, 'usersImportTemplateRequired');
  const typeOf = (text: string) => (['1', '2', '3', '4'] as const).find((code) => code === text || WORDS.zh.userType[code] === text || WORDS.en.userType[code].toLowerCase() === text.toLowerCase());
  const genderOf = (text: string) => (['1', '2'] as const).find((code) => code === text || WORDS.zh.gender[code] === text || WORDS.en.gender[code].toLowerCase() === text.toLowerCase());

  const inputs: { row: number; input: UserSaveInput }[] = [];
  const errors: UserImportRowError[] = [];
  const seenAccounts = new Map<string, number>();
  const seenNumbers = new Map<string, number>();
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const get = (field: ImportField) => (columns.has(field) ? cellText(row.getCell(columns.get(field)!).value) : '');
    if (IMPORT_FIELDS.every((field) => get(field) === '')) continue;
    if (inputs.length + errors.length >= USERS_IMPORT_MAX) {
      errors.push({ row: r, message: translate(lang, 'usersImportTooMany', { max: USERS_IMPORT_MAX }) });
      break;
    }
    const problems: string[] = [];
    const userType = typeOf(get('userType'));
    if (!userType) problems.push(translate(lang, 'usersImportBadType'));
    const genderText = get('gender');
    const gender = genderText ? genderOf(genderText) : null;
    if (genderText && !gender) problems.push(translate(lang, 'usersImportBadGender'));
    const input: UserSaveInput = {
      username: get('username'),
      name: get('name'),
      userType: userType ?? '3',
      gender: gender ?? null,
      userNo: get('userNo'),
      orgUnitId: null,
      campusId: null,
      phone: get('phone'),
      email: get('email'),
      idNumber: get('idNumber').toUpperCase(),
      roleIds: [],
      enabled: true,
      remark: get('remark').slice(0, 300),
    };
    for (const issue of userIssues(input)) problems.push(USER_ISSUE_TEXT[issue.code][lang]);
    const accountKey = input.username.toLowerCase();
    if (accountKey && seenAccounts.has(accountKey)) problems.push(translate(lang, 'usersImportDuplicate', { row: seenAccounts.get(accountKey)!, value: input.username }));
    if (input.userNo && seenNumbers.has(input.userNo)) problems.push(translate(lang, 'usersImportDuplicate', { row: seenNumbers.get(input.userNo)!, value: input.userNo }));
    seenAccounts.set(accountKey, r);
    if (input.userNo) seenNumbers.set(input.userNo, r);
    if (problems.length === 0) {
      if (await userAdminRepository.usernameTaken(tx, input.username)) problems.push(translate(lang, 'usersAccountTaken', { account: input.username }));
      if (input.userNo && input.userType !== '4' && (await userAdminRepository.userNoTaken(tx, input.userNo))) problems.push(translate(lang, 'usersUserNoTaken', { userNo: input.userNo }));
    }
    if (problems.length > 0) errors.push({ row: r, message: problems.join(lang === 'zh' ? '；' : '; ') });
    else inputs.push({ row: r, input });
  }
  if (errors.length > 0) throw new AppError(ResponseCode.invalidInput, 'usersImportInvalid', { count: errors.length }, { imported: 0, errors });
  if (inputs.length === 0) throw new AppError(ResponseCode.invalidInput, 'usersImportEmpty');
  for (const { input } of inputs) await services.userAdmin.save(tx, session, input);
  return { imported: inputs.length };
}
