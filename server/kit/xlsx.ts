import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { RawReply } from '../plugins/define-route';
import { contentDisposition } from '../modules/files/files.service';

/**
 * The server's plain spreadsheet downloads (exports of 毕业管理, 学籍异动, 宿舍管理, 家庭信息, 字典…):
 * one way to lay a table out as a sheet and one way to answer it as a file.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface TableSheet {
  name: string;
  columns: { header: string; key: string; width: number }[];
  /** cells by column key; numbers stay numbers */
  rows: Iterable<Record<string, string | number | null | undefined>>;
}

/** A workbook of table sheets: each a bold header row that stays in view (frozen) over its rows. */
export async function tableWorkbook(sheets: readonly TableSheet[], created?: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Xiaowu';
  if (created) workbook.created = created;
  for (const table of sheets) {
    const sheet = workbook.addWorksheet(table.name);
    sheet.columns = table.columns;
    for (const row of table.rows) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Answers `bytes` as the .xlsx download `fileName` (a route with `answers: 'file'`). */
export function xlsxReply(reply: FastifyReply, fileName: string, bytes: Buffer | Uint8Array): RawReply {
  reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', contentDisposition('attachment', fileName)).header('X-Content-Type-Options', 'nosniff');
  return new RawReply(bytes);
}
