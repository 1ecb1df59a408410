import * as SheetJS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { aiPrompts } from '../../contracts/resources/ai-prompts';
import { apkVersions } from '../../contracts/resources/apk-versions';
import { classrooms } from '../../contracts/resources/classrooms';
import { buildExport, buildTemplate, type ExcelLookups, IMPORT_MAX_ROWS, readImportFile } from './resource-excel';

const BUILDING = '7d0c1a52-1b7e-4a3e-9a43-2a3f1c6e0b01';
const TEACHER = '7d0c1a52-1b7e-4a3e-9a43-2a3f1c6e0b02';
const people = [{ id: TEACHER, number: 'T1001', name: '王老师' }];
const lookups: ExcelLookups = {
  refs: { buildingId: [{ id: BUILDING, label: '一号楼' }] },
  dicts: { category: [{ code: '01', name: '普通教室' }, { code: '02', name: '多媒体教室' }] },
  people: async (wanted) => people.filter((p) => wanted.ids?.includes(p.id) || wanted.numbers?.includes(p.number)),
};

const classroomRow = (code: string, extra: Record<string, unknown> = {}) => ({
  id: `id-${code}`,
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  code,
  name: `教室${code}`,
  buildingId: BUILDING,
  buildingIdName: '一号楼',
  floor: 2,
  category: '02',
  categoryName: '多媒体教室',
  adminId: TEACHER,
  adminIdName: '王老师',
  capacity: 45,
  applyType: 'audit',
  advanceDays: 7,
  deadlineDays: 1,
  ...extra,
});

/** A workbook of the given rows (first row the header), as a person would type it. */
async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const ZH_HEADER = ['*房间号', '*教室名称', '*所属教学楼', '*所在楼层', '*教室类别', '管理员', '*容纳人数', '*申请类型', '可提前预约天数', '预约截止天数'];

describe('buildTemplate', () => {
  it('has the labels (required marked *), dropdowns from a hidden sheet, number formats, a frozen header and a notes sheet', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildTemplate(classrooms, lookups, 'zh')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('教室管理');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(ZH_HEADER);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(4).numFmt).toBe('0');
    expect(sheet.getColumn(1).numFmt).toBe('@');

    const lists = book.getWorksheet('lists')!;
    expect(lists.state).toBe('hidden');
    const building = sheet.getCell('C2').dataValidation;
    expect(building).toMatchObject({ type: 'list', formulae: ['lists!$C$1:$C$1'] });
    expect(lists.getCell('C1').value).toBe('一号楼');
    expect(sheet.getCell('E5001').dataValidation).toMatchObject({ type: 'list', formulae: ['lists!$E$1:$E$2'] });
    expect([lists.getCell('E1').value, lists.getCell('E2').value]).toEqual(['普通教室', '多媒体教室']);
    expect(sheet.getCell('H2').dataValidation.formulae).toEqual(['lists!$H$1:$H$3']);
    expect([1, 2, 3].map((row) => lists.getCell(`H${row}`).value)).toEqual(['不开放预约', '直接预约', '预约需审核']);
    // a person is typed by number: no dropdown; a number is checked against its range
    expect(sheet.getCell('F2').dataValidation).toBeUndefined();
    expect(sheet.getCell('G2').dataValidation).toMatchObject({ type: 'whole', formulae: [1, 99] });

    const notes = book.getWorksheet('说明')!;
    const rules = new Map<string, string>();
    notes.eachRow((row) => rules.set(String(row.getCell(1).value), String(row.getCell(2).value)));
    expect(rules.get('*房间号')).toBe('必填；最多30个字符；只能包含字母和数字；不能重复');
    expect(rules.get('*容纳人数')).toBe('必填；整数，1至99');
    expect(rules.get('管理员')).toBe('选填；填写工号或学号');
  });

  it('in English, with the on/off words of a boolean as its dropdown; read-only and file fields left out', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildTemplate(apkVersions, {}, 'en')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['*Version name', '*Version code', 'Changelog', 'Force update']);
    expect(sheet.getCell('D2').dataValidation.formulae).toEqual(['lists!$D$1:$D$2']);
    expect([book.getWorksheet('lists')!.getCell('D1').value, book.getWorksheet('lists')!.getCell('D2').value]).toEqual(['Yes', 'No']);
    expect(book.getWorksheet('Notes')).toBeDefined();
  });

  it('an empty template reads as an empty file', async () => {
    const read = await readImportFile(classrooms, await buildTemplate(classrooms, lookups, 'en'), 'template.xlsx', lookups, 'en');
    expect(read).toEqual({ rows: [], issues: [{ row: 1, field: '', message: 'The file has no data rows' }] });
  });
});

describe('export → import', () => {
  it('reads an export back unchanged: numbers stay numbers, refs, dicts, people and choices back to their ids and codes', async () => {
    const rows = [classroomRow('A101'), classroomRow('101', { adminId: '', adminIdName: '', applyType: 'none', advanceDays: 0 })];
    const bytes = await buildExport(classrooms, rows, lookups, 'en');

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('D2').value).toBe(2);
    expect(sheet.getCell('F2').value).toBe('T1001');
    expect(sheet.getCell('H2').value).toBe('Booking needs approval');

    const read = await readImportFile(classrooms, bytes, 'Classrooms.xlsx', lookups, 'zh');
    expect(read.issues).toEqual([]);
    const fields = Object.keys(classrooms.fields);
    const pick = (row: Record<string, unknown>) => Object.fromEntries(fields.map((name) => [name, row[name]]));
    expect(read.rows).toEqual([
      { row: 2, values: pick(rows[0]) },
      { row: 3, values: pick(rows[1]) },
    ]);
    expect(typeof read.rows[1].values.code).toBe('string');
  });

  it('a boolean exports as its words and reads back; a read-only column is shown and ignored', async () => {
    const rows = [
      { id: 'a', versionName: '1.0.0', versionCode: 100, fileId: 'f', changelog: '  spaces kept  ', forceUpdate: true, published: true },
      { id: 'b', versionName: '1.0.1', versionCode: 101, fileId: '', changelog: '', forceUpdate: false, published: false },
    ];
    const bytes = await buildExport(apkVersions, rows, {}, 'zh');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual(['1.0.0', 100, '  spaces kept  ', '是', '已发布']);
    const read = await readImportFile(apkVersions, bytes, 'apk.xlsx', {}, 'zh');
    expect(read.issues).toEqual([]);
    expect(read.rows.map((row) => row.values)).toEqual([
      { versionName: '1.0.0', versionCode: 100, changelog: '  spaces kept  ', forceUpdate: true },
      { versionName: '1.0.1', versionCode: 101, changelog: '', forceUpdate: false },
    ]);
  });
});

describe('readImportFile', () => {
  it('reads .xls (Excel 97–2003) as well, in the other language', async () => {
    const sheet = SheetJS.utils.aoa_to_sheet([
      ['Room number', 'Classroom name', 'Building', 'Floor', 'Category', 'Administrator', 'Capacity', 'Booking'],
      [101, 'Lab1', '一号楼', 3, '01', 'T1001', '30', 'Booked directly'],
    ]);
    const book = SheetJS.utils.book_new(sheet, 'Sheet1');
    const bytes = SheetJS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const read = await readImportFile(classrooms, bytes, 'rooms.XLS', lookups, 'en');
    expect(read).toEqual({
      rows: [{ row: 2, values: { code: '101', name: 'Lab1', buildingId: BUILDING, floor: 3, category: '01', adminId: TEACHER, capacity: 30, applyType: 'direct' } }],
      issues: [],
    });
  });

  it('names the row, the field and the problem of each bad cell, in zh and in en', async () => {
    const bytes = await workbook([
      ZH_HEADER,
      ['A-1', '教室', '二号楼', 'abc', '礼堂', 'T9999', 120, '随便', 7, 0],
      ['', '好教室', '一号楼', 2.5, '普通教室', '', 30, '直接预约', '', ''],
    ]);
    const zh = await readImportFile(classrooms, bytes, 'rooms.xlsx', lookups, 'zh');
    expect(zh.issues).toEqual([
      { row: 2, field: 'buildingId', message: '所属教学楼「二号楼」不存在' },
      { row: 2, field: 'floor', message: '所在楼层必须是数字' },
      { row: 2, field: 'category', message: '教室类别「礼堂」不存在' },
      { row: 2, field: 'applyType', message: '申请类型「随便」不是可选的值' },
      { row: 2, field: 'adminId', message: '管理员「T9999」不存在' },
      { row: 2, field: 'code', message: '房间号只能包含字母和数字' },
      { row: 2, field: 'capacity', message: '容纳人数不能大于99' },
      { row: 3, field: 'code', message: '请输入房间号' },
      { row: 3, field: 'floor', message: '所在楼层必须是整数' },
    ]);
    const en = await readImportFile(classrooms, bytes, 'rooms.xlsx', lookups, 'en');
    expect(en.issues.map((issue) => issue.message)).toEqual([
      'The building "二号楼" does not exist',
      'The floor must be a number',
      'The category "礼堂" does not exist',
      'The booking "随便" is not one of the choices',
      'The administrator "T9999" does not exist',
      'The room number may contain only letters and digits',
      'The capacity may be at most 99',
      'Enter the room number',
      'The floor must be a whole number',
    ]);
  });

  it('refuses a file that is not the template: unknown or repeated headers, missing required columns', async () => {
    const unknown = await readImportFile(classrooms, await workbook([[...ZH_HEADER, '备注'], ['A1']]), 'x.xlsx', lookups, 'zh');
    expect(unknown).toEqual({ rows: [], issues: [{ row: 1, field: '', message: '导入文件与模板不符，请使用下载的模板（未知的列：备注）' }] });
    const missing = await readImportFile(classrooms, await workbook([ZH_HEADER.filter((h) => h !== '*容纳人数' && h !== '*所在楼层'), ['A1']]), 'x.xlsx', lookups, 'en');
    expect(missing.issues).toEqual([
      { row: 1, field: '', message: 'The file does not match the template; use the downloaded template (missing columns: Floor, Capacity)' },
    ]);
    const repeated = await readImportFile(aiPrompts, await workbook([['编码', 'Code', '名称', '提示词内容'], ['a', 'b', 'c', 'd']]), 'x.xlsx', {}, 'zh');
    expect(repeated.issues[0].message).toBe('导入文件与模板不符，请使用下载的模板（重复的列：Code）');
  });

  it('refuses an empty sheet, an empty file, bytes that are no workbook and a wrong extension', async () => {
    const headerOnly = await readImportFile(classrooms, await workbook([ZH_HEADER, [], []]), 'x.xlsx', lookups, 'zh');
    expect(headerOnly.issues).toEqual([{ row: 1, field: '', message: '导入文件不能为空' }]);
    expect((await readImportFile(classrooms, Buffer.alloc(0), 'x.xlsx', lookups, 'zh')).issues[0].message).toBe('导入文件不能为空');
    const csv = Buffer.from('房间号,教室名称\nA1,B1\n');
    expect((await readImportFile(classrooms, csv, 'x.xlsx', lookups, 'en')).issues[0].message).toBe('The file must be an Excel workbook (.xlsx or .xls)');
    const xlsx = await workbook([ZH_HEADER]);
    expect((await readImportFile(classrooms, xlsx, 'x.csv', lookups, 'zh')).issues[0].message).toBe('导入文件必须是.xlsx或.xls格式的Excel文件');
    // a cut .xlsx (SheetJS alone would spin on the first one for minutes) and a damaged one
    for (const broken of [xlsx.subarray(0, 100), Buffer.concat([xlsx.subarray(0, 300), Buffer.alloc(500), xlsx.subarray(800)])]) {
      expect((await readImportFile(classrooms, broken, 'x.xlsx', lookups, 'zh')).issues[0].message).toBe('导入文件无法读取，请使用下载的模板');
    }
    const xls = SheetJS.write(SheetJS.utils.book_new(SheetJS.utils.aoa_to_sheet([ZH_HEADER]), 'S'), { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect((await readImportFile(classrooms, xls.subarray(0, 600), 'x.xls', lookups, 'en')).issues[0].message).toBe('The file cannot be read; use the downloaded template');
  });

  it('marks a unique value repeated within the file on the later row', async () => {
    const bytes = await workbook([
      ['编码', '名称', '提示词内容'],
      ['greet', '问候', '你好'],
      ['other', '问候', '再见'],
      ['greet', '问候2', '又见'],
    ]);
    const read = await readImportFile(aiPrompts, bytes, 'prompts.xlsx', {}, 'zh');
    expect(read.issues).toEqual([{ row: 4, field: 'code', message: '编码greet与第2行重复' }]);
    expect(read.rows).toHaveLength(3);
  });

  it('takes dates as Excel dates or YYYY-MM-DD, and booleans as words, 1/0 or TRUE/FALSE', async () => {
    const definition = {
      ...aiPrompts,
      fields: { code: aiPrompts.fields.code, day: { kind: 'date', label: { zh: '日期', en: 'Day' } }, enabled: aiPrompts.fields.enabled },
      unique: ['code'],
    } as const;
    const bytes = await workbook([
      ['编码', '日期', '启用'],
      ['a', new Date(Date.UTC(2026, 1, 28)), '停用'],
      ['b', '2026-03-01', 1],
      ['c', '2026-02-30', true],
      ['d', '', 'maybe'],
    ]);
    const read = await readImportFile(definition, bytes, 'x.xlsx', {}, 'en');
    expect(read.rows.map((row) => row.values)).toEqual([
      { code: 'a', day: '2026-02-28', enabled: false },
      { code: 'b', day: '2026-03-01', enabled: true },
      { code: 'c', enabled: true },
      { code: 'd', day: '' },
    ]);
    expect(read.issues).toEqual([
      { row: 4, field: 'day', message: 'The day is not a valid date' },
      { row: 5, field: 'enabled', message: 'The enabled "maybe" is not one of the choices' },
    ]);
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} data rows and more than 5 MB`, async () => {
    const rows: ExcelJS.CellValue[][] = [['编码', '名称', '提示词内容']];
    for (let i = 1; i <= IMPORT_MAX_ROWS + 1; i += 1) rows.push([`c${i}`, `n${i}`, 'x']);
    const tooMany = await readImportFile(aiPrompts, await workbook(rows), 'x.xlsx', {}, 'zh');
    expect(tooMany).toEqual({ rows: [], issues: [{ row: 1, field: '', message: '导入文件最多5000行数据' }] });
    // blank lines between rows do not hide the rows after them
    const spaced = [...rows.slice(0, 10), ...Array.from({ length: 20 }, () => []), ...rows.slice(10)];
    expect((await readImportFile(aiPrompts, await workbook(spaced), 'x.xlsx', {}, 'zh')).issues[0].message).toBe('导入文件最多5000行数据');
    const atLimit = await readImportFile(aiPrompts, await workbook(rows.slice(0, IMPORT_MAX_ROWS + 1)), 'x.xlsx', {}, 'zh');
    expect(atLimit.issues).toEqual([]);
    expect(atLimit.rows).toHaveLength(IMPORT_MAX_ROWS);
    const large = Buffer.alloc(5 * 1024 * 1024 + 1);
    expect((await readImportFile(aiPrompts, large, 'x.xlsx', {}, 'en')).issues[0].message).toBe('The file may be at most 5 MB');
  });
});
