import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { InitReportRow, UserRow } from '../../../contracts/users';
import type { Lang } from '../../i18n/messages';
import type { FastifyReply } from 'fastify';
import { RawReply } from '../../plugins/routes';
import { contentDisposition } from '../files/files.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  reply.header('Content-Type', XLSX).header('Content-Disposition', contentDisposition('attachment', fileName)).header('X-Content-Type-Options', 'nosniff');
  return new RawReply(bytes);
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
