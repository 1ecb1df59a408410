import ExcelJS from 'exceljs';
import { parseScoreText, ScoreMark, scoreIssue, type ScoreImportRowError, type ScoreMarkValue, type ScoreSheet, type ScoreSheetRequest } from '../../../contracts/scores';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';

/**
 * The score workbooks: exports (a worksheet per class, a column per subject; scores are numbers,
 * 0 included, marks the words 缺考 / 免考) and the import template of one sheet, whose hidden
 * worksheet names the batch, class and subject it belongs to (SPEC §5: imports use the template).
 */

const TEMPLATE_MARKER = 'xiaowu-scores-template-v1';
const META_SHEET = 'xiaowu';

const TITLES: Record<Lang, { studentNo: string; name: string; scores: string; absent: string; exempt: string; template: string }> = {
  zh: { studentNo: '学号', name: '姓名', scores: '成绩', absent: '缺考', exempt: '免考', template: '成绩导入' },
  en: { studentNo: 'Student number', name: 'Name', scores: 'Scores', absent: 'Absent', exempt: 'Exempt', template: 'Score import' },
};

/** Words a cell may hold for a mark (either language, any case). */
const MARK_WORDS = new Map<string, ScoreMarkValue>([
  ['缺考', ScoreMark.absent],
  ['absent', ScoreMark.absent],
  ['免考', ScoreMark.exempt],
  ['exempt', ScoreMark.exempt],
]);

const markWord = (mark: ScoreMarkValue, lang: Lang) => (mark === ScoreMark.absent ? TITLES[lang].absent : mark === ScoreMark.exempt ? TITLES[lang].exempt : null);

const cellValue = (cell: { score: number | null; mark: ScoreMarkValue }, lang: Lang): number | string | null =>
  cell.mark !== ScoreMark.none ? markWord(cell.mark, lang) : cell.score;

/** Worksheet names: at most 31 characters, none of \ / ? * [ ] :, unique in the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, 31 - String(n).length - 1)}_${n}`;
  taken.add(name.toLowerCase());
  return name;
}

export interface ExportClass {
  className: string;
  subjects: { code: string; name: string }[];
  students: { studentNo: string; name: string; cells: { score: number | null; mark: ScoreMarkValue }[] }[];
}

export async function buildScoresWorkbook(classes: ExportClass[], lang: Lang): Promise<Buffer> {
  const t = TITLES[lang];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Xiaowu';
  const taken = new Set<string>();
  for (const klass of classes) {
    const sheet = workbook.addWorksheet(sheetName(klass.className, taken));
    sheet.columns = [
      { header: t.studentNo, key: 'no', width: 14 },
      { header: t.name, key: 'name', width: 12 },
      ...klass.subjects.map((subject, i) => ({ header: subject.name, key: `s${i}`, width: 10 })),
    ];
    for (const student of klass.students) {
      sheet.addRow({ no: student.studentNo, name: student.name, ...Object.fromEntries(student.cells.map((cell, i) => [`s${i}`, cellValue(cell, lang)])) });
    }
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function buildTemplate(request: ScoreSheetRequest, sheet: ScoreSheet, subjectName: string, lang: Lang): Promise<Buffer> {
  const t = TITLES[lang];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Xiaowu';
  const data = workbook.addWorksheet(t.template);
  data.columns = [
    { header: t.studentNo, key: 'no', width: 14 },
    { header: t.name, key: 'name', width: 12 },
    { header: `${subjectName}(${t.scores})`, key: 'score', width: 14 },
  ];
  data.getColumn(1).numFmt = '@';
  const byStudent = new Map(sheet.cells.map((cell) => [cell.studentId, cell]));
  for (const student of sheet.students) {
    const cell = byStudent.get(student.studentId);
    data.addRow({ no: student.studentNo, name: student.studentName, score: cell ? cellValue(cell, lang) : null });
  }
  data.getRow(1).font = { bold: true };
  data.views = [{ state: 'frozen', ySplit: 1 }];
  const meta = workbook.addWorksheet(META_SHEET, { state: 'veryHidden' });
  meta.addRow([TEMPLATE_MARKER]);
  meta.addRow([request.batchId]);
  meta.addRow([request.classId]);
  meta.addRow([request.subject]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ParsedImport {
  /** rows holding anything; value undefined: the score cell was blank (unchanged) */
  rows: { row: number; studentNo: string; value?: { score: number | null; mark: ScoreMarkValue } }[];
  /** rows whose score cell cannot be a score */
  errors: ScoreImportRowError[];
  message(key: MessageKey): string;
}

type Loaded = Awaited<ReturnType<ExcelJS.Workbook['xlsx']['load']>>;

/** A cell's plain value: formulas give their result, rich text its text. */
function plain(value: ExcelJS.CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || value instanceof Date) return String(value);
  if (typeof value === 'object') {
    if ('result' in value) return plain((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in value) return (value as ExcelJS.CellRichTextValue).richText.map((part) => part.text).join('');
    if ('text' in value) return String((value as ExcelJS.CellHyperlinkValue).text);
  }
  return null;
}

/**
 * Reads an uploaded template: refused (40000 by the caller) unless it is the template of this very
 * sheet; then every row's student number and score cell, with the score cell's problems (the score
 * rule of contracts/score-rules.ts: a number cell as stored, a text cell on its decimal text).
 */
export async function readImport(
  bytes: Buffer,
  request: ScoreSheetRequest,
  fullMark: number,
  lang: Lang,
): Promise<ParsedImport | 'notTemplate' | 'otherSheet'> {
  const workbook = new ExcelJS.Workbook();
  let loaded: Loaded;
  try {
    loaded = await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return 'notTemplate';
  }
  const meta = loaded.getWorksheet(META_SHEET);
  const metaValue = (row: number) => String(plain(meta?.getCell(row, 1).value ?? null) ?? '').trim();
  if (!meta || metaValue(1) !== TEMPLATE_MARKER) return 'notTemplate';
  if (metaValue(2) !== request.batchId || metaValue(3) !== request.classId || metaValue(4) !== request.subject) return 'otherSheet';
  const data = loaded.worksheets.find((sheet) => sheet.name !== META_SHEET);
  if (!data) return 'notTemplate';

  const message = (key: MessageKey) => translate(lang, key, { fullMark });
  const rows: ParsedImport['rows'] = [];
  const errors: ScoreImportRowError[] = [];
  data.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const noValue = plain(row.getCell(1).value);
    const studentNo = noValue === null ? '' : String(noValue).trim();
    const raw = plain(row.getCell(3).value);
    const text = typeof raw === 'string' ? raw.trim() : raw;
    const nameValue = plain(row.getCell(2).value);
    if (studentNo === '' && (text === null || text === '') && (nameValue === null || String(nameValue).trim() === '')) return;
    if (text === null || text === '') {
      rows.push({ row: rowNumber, studentNo });
      return;
    }
    let score: number | null = null;
    if (typeof text === 'number') score = scoreIssue(text, fullMark) === null ? text : null;
    else {
      const mark = MARK_WORDS.get(text.toLowerCase());
      if (mark) {
        rows.push({ row: rowNumber, studentNo, value: { score: null, mark } });
        return;
      }
      const parsed = parseScoreText(text, fullMark);
      if (parsed.ok) score = parsed.score;
    }
    if (score === null) {
      errors.push({ row: rowNumber, studentNo, message: message('scoresRowScoreInvalid') });
      return;
    }
    rows.push({ row: rowNumber, studentNo, value: { score, mark: ScoreMark.none } });
  });
  return { rows, errors, message };
}
