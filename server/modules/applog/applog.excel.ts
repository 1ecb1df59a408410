import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { APP_LOG_EXPORT_MAX, appLogOperationText, type AppLogRow } from '../../../contracts/app-logs';
import { schoolWallTime } from '../../../contracts/school-time';
import type { Lang } from '../../i18n/messages';

/** School time (contracts/school-time.ts) as YYYY-MM-DD HH:mm:ss.SSS. */
export const schoolTimeText = (iso: string) => schoolWallTime(Date.parse(iso)).replace('T', ' ');

const TITLES: Record<Lang, Record<string, string>> = {
  zh: {
    sheet: '用户日志',
    at: '时间',
    userName: '用户',
    account: '账号',
    url: '请求地址',
    ip: 'IP',
    method: '请求方式',
    handler: '类',
    params: '参数',
    durationMs: '耗时(毫秒)',
    module: '模块',
    operation: '操作',
    clientType: '客户端类型',
    errorCode: '异常代码',
    errorMessage: '异常信息',
    systemName: '系统名称',
    capped: '仅导出最新的 {max} 条；符合条件的记录更多，请缩小筛选范围后分批导出。',
  },
  en: {
    sheet: 'User logs',
    at: 'Time',
    userName: 'User',
    account: 'Account',
    url: 'Request address',
    ip: 'IP',
    method: 'Method',
    handler: 'Class',
    params: 'Parameters',
    durationMs: 'Duration (ms)',
    module: 'Module',
    operation: 'Operation',
    clientType: 'Client type',
    errorCode: 'Error code',
    errorMessage: 'Error message',
    systemName: 'System name',
    capped: 'Only the newest {max} rows were exported; more rows match: narrow the filters and export in parts.',
  },
};

const COLUMNS: { key: keyof AppLogRow; width: number }[] = [
  { key: 'at', width: 24 },
  { key: 'userName', width: 12 },
  { key: 'account', width: 14 },
  { key: 'url', width: 36 },
  { key: 'ip', width: 16 },
  { key: 'method', width: 8 },
  { key: 'handler', width: 30 },
  { key: 'params', width: 50 },
  { key: 'durationMs', width: 10 },
  { key: 'module', width: 12 },
  { key: 'operation', width: 30 },
  { key: 'clientType', width: 10 },
  { key: 'errorCode', width: 10 },
  { key: 'errorMessage', width: 30 },
  { key: 'systemName', width: 10 },
];

/**
 * The export: exceljs's streaming writer (each row committed as it is added, so memory holds the
 * compressed file, not a workbook model of 50,000 rows). `rows` yields the rows in batches;
 * `capped` (more rows match than APP_LOG_EXPORT_MAX) puts a line saying so above the header.
 */
export async function writeAppLogWorkbook(rows: AsyncIterable<AppLogRow[]>, lang: Lang, capped: boolean): Promise<Buffer> {
  const t = TITLES[lang];
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Xiaowu';
  const sheet = workbook.addWorksheet(t.sheet, { views: [{ state: 'frozen', ySplit: capped ? 2 : 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ key: column.key, width: column.width }));
  if (capped) {
    const note = sheet.addRow([t.capped.replace('{max}', String(APP_LOG_EXPORT_MAX))]);
    note.font = { bold: true, color: { argb: 'FFC00000' } };
    note.commit();
  }
  const header = sheet.addRow(COLUMNS.map((column) => t[column.key]));
  header.font = { bold: true };
  header.commit();
  for await (const batch of rows) {
    for (const row of batch) {
      sheet.addRow({ ...row, at: schoolTimeText(row.at), module: row.moduleName?.[lang] ?? row.module, operation: appLogOperationText(row, lang) }).commit();
    }
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
