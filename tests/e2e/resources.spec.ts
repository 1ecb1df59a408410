// Every resource-kit screen, in Chinese and in English, through one parametrized cycle: open the
// screen, add a row (its inputs filled from the definition: unique texts, numbers within range, the
// first choice of each select), find it with the search header (a contains rule, then an equals rule
// set to the row's value), export the list (an .xlsx arrives and
// holds the row), import (the template arrives; a file built from the export with new unique values is
// checked and applied; its row is listed), edit, delete. A new kit resource is covered by one line in
// RESOURCES. Everything a run makes carries RUN and is removed afterwards.
import { expect, test, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { LETTERS_DIGITS, resourceUrls, type AnyResourceDefinition, type ResourceField } from '../../contracts/resource';
import type { TableAData } from '../../contracts/envelope';
import { aiPrompts } from '../../contracts/resources/ai-prompts';
import { apkVersions } from '../../contracts/resources/apk-versions';
import { buildings } from '../../contracts/resources/buildings';
import { campuses } from '../../contracts/resources/campuses';
import { classrooms } from '../../contracts/resources/classrooms';
import { dormBuildings } from '../../contracts/resources/dorm-buildings';
import { dormRooms } from '../../contracts/resources/dorm-rooms';
import { baseURL } from '../../playwright.config';
import { DemoApi, logIn } from './support';

interface KitCase {
  /** the menu path */
  path: string;
  definition: AnyResourceDefinition;
  /** the screen's test-id prefix (ResourceScreen `testId`) */
  testId: string;
  /** values the generic filling cannot guess (a format of its own); n differs per run and language */
  values?: (n: number) => Record<string, string | number>;
  /** the list's title level: 2 when it is a tab of a screen with its own h1 (宿舍管理) */
  level?: 1 | 2;
}

const RESOURCES: KitCase[] = [
  { path: '/system/aitsc', definition: aiPrompts, testId: 'prompt' },
  { path: '/system/apk', definition: apkVersions, testId: 'apk', values: (n) => ({ versionName: `8.${n % 10000}.0`, versionCode: 800_000_000 + n }) },
  { path: '/jcsj/xqgl', definition: campuses, testId: 'campus' },
  // codes 100-899: clear of the seeded buildings (1-4) and the server tests' (900-939)
  { path: '/xlcd/jxlgl', definition: buildings, testId: 'building', values: (n) => ({ code: 100 + (n % 800) }) },
  { path: '/xlcd/jsgl', definition: classrooms, testId: 'classroom' },
  // 宿舍管理's tabs; dormitory building codes 100-899: clear of the seeded ones (1, 2)
  { path: '/ssgl/sssz?tab=buildings', definition: dormBuildings, testId: 'dorm-building', level: 2, values: (n) => ({ code: 100 + (n % 800) }) },
  { path: '/ssgl/sssz?tab=rooms', definition: dormRooms, testId: 'dorm-room', level: 2 },
];

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).slice(-5);
const SEED = Date.now() % 1_000_000;
const LANGS = ['zh', 'en'] as const;
type Lang = (typeof LANGS)[number];
const WORDS = {
  zh: { save: '保存', saved: '保存成功', ok: '确定', deleted: '删除成功', imported: '导入成功', all: '全选', search: '搜索', reset: '重置' },
  en: { save: 'Save', saved: 'Saved', ok: 'OK', deleted: 'Deleted', imported: 'Imported', all: 'Select all', search: 'Search', reset: 'Reset' },
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const writtenFields = (definition: AnyResourceDefinition) => Object.entries(definition.fields).filter(([, field]) => !field.readOnly);
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

/** A text every rule of the field accepts (letters and digits), unique to this run, language and `tag`. */
function textValue(field: ResourceField & { kind: 'text' }, tag: string): string {
  return `e2e${RUN}${tag}`.slice(0, field.max);
}

/** The value a new row gets for each field the form can fill by itself (selects: their first choice, filled in `fill`). */
function newValues(kit: KitCase, lang: Lang, n: number): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, field] of writtenFields(kit.definition)) {
    if (field.kind === 'text') values[name] = textValue(field, `${lang}${name.slice(0, 3)}`);
    else if (field.kind === 'int') values[name] = kit.definition.unique.includes(name) ? field.min + (n % (field.max - field.min + 1)) : field.min;
    else if (field.kind === 'decimal') values[name] = field.min;
  }
  // switches (written or not) keep their default: as an equals filter's value, '1' / '0'
  for (const [name, field] of Object.entries(kit.definition.fields)) if (field.kind === 'boolean') values[name] = field.default ? '1' : '0';
  return { ...values, ...kit.values?.(n) };
}

/** A field's input in the drawer: numbers by their label, the rest by the kit's test id. */
function input(form: Locator, kit: KitCase, name: string, lang: Lang): Locator {
  const field = kit.definition.fields[name];
  if (field.kind === 'int' || field.kind === 'decimal') return form.getByRole('textbox', { name: field.label[lang], exact: true });
  return form.getByTestId(`${kit.testId}-${kebab(name)}`);
}

/** Fills the drawer; the values the selects took (their first choice) go into `values`, so the equals filters can use them. */
async function fill(form: Locator, kit: KitCase, lang: Lang, values: Record<string, string | number>) {
  for (const [name, field] of writtenFields(kit.definition)) {
    if (field.kind === 'enum' || field.kind === 'dict' || field.kind === 'ref') {
      const select = input(form, kit, name, lang);
      await expect(select.locator('option').nth(1)).toBeAttached();
      await select.selectOption({ index: 1 });
      values[name] = await select.inputValue();
    } else if (field.kind !== 'boolean' && name in values) {
      const box = input(form, kit, name, lang);
      await box.fill(String(values[name]));
      if (field.kind === 'int' || field.kind === 'decimal') await box.press('Enter');
    }
  }
}

/** The workbook of a download, its first sheet's rows as text cells (header first). */
async function sheetRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((cell) => (cell === null || cell === undefined ? '' : String(cell)))));
  return rows;
}

/** An .xlsx of one row: the export's header and its row, each unique field given a new value (text: a new text; number: one more); `unique`: those values. */
async function importFile(exported: string[][], kit: KitCase, lang: Lang, row: number) {
  const [header, line] = [exported[0]!, [...exported[row]!]];
  const unique: Record<string, string> = {};
  for (const name of kit.definition.unique) {
    const field = kit.definition.fields[name];
    const column = header.findIndex((title) => title.replace(/^[\s*]+|[\s*]+$/g, '') === field.label[lang]);
    expect(column, `the export has a column ${field.label[lang]}`).toBeGreaterThanOrEqual(0);
    line[column] = unique[name] = field.kind === 'text' ? textValue(field, `${lang}imp`) : String(Number(line[column]) + 1);
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(header);
  sheet.addRow(line.map((cell) => (cell !== '' && /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell)));
  return { buffer: Buffer.from(await workbook.xlsx.writeBuffer()), unique };
}

/** The field an edit changes: the first written, non-unique field the generic filling owns (a text, else a number with room above its minimum). */
function editedField(kit: KitCase): { name: string; value: (lang: Lang) => string } | undefined {
  const own = (name: string) => !kit.definition.unique.includes(name) && !(name in (kit.values?.(0) ?? {}));
  const fields = writtenFields(kit.definition).filter(([name]) => own(name));
  const text = fields.find(([, field]) => field.kind === 'text' && (!field.pattern || field.pattern === LETTERS_DIGITS));
  if (text) return { name: text[0], value: (lang) => textValue(text[1] as ResourceField & { kind: 'text' }, `${lang}edit`) };
  const number = fields.find(([, field]) => field.kind === 'int' && field.max > field.min);
  if (number && number[1].kind === 'int') return { name: number[0], value: () => String((number[1] as ResourceField & { kind: 'int' }).min + 1) };
  return undefined;
}

let storageState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  await logIn(await context.newPage());
  storageState = await context.storageState();
  await context.close();
});

test.afterAll(async ({ request }) => {
  const admin = await DemoApi.login(request, 'admin');
  for (const kit of RESOURCES) {
    const urls = resourceUrls(kit.definition);
    const [key] = Object.entries(kit.definition.search).find(([, rule]) => 'contains' in rule) ?? [];
    if (!key) continue;
    const list = await admin.post<TableAData<{ id: string }>>(urls.list, { currPage: 0, limit: 100, search: JSON.stringify({ [key]: RUN }) });
    const ids = (list.data?.rows ?? []).map((row) => row.id);
    if (ids.length) await admin.post(urls.delete, { ids });
  }
});

async function openScreen(browser: Browser, kit: KitCase, lang: Lang) {
  const context = await browser.newContext({ baseURL, storageState });
  if (lang === 'en') await context.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  const page = await context.newPage();
  await page.goto(kit.path);
  await expect(page.getByRole('heading', { name: kit.definition.title[lang], level: kit.level ?? 1 })).toBeVisible();
  return page;
}

for (const [index, kit] of RESOURCES.entries()) {
  for (const [langIndex, lang] of LANGS.entries()) {
    const w = WORDS[lang];
    test(`${lang}: ${kit.definition.title.zh} (${kit.path}): search, add, export, import, edit, delete`, async ({ browser }) => {
      test.setTimeout(90_000);
      // 5 apart: an imported number (one more) never meets the other language's
      const n = SEED + index * 10 + langIndex * 5;
      const values = newValues(kit, lang, n);
      const uniqueField = kit.definition.unique[0]!;
      const page = await openScreen(browser, kit, lang);
      const rowOf = (code: string | number) => page.locator(`[data-testid="${kit.testId}-row"][data-code="${code}"]`);

      // add
      await page.getByTestId(`${kit.testId}-add`).click();
      const form = page.getByTestId(`${kit.testId}-form`);
      await fill(form, kit, lang, values);
      await page.getByRole('button', { name: w.save, exact: true }).click();
      await expect(toast(page, w.saved)).toBeVisible();
      await expect(form).toHaveCount(0);

      // search: the first contains rule, by this run's value of one of its fields
      const [searchKey, rule] = Object.entries(kit.definition.search).find(([, candidate]) => 'contains' in candidate)!;
      const searched = 'contains' in rule ? rule.contains.find((name) => name in values)! : uniqueField;
      await page.getByTestId(`${kit.testId}-search-${kebab(searchKey)}`).fill(String(values[searched]));
      await page.getByTestId(`${kit.testId}-search-${kebab(searchKey)}`).press('Enter');
      await expect(page.getByTestId(`${kit.testId}-row`)).toHaveCount(1);
      const row = rowOf(values[uniqueField]!);
      await expect(row).toBeVisible();

      // equals: the first equals rule, by the new row's value (another value hides the row; reset clears the header)
      const equals = Object.entries(kit.definition.search).find(([, candidate]) => 'equals' in candidate);
      if (equals && 'equals' in equals[1]) {
        const select = page.getByTestId(`${kit.testId}-search-${kebab(equals[0])}`);
        const own = String(values[equals[1].equals]);
        await expect(select.locator(`option[value="${own}"]`)).toBeAttached();
        const other = (await select.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).find((value) => value && value !== own);
        if (other !== undefined) {
          await select.selectOption(other);
          await page.getByRole('button', { name: w.search, exact: true }).click();
          await expect(row).toHaveCount(0);
        }
        await select.selectOption(own);
        await page.getByRole('button', { name: w.search, exact: true }).click();
        await expect(page.getByTestId(`${kit.testId}-row`)).toHaveCount(1);
        await expect(row).toBeVisible();
        await page.getByRole('button', { name: w.reset, exact: true }).click();
        await expect(select).toHaveValue('');
        await expect(page.getByTestId(`${kit.testId}-search-${kebab(searchKey)}`)).toHaveValue('');
        await page.getByTestId(`${kit.testId}-search-${kebab(searchKey)}`).fill(String(values[searched]));
        await page.getByTestId(`${kit.testId}-search-${kebab(searchKey)}`).press('Enter');
        await expect(page.getByTestId(`${kit.testId}-row`)).toHaveCount(1);
      }

      // export: the list as searched
      let exported: string[][] = [];
      if (kit.definition.exportable) {
        const download = page.waitForEvent('download');
        await page.getByTestId(`${kit.testId}-export`).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
        exported = await sheetRows(file);
        expect(exported).toHaveLength(2);
        expect(exported[1]).toContain(String(values[uniqueField]));
      }

      // import: the template, then a file of one new row (the exported row with new unique values)
      if (kit.definition.importable) {
        await page.getByTestId('resource-import').click();
        const dialog = page.getByTestId('resource-import-dialog');
        const template = page.waitForEvent('download');
        await dialog.getByTestId('resource-import-template').click();
        expect((await sheetRows(await template))[0]!.length).toBeGreaterThan(0);
        const file = await importFile(exported, kit, lang, 1);
        await dialog.getByTestId('resource-import-input').setInputFiles({ name: `import-${lang}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file.buffer });
        await expect(dialog.getByTestId('resource-import-counts')).toBeVisible();
        await dialog.getByTestId('resource-import-apply').click();
        await expect(toast(page, w.imported)).toBeVisible();
        await page.getByTestId(`${kit.testId}-search-${kebab(searchKey)}`).fill(RUN);
        await page.getByTestId(`${kit.testId}-search-${kebab(searchKey)}`).press('Enter');
        await expect(rowOf(file.unique[uniqueField]!)).toBeVisible();
      }

      // edit: a field the filling owns gets a new value, which the drawer shows when opened again
      const edit = editedField(kit);
      expect(edit, 'a field the edit can change').toBeDefined();
      if (edit) {
        const edited = edit.value(lang);
        const editedName = edit.name;
        await row.getByTestId(`${kit.testId}-edit`).click();
        const box = input(form, kit, editedName, lang);
        await box.fill(edited);
        if (kit.definition.fields[editedName]!.kind !== 'text') await box.press('Enter');
        await page.getByRole('button', { name: w.save, exact: true }).click();
        await expect(toast(page, w.saved)).toBeVisible();
        await expect(form).toHaveCount(0);
        await row.getByTestId(`${kit.testId}-edit`).click();
        await expect(input(form, kit, editedName, lang)).toHaveValue(edited);
        await page.keyboard.press('Escape');
        await expect(form).toHaveCount(0);
      }

      // delete: one row by its button; then the rest of this run's rows (the imported one) through the selection
      await row.getByTestId(`${kit.testId}-delete`).click();
      await page.getByRole('button', { name: w.ok, exact: true }).click();
      await expect(toast(page, w.deleted)).toBeVisible();
      await expect(row).toHaveCount(0);
      if (kit.definition.importable) {
        await expect(page.getByTestId(`${kit.testId}-row`)).toHaveCount(1);
        await page.getByRole('checkbox', { name: w.all, exact: true }).check();
        await page.getByTestId(`${kit.testId}-batch-delete`).click();
        await page.getByRole('button', { name: w.ok, exact: true }).click();
        await expect(page.getByTestId(`${kit.testId}-row`)).toHaveCount(0);
      }
      await page.context().close();
    });
  }
}
