import * as SheetJS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  type BooleanField,
  fieldIssue,
  inSentence,
  type Label,
  type AnyResourceDefinition,
  RESOURCE_IMPORT_LIMITS,
  type ResourceField,
  uniqueKey,
} from '../../contracts/resource';
import type { Lang } from '../i18n/messages';

/**
 * A kit resource's workbooks (issue 19 item 4), pure: no database, no Fastify. The columns are the
 * definition's fields without `noExcel` and `readOnly` ones; the header is the field labels in the
 * caller's language (required ones marked `*`), so a template downloaded in either language imports.
 *
 * Writing uses exceljs (the project's workbook library: dropdowns, formats, frozen header). Reading
 * uses SheetJS (`@e965/xlsx`, a republish of SheetJS 0.20.3 from its own CDN; the `xlsx` package on
 * npm stops at the vulnerable 0.18.5) for both .xlsx and .xls, so both formats go through one cell
 * conversion. The file's kind is told by its first bytes, never by its name alone: SheetJS would
 * happily read any text as CSV.
 *
 * Cells: text as text (a number typed into a text column becomes its text, 101 → '101'); int and
 * decimal as numbers; boolean as the field's on/off words (or 是/否, 1/0, true/false); enum by label
 * (zh or en) or value; dict by entry name or code; ref by the other resource's label; person by job
 * or student number; org by code (or name); dates as Excel dates or YYYY-MM-DD.
 */

/** The values a workbook shows for the ids a row stores, and back (the route loads them; keep them small). */
export interface ExcelLookups {
  /** per ref field: the other resource's rows (its options call) */
  refs?: Record<string, readonly { id: string; label: string }[]>;
  /** per dict field: the dictionary's entries (the English name '' when the school gave none) */
  dicts?: Record<string, readonly DictEntry[]>;
  /** people by user number (job or student number; import) or by id (export); answers the ones found */
  people?: (wanted: { numbers?: readonly string[]; ids?: readonly string[] }) => Promise<readonly { id: string; number: string; name: string }[]>;
  /** the school's organisation units */
  orgs?: readonly { id: string; code: string; name: string }[];
}

export interface DictEntry {
  code: string;
  name: string;
  nameEn?: string;
}

/** A dictionary entry's name in the caller's language (the Chinese one when it has no English one), as the list's `<field>Name`. */
const entryName = (entry: DictEntry, lang: Lang) => (lang === 'en' && entry.nameEn ? entry.nameEn : entry.name);

export interface ImportIssue {
  /** the spreadsheet's row number (the header is row 1) */
  row: number;
  /** the field's name; '' for the file as a whole */
  field: string;
  message: string;
}

export interface ImportRead {
  /** every non-empty data row: the values of the columns the file has (a cell that could not be read is left out) */
  rows: { row: number; values: Record<string, unknown> }[];
  /** when not empty, nothing may be written */
  issues: ImportIssue[];
}

/** At most this many data rows … */
export const IMPORT_MAX_ROWS = RESOURCE_IMPORT_LIMITS.maxRows;
/** … in a file of at most this many bytes. */
export const IMPORT_MAX_BYTES = RESOURCE_IMPORT_LIMITS.maxKB * 1024;

const LIST_SHEET = 'lists';
const DEFAULT_ON: Label = { zh: '是', en: 'Yes' };
const DEFAULT_OFF: Label = { zh: '否', en: 'No' };

const TEXTS = {
  notTemplate: (detail: Label | null): Label => ({
    zh: `导入文件与模板不符，请使用下载的模板${detail ? `（${detail.zh}）` : ''}`,
    en: `The file does not match the template; use the downloaded template${detail ? ` (${detail.en})` : ''}`,
  }),
  unknownColumns: (names: string[]): Label => ({ zh: `未知的列：${names.join('、')}`, en: `unknown columns: ${names.join(', ')}` }),
  missingColumns: (zh: string[], en: string[]): Label => ({ zh: `缺少列：${zh.join('、')}`, en: `missing columns: ${en.join(', ')}` }),
  repeatedColumns: (names: string[]): Label => ({ zh: `重复的列：${names.join('、')}`, en: `repeated columns: ${names.join(', ')}` }),
  notSpreadsheet: { zh: '导入文件必须是.xlsx或.xls格式的Excel文件', en: 'The file must be an Excel workbook (.xlsx or .xls)' },
  unreadable: { zh: '导入文件无法读取，请使用下载的模板', en: 'The file cannot be read; use the downloaded template' },
  empty: { zh: '导入文件不能为空', en: 'The file has no data rows' },
  tooLarge: { zh: `导入文件不能超过${IMPORT_MAX_BYTES / 1024 / 1024}MB`, en: `The file may be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB` },
  tooManyRows: { zh: `导入文件最多${IMPORT_MAX_ROWS}行数据`, en: `The file may have at most ${IMPORT_MAX_ROWS} data rows` },
  fromList: { zh: '请从下拉列表中选择', en: 'Choose a value from the list' },
  notFound: (field: ResourceField, value: string): Label => ({ zh: `${field.label.zh}「${value}」不存在`, en: `The ${inSentence(field.label.en)} "${value}" does not exist` }),
  notChoice: (field: ResourceField, value: string): Label => ({
    zh: `${field.label.zh}「${value}」不是可选的值`,
    en: `The ${inSentence(field.label.en)} "${value}" is not one of the choices`,
  }),
  repeated: (field: ResourceField, value: string, first: number): Label => ({
    zh: `${field.label.zh}${value}与第${first}行重复`,
    en: `The ${inSentence(field.label.en)} ${value} repeats row ${first}`,
  }),
};

// ------------------------------------------------------------------ columns and their words

/** The fields a template has (and an import reads), in the definition's order. */
export function excelFields(definition: AnyResourceDefinition): [string, ResourceField][] {
  return Object.entries(definition.fields).filter(([, field]) => !field.noExcel && !field.readOnly);
}

/** The export's fields: the template's plus read-only ones (shown, ignored when imported back). */
function exportFields(definition: AnyResourceDefinition): [string, ResourceField][] {
  return Object.entries(definition.fields).filter(([, field]) => !field.noExcel);
}

const headerText = (field: ResourceField, lang: Lang) => (field.required ? `*${field.label[lang]}` : field.label[lang]);
/** A header cell's words without the required mark, for matching either language. */
const headerKey = (text: string) => text.replace(/^[\s*＊]+|[\s*＊]+$/g, '').toLowerCase();

const onWord = (field: BooleanField) => field.on ?? DEFAULT_ON;
const offWord = (field: BooleanField) => field.off ?? DEFAULT_OFF;

/** The words a dropdown offers for a field (none: no dropdown). */
function choices(name: string, field: ResourceField, lookups: ExcelLookups, lang: Lang): string[] | null {
  switch (field.kind) {
    case 'boolean':
      return [onWord(field)[lang], offWord(field)[lang]];
    case 'enum':
      return field.options.map((option) => option.label[lang]);
    case 'dict':
      return lookups.dicts?.[name]?.map((entry) => entryName(entry, lang)) ?? null;
    case 'ref':
      return lookups.refs?.[name]?.map((row) => row.label) ?? null;
    default:
      return null;
  }
}

/** Each column's rule in words (the notes sheet). */
function ruleWords(definition: AnyResourceDefinition, name: string, field: ResourceField): Label {
  const parts: Label[] = [];
  if (field.required) parts.push({ zh: '必填', en: 'Required' });
  else parts.push({ zh: '选填', en: 'Optional' });
  switch (field.kind) {
    case 'text':
      if (field.min !== undefined) parts.push({ zh: `至少${field.min}个字符`, en: `at least ${field.min} characters` });
      parts.push({ zh: `最多${field.max}个字符`, en: `at most ${field.max} characters` });
      if (field.pattern) parts.push({ zh: field.pattern.message.zh, en: field.pattern.message.en });
      break;
    case 'int':
      parts.push({ zh: `整数，${field.min}至${field.max}`, en: `a whole number from ${field.min} to ${field.max}` });
      break;
    case 'decimal':
      parts.push({ zh: `数字，${field.min}至${field.max}，最多${field.scale}位小数`, en: `a number from ${field.min} to ${field.max} with at most ${field.scale} decimals` });
      break;
    case 'date':
      parts.push({ zh: '日期，格式为YYYY-MM-DD', en: 'a date, YYYY-MM-DD' });
      break;
    case 'boolean':
      parts.push({ zh: `填写“${onWord(field).zh}”或“${offWord(field).zh}”`, en: `"${onWord(field).en}" or "${offWord(field).en}"` });
      break;
    case 'enum':
      parts.push({ zh: `从下拉列表选择：${field.options.map((o) => o.label.zh).join('、')}`, en: `one of: ${field.options.map((o) => o.label.en).join(', ')}` });
      break;
    case 'dict':
      parts.push({ zh: '从下拉列表选择（字典项名称）', en: 'choose from the list (the entry name)' });
      break;
    case 'ref':
      parts.push({ zh: `从下拉列表选择${field.label.zh}`, en: `choose the ${inSentence(field.label.en)} from the list` });
      break;
    case 'person':
      parts.push({ zh: '填写工号或学号', en: 'the job or student number' });
      break;
    case 'org':
      parts.push({ zh: '填写组织机构编码', en: 'the organisation code' });
      break;
    case 'file':
      break;
  }
  const scope = definition.uniqueWithin?.[name];
  if (scope) parts.push({ zh: `同一${definition.fields[scope].label.zh}内不能重复`, en: `unique within its ${inSentence(definition.fields[scope].label.en)}` });
  else if (definition.unique.includes(name)) parts.push({ zh: '不能重复', en: 'unique' });
  return { zh: parts.map((p) => p.zh).join('；'), en: parts.map((p) => p.en).join('; ') };
}

// ------------------------------------------------------------------ writing

/** A worksheet name: at most 31 characters, none of \ / ? * [ ] :. */
const sheetName = (wanted: string) => wanted.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'Sheet1';

const columnWidth = (field: ResourceField, header: string): number => {
  const wide = field.kind === 'text' ? Math.min(Math.max(field.max / 2, 12), 40) : field.kind === 'date' ? 12 : 14;
  // a CJK character is about two widths of a Latin one
  const headerWidth = [...header].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e80 ? 2 : 1), 0) + 2;
  return Math.max(wide, headerWidth);
};

/** A validation over a whole range (exceljs writes a range key as one sqref; its types know only cell-by-cell validations). */
const addValidation = (sheet: ExcelJS.Worksheet, range: string, validation: ExcelJS.DataValidation) =>
  (sheet as unknown as { dataValidations: { add(address: string, value: ExcelJS.DataValidation): void } }).dataValidations.add(range, validation);

/** The data sheet: header, formats, dropdowns and range checks down to the import's row limit. */
function dataSheet(workbook: ExcelJS.Workbook, definition: AnyResourceDefinition, fields: [string, ResourceField][], lookups: ExcelLookups, lang: Lang) {
  const sheet = workbook.addWorksheet(sheetName(definition.title[lang]));
  sheet.columns = fields.map(([name, field]) => ({ header: headerText(field, lang), key: name, width: columnWidth(field, headerText(field, lang)) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  fields.forEach(([, field], index) => {
    if (field.required) header.getCell(index + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  let lists: ExcelJS.Worksheet | null = null;
  const lastRow = IMPORT_MAX_ROWS + 1;
  fields.forEach(([name, field], index) => {
    const column = sheet.getColumn(index + 1);
    const letter = column.letter;
    const range = `${letter}2:${letter}${lastRow}`;
    if (field.kind === 'text') column.numFmt = '@';
    if (field.kind === 'int') column.numFmt = '0';
    if (field.kind === 'decimal') column.numFmt = field.scale > 0 ? `0.${'0'.repeat(field.scale)}` : '0';
    if (field.kind === 'date') column.numFmt = 'yyyy-mm-dd';
    if (field.kind === 'int' || field.kind === 'decimal') {
      addValidation(sheet, range, {
        type: field.kind === 'int' ? 'whole' : 'decimal',
        operator: 'between',
        allowBlank: true,
        formulae: [field.min, field.max],
        showErrorMessage: true,
        errorTitle: field.label[lang],
        error: ruleWords(definition, name, field)[lang],
      });
      return;
    }
    const list = choices(name, field, lookups, lang);
    if (!list || list.length === 0) return;
    // lists live on a hidden sheet: an inline list is limited to 255 characters and cannot hold commas
    lists ??= workbook.addWorksheet(LIST_SHEET, { state: 'hidden' });
    const listColumn = lists.getColumn(index + 1);
    list.forEach((word, row) => {
      lists!.getCell(row + 1, index + 1).value = word;
    });
    addValidation(sheet, range, {
      type: 'list',
      allowBlank: !field.required,
      formulae: [`${LIST_SHEET}!$${listColumn.letter}$1:$${listColumn.letter}$${list.length}`],
      showErrorMessage: true,
      errorTitle: field.label[lang],
      error: TEXTS.fromList[lang],
    });
  });
  return sheet;
}

/** `GET <path>/import/template`: the header, dropdowns and formats, and a notes sheet with each column's rule. */
export async function buildTemplate(definition: AnyResourceDefinition, lookups: ExcelLookups, lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Xiaowu';
  const fields = excelFields(definition);
  dataSheet(workbook, definition, fields, lookups, lang);
  const notes = workbook.addWorksheet(lang === 'zh' ? '说明' : 'Notes');
  notes.columns = [
    { header: lang === 'zh' ? '列' : 'Column', key: 'column', width: 22 },
    { header: lang === 'zh' ? '填写规则' : 'Rule', key: 'rule', width: 80 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const [name, field] of fields) notes.addRow({ column: headerText(field, lang), rule: ruleWords(definition, name, field)[lang] });
  notes.addRow({});
  const key = definition.unique[0] ? definition.fields[definition.unique[0]].label : null;
  const general: Label[] = [
    { zh: '第一行是表头，请勿修改；带*的列必填；每行一条记录', en: 'Row 1 is the header: do not change it; columns marked * are required; one record a row' },
    { zh: `最多${IMPORT_MAX_ROWS}行数据，文件不超过${IMPORT_MAX_BYTES / 1024 / 1024}MB`, en: `At most ${IMPORT_MAX_ROWS} data rows in a file of at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB` },
    ...(key
      ? [{ zh: `${key.zh}与已有记录相同的行更新该记录，其余行新增`, en: `A row whose ${inSentence(key.en)} matches an existing record updates it; other rows are added` }]
      : []),
    { zh: '有任何错误时不导入任何数据', en: 'If any row has a problem, nothing is imported' },
  ];
  for (const line of general) notes.addRow({ column: '', rule: line[lang] });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A list row's cell as the import reads it back. */
function exportCell(name: string, field: ResourceField, row: Record<string, unknown>, lookups: ExcelLookups, people: Map<string, string>, lang: Lang): ExcelJS.CellValue {
  const value = row[name];
  const shown = row[`${name}Name`];
  const named = typeof shown === 'string' ? shown : '';
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'int':
    case 'decimal':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return value ? onWord(field)[lang] : offWord(field)[lang];
    case 'enum':
      return field.options.find((option) => option.value === value)?.label[lang] ?? String(value);
    case 'date': {
      const text = String(value).slice(0, 10);
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : text;
    }
    case 'dict': {
      const entry = lookups.dicts?.[name]?.find((candidate) => candidate.code === value);
      return entry ? entryName(entry, lang) : named || String(value);
    }
    case 'ref':
      return named || (lookups.refs?.[name]?.find((option) => option.id === value)?.label ?? String(value));
    case 'org':
      return lookups.orgs?.find((unit) => unit.id === value)?.code ?? named;
    case 'person':
      // the number imports back; the name does not (several people may share it)
      return people.get(String(value)) ?? named;
    default:
      return String(value);
  }
}

/**
 * `POST <path>/export`: the template's columns (plus read-only ones) filled from list rows. Numbers
 * stay numbers, booleans and choices are words, refs their labels, orgs their codes, people their
 * job or student numbers (when `lookups.people` knows them; else the name), so an export imports back.
 */
export async function buildExport(definition: AnyResourceDefinition, rows: readonly Record<string, unknown>[], lookups: ExcelLookups, lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Xiaowu';
  const fields = exportFields(definition);
  const sheet = dataSheet(workbook, definition, fields, lookups, lang);
  const personIds = new Set<string>();
  for (const [name, field] of fields) if (field.kind === 'person') for (const row of rows) if (typeof row[name] === 'string' && row[name]) personIds.add(row[name]);
  const people = new Map<string, string>();
  if (personIds.size > 0 && lookups.people) for (const found of await lookups.people({ ids: [...personIds] })) people.set(found.id, found.number);
  for (const row of rows) sheet.addRow(fields.map(([name, field]) => exportCell(name, field, row, lookups, people, lang)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ------------------------------------------------------------------ reading

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const COMPOUND = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** A cell as read: text, a number, a boolean or a calendar day (YYYY-MM-DD, from a date-formatted number). */
type Cell = { text: string } | { number: number; day: string | null } | { flag: boolean } | null;

function readCell(cell: SheetJS.CellObject | null | undefined): Cell {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === 'z' || cell.t === 'e') return null;
  if (cell.t === 'b') return { flag: Boolean(cell.v) };
  if (cell.t === 'n') {
    const number = cell.v as number;
    const isDate = typeof cell.z === 'string' && SheetJS.SSF.is_date(cell.z);
    return { number, day: isDate ? serialDay(number) : null };
  }
  if (cell.t === 'd') return { number: Number.NaN, day: (cell.v as Date).toISOString().slice(0, 10) };
  const text = String(cell.v);
  return text.trim() === '' ? null : { text };
}

/** An Excel day number as YYYY-MM-DD (the 1900 system; SheetJS knows its leap-year bug). */
function serialDay(serial: number): string | null {
  const parts = SheetJS.SSF.parse_date_code(serial) as { y: number; m: number; d: number } | null;
  if (!parts || parts.y < 1000) return null;
  return `${String(parts.y).padStart(4, '0')}-${String(parts.m).padStart(2, '0')}-${String(parts.d).padStart(2, '0')}`;
}

const cellText = (cell: Exclude<Cell, null>): string => {
  if ('text' in cell) return cell.text;
  if ('flag' in cell) return cell.flag ? 'TRUE' : 'FALSE';
  if (cell.day) return cell.day;
  return String(cell.number);
};

const sameWord = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const validDay = (text: string) => {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  return `${match[1]}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/**
 * SheetJS reads in a worker: a crafted or truncated file can keep its parser busy for minutes (a
 * 100-byte cut of an .xlsx did). The whole sheet is read (blank lines between rows must not hide
 * rows past a row budget); only the first `rows` lines holding anything come back.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then((SheetJS) => {
  const book = SheetJS.read(workerData.bytes, { type: 'buffer', dense: true, cellHTML: false, cellFormula: false });
  const sheet = book.Sheets[book.SheetNames[0]];
  const data = (sheet && sheet['!data']) || [];
  const grid = [];
  let filled = 0;
  for (let r = 0; r < data.length && filled < workerData.rows; r += 1) {
    const line = data[r] || [];
    const cells = [];
    for (let c = 0; c < line.length; c += 1) cells.push(line[c] ? { t: line[c].t, v: line[c].v, z: line[c].z } : null);
    if (cells.some((cell) => cell && cell.v !== undefined && cell.v !== null && cell.v !== '')) filled += 1;
    grid.push(cells);
  }
  parentPort.postMessage({ grid });
}).catch((error) => parentPort.postMessage({ error: String(error && error.message) }));`;
// the ES module build: it loads in a fifth of the CommonJS build's time (no codepage tables, which only pre-1997 .xls files need)
const READER_MODULE = pathToFileURL(createRequire(import.meta.url).resolve('@e965/xlsx').replace(/xlsx\.js$/, 'xlsx.mjs')).href;
const READ_TIMEOUT_MS = 20_000;

/** A zip (an .xlsx) ends with its central directory's record within the last 64 KiB; a cut file does not. */
function zipComplete(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i -= 1) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) {
      const view = new DataView(bytes.buffer, bytes.byteOffset + i, 22);
      const offset = view.getUint32(16, true);
      // a zip64 archive keeps its offsets elsewhere: left to the reader (in its worker)
      return offset === 0xffffffff || offset + view.getUint32(12, true) <= i;
    }
  }
  return false;
}

/** Most workbook readers at once in the process: each may hold 512 MB for 20 s, so a burst of uploads waits its turn. */
const READERS_AT_ONCE = 2;
let readersBusy = 0;
const readersWaiting: (() => void)[] = [];

/** Runs `work` when a reader slot is free (a finished reader hands its slot to the next in line). */
async function withReaderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (readersBusy >= READERS_AT_ONCE) await new Promise<void>((resolve) => readersWaiting.push(resolve));
  else readersBusy += 1;
  try {
    return await work();
  } finally {
    const next = readersWaiting.shift();
    if (next) next();
    else readersBusy -= 1;
  }
}

type Grid = (SheetJS.CellObject | null | undefined)[][];

/** The first sheet's cells (header first; one filled row past the limit, to tell "too many"), or null when unreadable. */
async function readGrid(bytes: Uint8Array, kind: 'xlsx' | 'xls'): Promise<Grid | null> {
  if (kind === 'xlsx' && !zipComplete(bytes)) return null;
  return withReaderSlot(() => readGridInWorker(bytes));
}

async function readGridInWorker(bytes: Uint8Array): Promise<Grid | null> {
  const worker = new Worker(READER_SOURCE, {
    eval: true,
    workerData: { module: READER_MODULE, bytes, rows: IMPORT_MAX_ROWS + 2 },
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  try {
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS);
      worker.once('message', (answer: { grid?: SheetJS.CellObject[][]; error?: string }) => {
        clearTimeout(timer);
        resolve(answer.grid ?? null);
      });
      worker.once('error', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
  } finally {
    await worker.terminate();
  }
}

type Converted = { value: unknown } | { issue: Label } | { person: string };

/** One cell to the field's value type; lookups that need the whole file (people) come back as `person`. */
function convert(name: string, field: ResourceField, cell: Cell, lookups: ExcelLookups): Converted {
  if (cell === null) {
    if (field.kind === 'int' || field.kind === 'decimal') return { value: null };
    if (field.kind === 'boolean') return { value: field.default ?? false };
    if (field.kind === 'enum') return { value: field.default ?? '' };
    return { value: '' };
  }
  const text = cellText(cell);
  const trimmed = text.trim();
  switch (field.kind) {
    case 'text':
      return { value: field.raw ? text : trimmed };
    case 'int':
    case 'decimal': {
      if ('number' in cell && !Number.isNaN(cell.number)) return { value: cell.number };
      if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return { value: Number(trimmed) };
      return { issue: fieldIssue(field, Number.NaN)! };
    }
    case 'boolean': {
      if ('flag' in cell) return { value: cell.flag };
      const on = [onWord(field).zh, onWord(field).en, '是', 'yes', '1', 'true'];
      const off = [offWord(field).zh, offWord(field).en, '否', 'no', '0', 'false'];
      if (on.some((word) => sameWord(word, trimmed))) return { value: true };
      if (off.some((word) => sameWord(word, trimmed))) return { value: false };
      return { issue: TEXTS.notChoice(field, trimmed) };
    }
    case 'enum': {
      const option = field.options.find((o) => o.value === trimmed || sameWord(o.label.zh, trimmed) || sameWord(o.label.en, trimmed));
      return option ? { value: option.value } : { issue: TEXTS.notChoice(field, trimmed) };
    }
    case 'date': {
      const day = 'number' in cell ? (cell.day ?? serialDay(cell.number)) : validDay(trimmed);
      // a value that is no date at all gets the field's own words
      return day ? { value: day } : { issue: fieldIssue(field, Number.NaN)! };
    }
    case 'dict': {
      const entries = lookups.dicts?.[name] ?? [];
      // the name in either language (a template downloaded in English offers the English names), or the code
      const entry = entries.find((e) => e.name === trimmed || (e.nameEn && sameWord(e.nameEn, trimmed))) ?? entries.find((e) => e.code === trimmed);
      return entry ? { value: entry.code } : { issue: TEXTS.notFound(field, trimmed) };
    }
    case 'ref': {
      const option = lookups.refs?.[name]?.find((o) => o.label === trimmed);
      return option ? { value: option.id } : { issue: TEXTS.notFound(field, trimmed) };
    }
    case 'org': {
      const units = lookups.orgs ?? [];
      const unit = units.find((u) => u.code === trimmed) ?? units.find((u) => u.name === trimmed);
      return unit ? { value: unit.id } : { issue: TEXTS.notFound(field, trimmed) };
    }
    case 'person':
      return { person: trimmed };
    case 'file':
      return { value: '' };
  }
}

/** The one issue of a file that cannot be imported at all (row 1, the file as a whole). */
const refusal = (message: Label, lang: Lang): ImportRead => ({ rows: [], issues: [{ row: 1, field: '', message: message[lang] }] });

/** An uploaded workbook's first sheet as read, or why it cannot be read at all. */
export type ImportSheet = { grid: Grid } | { refusal: Label };

/**
 * The cells of an uploaded workbook (the route's `receive`, before the tenant transaction: a slow
 * parse holds no database connection): too large, empty, not a workbook and unreadable files are
 * refused here, in words of both languages.
 */
export async function readImportSheet(bytes: Uint8Array, fileName: string): Promise<ImportSheet> {
  if (bytes.length > IMPORT_MAX_BYTES) return { refusal: TEXTS.tooLarge };
  if (bytes.length === 0) return { refusal: TEXTS.empty };
  const extension = /\.(xlsx|xls)$/i.exec(fileName)?.[1]?.toLowerCase();
  const kind = startsWith(bytes, ZIP) ? 'xlsx' : startsWith(bytes, COMPOUND) ? 'xls' : null;
  if (!extension || !kind) return { refusal: TEXTS.notSpreadsheet };
  const grid = await readGrid(bytes, kind);
  return grid ? { grid } : { refusal: TEXTS.unreadable };
}

/**
 * `POST <path>/import/check` and `/apply`: the file's rows as field values, and every issue with
 * its spreadsheet row (header = row 1): the file as a whole (not a workbook, not the template,
 * empty, too large), each cell that is not its field's type or not found, the definition's rules
 * (`fieldIssue`) and unique values repeated within the file (on the later row). The caller checks
 * the database (unique values taken by other rows) and writes only when `issues` is empty.
 */
export async function readImportFile(definition: AnyResourceDefinition, bytes: Uint8Array, fileName: string, lookups: ExcelLookups, lang: Lang): Promise<ImportRead> {
  return importRows(definition, await readImportSheet(bytes, fileName), lookups, lang);
}

/** The rows of a sheet read by `readImportSheet` (in the transaction: the lookups are the school's). */
export async function importRows(definition: AnyResourceDefinition, sheet: ImportSheet, lookups: ExcelLookups, lang: Lang): Promise<ImportRead> {
  if ('refusal' in sheet) return refusal(sheet.refusal, lang);
  const { grid } = sheet;

  // the header names the columns in either language, with or without the required mark
  const readable = new Map<string, string>();
  for (const [name, field] of exportFields(definition)) {
    readable.set(headerKey(field.label.zh), name);
    readable.set(headerKey(field.label.en), name);
  }
  const columns: { index: number; name: string }[] = [];
  const unknown: string[] = [];
  const repeated: string[] = [];
  (grid[0] ?? []).forEach((cell, index) => {
    const read = readCell(cell);
    if (!read) return;
    const words = cellText(read).trim();
    const name = readable.get(headerKey(words));
    if (!name) unknown.push(words);
    else if (columns.some((column) => column.name === name)) repeated.push(words);
    else columns.push({ index, name });
  });
  const fields = excelFields(definition);
  const missing = fields.filter(([name, field]) => field.required && !columns.some((column) => column.name === name));
  if (unknown.length > 0 || repeated.length > 0 || missing.length > 0 || columns.length === 0) {
    const details = [
      unknown.length > 0 ? TEXTS.unknownColumns(unknown) : null,
      repeated.length > 0 ? TEXTS.repeatedColumns(repeated) : null,
      missing.length > 0 ? TEXTS.missingColumns(missing.map(([, f]) => f.label.zh), missing.map(([, f]) => f.label.en)) : null,
    ].filter((detail): detail is Label => detail !== null);
    const detail = details.length > 0 ? { zh: details.map((d) => d.zh).join('；'), en: details.map((d) => d.en).join('; ') } : null;
    return refusal(TEXTS.notTemplate(detail), lang);
  }

  const rows: ImportRead['rows'] = [];
  const issues: ImportIssue[] = [];
  const personCells: { row: number; name: string; number: string; values: Record<string, unknown> }[] = [];
  for (let index = 1; index < grid.length; index += 1) {
    const line = grid[index] ?? [];
    const cells = columns.map((column) => ({ ...column, cell: readCell(line[column.index]) }));
    if (cells.every(({ cell }) => cell === null)) continue;
    if (rows.length >= IMPORT_MAX_ROWS) return refusal(TEXTS.tooManyRows, lang);
    const row = index + 1;
    const values: Record<string, unknown> = {};
    for (const { name, cell } of cells) {
      const field = definition.fields[name];
      if (field.readOnly) continue;
      const converted = convert(name, field, cell, lookups);
      if ('issue' in converted) issues.push({ row, field: name, message: converted.issue[lang] });
      else if ('person' in converted) personCells.push({ row, name, number: converted.person, values });
      else values[name] = converted.value;
    }
    rows.push({ row, values });
  }
  if (rows.length === 0) return refusal(TEXTS.empty, lang);

  if (personCells.length > 0) {
    const numbers = [...new Set(personCells.map((cell) => cell.number))];
    const found = lookups.people ? await lookups.people({ numbers }) : [];
    const byNumber = new Map(found.map((person) => [person.number, person.id]));
    for (const cell of personCells) {
      const id = byNumber.get(cell.number);
      if (id) cell.values[cell.name] = id;
      else issues.push({ row: cell.row, field: cell.name, message: TEXTS.notFound(definition.fields[cell.name], cell.number)[lang] });
    }
  }

  // the definition's rules on every value read; then unique values within the file
  const present = new Set(columns.map((column) => column.name));
  const firstRow = new Map<string, Map<string, number>>(definition.unique.map((name) => [name, new Map()]));
  for (const { row, values } of rows) {
    for (const [name, field] of fields) {
      if (!present.has(name) || !(name in values)) continue;
      const message = fieldIssue(field, values[name]);
      if (message) issues.push({ row, field: name, message: message[lang] });
    }
    for (const name of definition.unique) {
      const value = values[name];
      if (value === undefined || value === null || value === '') continue;
      // a value unique within another field's (a room number within its building) repeats only with that field's value
      const key = uniqueKey(definition, name, values);
      const seen = firstRow.get(name)!;
      const first = seen.get(key);
      if (first !== undefined) issues.push({ row, field: name, message: TEXTS.repeated(definition.fields[name], String(value), first)[lang] });
      else seen.set(key, row);
    }
  }
  issues.sort((a, b) => a.row - b.row);
  return { rows, issues };
}
