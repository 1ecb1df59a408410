import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { type AnyResourceDefinition, resourceUrls } from '../../contracts/resource';
import { multipartBody } from './multipart';

/** What a kit import call answers (check and apply). */
export interface KitImportAnswer {
  code: number;
  msg: string;
  data: { total: number; added: number; updated: number; issues: { row: number; field: string; message: string }[] };
}

/** Sends a workbook to a kit import call (`importCheck` or `importApply`) as the browser's FormData does. */
export async function kitUpload(app: FastifyInstance, url: string, bytes: Buffer, token: string, headers: Record<string, string> = {}, fileName = 'import.xlsx'): Promise<KitImportAnswer> {
  const { payload, contentType } = multipartBody([{ name: 'file', filename: fileName, content: bytes }]);
  const response = await app.inject({ method: 'POST', url, headers: { 'content-type': contentType, 'x-access-token': token, ...headers }, payload });
  return response.json() as KitImportAnswer;
}

/** The resource's import template (GET, in `lang`) with `rows` typed in by field name, as a person fills it. */
export async function kitTemplateWith(app: FastifyInstance, definition: AnyResourceDefinition, token: string, rows: Record<string, unknown>[], lang: 'zh' | 'en' = 'zh'): Promise<Buffer> {
  const template = await app.inject({ method: 'GET', url: resourceUrls(definition).template, headers: { 'x-access-token': token, 'x-lang': lang } });
  if (template.statusCode !== 200) throw new Error(`template: ${template.statusCode} ${template.body}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const label = String(cell.value).replace('*', '').trim();
    const field = Object.entries(definition.fields).find(([, spec]) => spec.label[lang] === label)?.[0];
    if (field) columns.set(field, column);
  });
  rows.forEach((values, index) => {
    for (const [field, value] of Object.entries(values)) sheet.getRow(index + 2).getCell(columns.get(field)!).value = value as ExcelJS.CellValue;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
