import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAData } from '../../contracts/envelope';
import { type AnyResourceDefinition, type ResourceDefinition, resourceUrls } from '../../contracts/resource';
import { aiPrompts } from '../../contracts/resources/ai-prompts';
import { campuses } from '../../contracts/resources/campuses';
import { kitModules } from '../modules';
import { aiPrompts as aiPromptsTable } from '../modules/ai-prompts/ai-prompts.table';
import { allRoutes, moduleOfRoute } from '../routes';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf } from '../test/helpers';
import { kitTemplateWith, kitUpload } from '../test/kit-import';
import { CrudService } from './crud-module';
import { crudRepository } from './crud-repository';

/**
 * The kit's calls (docs kit-api) through AI提示词管理 on the demo school: every test adds prompts
 * with codes of its own (t_<tag>_…) and they are removed at the end; the seeded ones are only read.
 */

let t: TestApp;
let demoId: string;
let admin: string;
let teacher: string;
const tag = randomBytes(3).toString('hex');
const EN = { 'x-lang': 'en' };
const urls = resourceUrls(aiPrompts);
type Row = Record<string, unknown> & { id: string; version: number; code: string; name: string; sort: number; enabled: boolean };

const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const list = async (request: Record<string, unknown>, token = admin) => (await post<TableAData<Row>>(urls.list, token, { currPage: 0, limit: 100, ...request })).body;
const code = () => `t_${tag}_${randomBytes(3).toString('hex')}`;
const input = (over: Record<string, unknown> = {}) => ({ code: code(), name: `名${tag}`, scene: '', content: '内容', model: '', enabled: true, sort: 1, remark: '', ...over });
const add = async (over: Record<string, unknown> = {}) => {
  const { body } = await post<{ id: string }>(urls.save, admin, input(over));
  expect(body.code, body.msg).toBe(1);
  return body.data.id;
};
const mine = async () => (await list({ search: { keyword: `t_${tag}` } })).data.rows;
const byId = async (id: string) => (await mine()).find((row) => row.id === id);

const upload = (url: string, bytes: Buffer, fileName = 'prompts.xlsx', token = admin, headers: Record<string, string> = {}) => kitUpload(t.app, url, bytes, token, headers, fileName);
const workbookWith = (rows: Record<string, unknown>[]) => kitTemplateWith(t.app, aiPrompts, admin, rows);

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  admin = await login(t.app, 'demo', 'admin');
  teacher = await login(t.app, 'demo', 'teacher');
});

afterAll(async () => {
  await ownerQuery(t.db, 'DELETE FROM ai_prompts WHERE tenant_id = $1 AND code LIKE $2', [demoId, `t_${tag}%`]);
  await t.close();
});

describe('the kit modules', () => {
  it('every kit module in the registry declares list, save, delete, options and its toggles, and a ref names a kit resource', () => {
    const declared = new Set(allRoutes.map((route) => `${route.method} ${route.url}`));
    const names = new Set(kitModules.map((module) => module.definition.name));
    expect(names.has('ai-prompts') && names.has('apk-versions')).toBe(true);
    for (const { definition } of kitModules) {
      const u = resourceUrls(definition);
      for (const url of [u.list, u.save, u.delete, u.options]) expect(declared, `${definition.name} ${url}`).toContain(`POST ${url}`);
      for (const rule of Object.values(definition.toggles ?? {})) expect(declared).toContain(`POST ${u.toggle(rule!.route)}`);
      if (definition.exportable) expect(declared).toContain(`POST ${u.export}`);
      if (definition.importable) for (const url of [u.importCheck, u.importApply]) expect(declared).toContain(`POST ${url}`);
      for (const field of Object.values(definition.fields)) if (field.kind === 'ref') expect(names, `${definition.name} → ${field.resource}`).toContain(field.resource);
    }
  });

  it('files a kit call in the app log under the definition’s name', () => {
    const moduleOf = (url: string) => moduleOfRoute(allRoutes.find((route) => route.url === url)!);
    expect(moduleOf(urls.list)).toBe('ai-prompts');
    expect(moduleOf('/api/apk/list')).toBe('apk-versions');
    expect(moduleOf('/api/classrooms/save')).toBe('classrooms');
    expect(moduleOf('/api/users/list')).toBe('users');
  });
});

describe('the kit on AI prompts', () => {
  it('lists with search (contains over several fields, equals), sort and paging; LIKE wildcards are plain', async () => {
    const ids = [await add({ code: `t_${tag}_b1`, name: `乙${tag}`, sort: 3 }), await add({ code: `t_${tag}_a1`, name: `甲${tag}`, sort: 2, enabled: false }), await add({ code: `t_${tag}_c1`, name: `丙${tag}`, sort: 1, scene: `场景${tag}` })];
    // the definition's order: sort, then code
    expect((await mine()).filter((row) => ids.includes(row.id)).map((row) => row.code)).toEqual([`t_${tag}_c1`, `t_${tag}_a1`, `t_${tag}_b1`]);
    // the keyword looks in name, code and scene; a JSON string works as an object does
    expect((await list({ search: JSON.stringify({ keyword: `场景${tag}` }) })).data.rows.map((row) => row.id)).toEqual([ids[2]]);
    expect((await list({ search: { keyword: `甲${tag}` } })).data.rows.map((row) => row.id)).toEqual([ids[1]]);
    expect((await list({ search: { keyword: `t_${tag}`, enabled: '0' } })).data.rows.map((row) => row.id)).toEqual([ids[1]]);
    expect((await list({ search: { keyword: '%' } })).data.total).toBe(0);
    // a sortable field and a direction; paging
    const byCode = await list({ search: { keyword: `t_${tag}` }, sortField: 'code', order: 'desc', limit: 2, currPage: 0 });
    expect(byCode.data.total).toBe(3);
    expect(byCode.data.rows.map((row) => row.code)).toEqual([`t_${tag}_c1`, `t_${tag}_b1`]);
    expect((await list({ search: { keyword: `t_${tag}` }, sortField: 'code', order: 'desc', limit: 2, currPage: 1 })).data.rows.map((row) => row.code)).toEqual([`t_${tag}_a1`]);
    // an unknown sort field is refused; an equals value that does not parse is no filter (as the client's URL parser drops it)
    expect((await list({ sortField: 'passwordHash', order: 'asc' })).code).toBe(40000);
    const unfiltered = await list({ search: { keyword: `t_${tag}`, enabled: 'yes' } });
    expect(unfiltered.code, unfiltered.msg).toBe(1);
    expect(unfiltered.data.total).toBe(3);
    const row = (await byId(ids[0]))!;
    expect(row).toMatchObject({ version: 1, enabled: true, sort: 3 });
    expect(new Date(row.updatedAt as string).toISOString()).toBe(row.updatedAt);
    await post(urls.delete, admin, { ids });
  });

  it('adds and edits with the version; an empty number becomes its field’s empty value; text is trimmed unless raw', async () => {
    const id = await add({ code: `  t_${tag}_trim  `, content: '  留白  ', sort: null });
    expect(await byId(id)).toMatchObject({ code: `t_${tag}_trim`, content: '  留白  ', sort: 0, version: 1 });
    const saved = await post<{ id: string }>(urls.save, admin, { ...input({ code: `t_${tag}_trim`, name: '改' }), id, version: 1 });
    expect(saved.body).toMatchObject({ code: 1, msg: '保存成功', data: { id } });
    expect(await byId(id)).toMatchObject({ name: '改', version: 2 });
    expect((await post(urls.save, admin, { ...input({ code: `t_${tag}_trim` }), id, version: 1 }, EN)).body).toMatchObject({
      code: 40900,
      msg: 'Someone else changed the prompt; reload and try again',
      data: { stale: true },
    });
    expect((await post(urls.save, admin, { ...input(), id: uuidv7(), version: 1 })).body).toMatchObject({ code: 40400, msg: '提示词不存在' });
    expect((await byId(id))!.name).toBe('改');
  });

  it('answers every rule issue in one 40000: msg joined, data.issues by field, in the caller’s language; nothing saved', async () => {
    const before = (await mine()).length;
    const bad = input({ code: 'bad-code', name: '', content: '   ' });
    expect((await post(urls.save, admin, bad)).body).toMatchObject({
      code: 40000,
      msg: '编码只能包含字母、数字和下划线；请输入名称；请输入提示词内容',
      data: {
        issues: [
          { field: 'code', message: '编码只能包含字母、数字和下划线' },
          { field: 'name', message: '请输入名称' },
          { field: 'content', message: '请输入提示词内容' },
        ],
      },
    });
    const en = (await post<{ issues: { message: string }[] }>(urls.save, admin, bad, EN)).body;
    expect(en.msg).toBe('The code may contain only letters, digits and underscores; Enter the name; Enter the prompt text');
    expect(en.data.issues.map((issue) => issue.message)).toEqual(['The code may contain only letters, digits and underscores', 'Enter the name', 'Enter the prompt text']);
    expect((await mine()).length).toBe(before);
  });

  it('refuses a taken unique value with 40900 naming the field, on add and on edit', async () => {
    const taken = `t_${tag}_dup`;
    await add({ code: taken });
    expect((await post(urls.save, admin, input({ code: taken }))).body).toMatchObject({ code: 40900, msg: `编码${taken}已存在`, data: { field: 'code' } });
    const other = await add();
    const row = (await byId(other))!;
    expect((await post(urls.save, admin, { ...input({ code: taken }), id: other, version: row.version }, EN)).body).toMatchObject({
      code: 40900,
      msg: `The code ${taken} exists already`,
      data: { field: 'code' },
    });
  });

  it('two saves of the same code at once: exactly one wins, the other gets 40900 naming the field (never 59000)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const same = input({ code: `t_${tag}_race${round}` });
      const answers = await Promise.all([post(urls.save, admin, same), post(urls.save, admin, same), post(urls.save, admin, same)]);
      const codes = answers.map((answer) => answer.body.code).sort();
      expect(codes).toEqual([1, 40900, 40900]);
      for (const answer of answers.filter((a) => a.body.code === 40900)) expect(answer.body).toMatchObject({ msg: `编码t_${tag}_race${round}已存在`, data: { field: 'code' } });
      expect((await list({ search: { keyword: `t_${tag}_race${round}` } })).data.total).toBe(1);
    }
  });

  it('toggles with the version: the definition’s on / off words; a stale version is 40900', async () => {
    const id = await add();
    expect((await post(urls.toggle('enable'), admin, { id, enabled: false, version: 1 })).body).toMatchObject({ code: 1, msg: '已停用', data: { enabled: false } });
    expect((await post(urls.toggle('enable'), admin, { id, enabled: true, version: 2 }, EN)).body).toMatchObject({ code: 1, msg: 'Enabled', data: { enabled: true } });
    expect((await post(urls.toggle('enable'), admin, { id, enabled: false, version: 2 })).body).toMatchObject({ code: 40900, data: { stale: true } });
    expect(await byId(id)).toMatchObject({ enabled: true, version: 3 });
    expect((await post(urls.toggle('enable'), admin, { id: uuidv7(), enabled: false, version: 1 })).body.code).toBe(40400);
  });

  it('deletes all or nothing: one missing id → 40400 and nothing deleted', async () => {
    const ids = [await add(), await add()];
    expect((await post(urls.delete, admin, { ids: [...ids, uuidv7()] })).body).toMatchObject({ code: 40400, msg: '所选提示词中有1个不存在或已被删除，未删除任何数据' });
    expect((await post(urls.delete, admin, { ids: [...ids, uuidv7(), uuidv7()] }, EN)).body).toMatchObject({ code: 40400, msg: '2 of the selected prompts no longer exist; nothing was deleted' });
    expect((await mine()).filter((row) => ids.includes(row.id))).toHaveLength(2);
    expect((await post(urls.delete, admin, { ids: [...ids, ids[0]] })).body).toMatchObject({ code: 1, msg: '删除成功', data: { deleted: 2 } });
    expect((await mine()).filter((row) => ids.includes(row.id))).toHaveLength(0);
    expect((await post(urls.delete, admin, { ids: [] })).body.code).toBe(40000);
  });

  it('a deleteGuard (or a foreign key) refuses with 40900 inUse, deletes nothing and leaves the transaction usable', async () => {
    const id = await add();
    const deps = { permissions: t.app.services.permissions, files: t.app.services.files };
    const definition: ResourceDefinition = aiPrompts as AnyResourceDefinition;
    const guarded = new CrudService(definition, crudRepository(definition, aiPromptsTable, () => ({ definition, table: aiPromptsTable, display: 'code' })), aiPromptsTable, { deleteGuard: async () => true }, deps);
    const { code: rowCode } = (await byId(id))!;
    const after = await t.app.services.auth.withSession(admin, async (scope, session) => {
      await expect(guarded.delete(scope.tx, session!, { ids: [id] })).rejects.toMatchObject({ code: 40900, data: { inUse: true } });
      // the transaction goes on: the row is there
      return guarded.list(scope.tx, { currPage: 0, limit: 10, search: { keyword: rowCode } });
    });
    expect(after.rows.map((row) => row.id)).toEqual([id]);
  });

  it('a foreign key (a building on the campus) refuses the delete with 40900 inUse in a savepoint: nothing deleted, the answer clean', async () => {
    const campusUrls = resourceUrls(campuses);
    const listed = (await post<TableAData<{ id: string; name: string }>>(campusUrls.list, admin, { currPage: 0, limit: 10 })).body;
    expect(listed.code, listed.msg).toBe(1);
    const used = listed.data.rows[0];
    expect((await post(campusUrls.delete, admin, { ids: [used.id] })).body).toMatchObject({ code: 40900, msg: '校区正在使用，不能删除', data: { inUse: true } });
    expect((await post(campusUrls.delete, admin, { ids: [used.id] }, EN)).body.msg).toBe('The campus is in use and cannot be deleted');
    expect((await post<TableAData<{ id: string }>>(campusUrls.list, admin, { currPage: 0, limit: 10 })).body.data.rows.map((row) => row.id)).toContain(used.id);
  });

  it('checks the button permission in the service: edit without add cannot add; without any, 40300', async () => {
    const roleId = (
      await ownerQuery<{ id: string }>(t.db, "INSERT INTO roles (tenant_id, id, code, name, type) VALUES ($1, gen_random_uuid(), $2, '提示词编辑', 'ordinary') RETURNING id", [demoId, `ped_${tag}`])
    )[0].id;
    await ownerQuery(t.db, "INSERT INTO role_menus (tenant_id, role_id, menu_id) SELECT tenant_id, $1, id FROM menus WHERE tenant_id = $2 AND perms && ARRAY['system_ai_prompt', 'system_ai_prompt_edit']", [roleId, demoId]);
    const editor = await login(t.app, 'demo', (await createUser(t.db, 'demo', { roles: [`ped_${tag}`] })).username);
    const id = await add();
    expect((await post(urls.save, editor, input())).body.code).toBe(40300);
    expect((await post(urls.save, editor, { ...input({ code: (await byId(id))!.code, name: '编辑者' }), id, version: 1 })).body.code).toBe(1);
    expect((await post(urls.delete, editor, { ids: [id] })).body.code).toBe(40300);
    expect((await list({}, teacher)).code).toBe(40300);
    expect((await post(urls.save, teacher, input())).body.code).toBe(40300);
    expect((await upload(urls.importApply, await workbookWith([{ code: code(), name: '教师', content: '内容' }]), 'x.xlsx', teacher)).code).toBe(40300);
    // options: for who views the resource (no resource refers to prompts): the editor's role holds the view permission, a teacher's not
    expect((await post<{ rows: { id: string; label: string }[] }>(urls.options, editor, {})).body.data.rows.map((row) => row.id)).toContain(id);
    expect((await post(urls.options, teacher, {})).body.code).toBe(40300);
    expect((await post(urls.options, await login(t.app, 'demo', 'student'), {})).body.code).toBe(40300);
    await ownerQuery(t.db, 'DELETE FROM roles WHERE id = $1', [roleId]).catch(() => undefined);
  });

  it('import check lists every bad row with its number and writes nothing; apply refuses the same file; a good file applies all rows at once', async () => {
    const existing = await add({ code: `t_${tag}_imp0`, name: '原名', remark: '保留' });
    const before = (await mine()).length;
    const bad = await workbookWith([
      { code: `t_${tag}_imp1`, name: '一', content: '内容一', sort: 5 },
      { code: 'bad code', name: '二', content: '内容二' },
      { code: `t_${tag}_imp1`, name: '三', content: '内容三' },
      { code: `t_${tag}_imp4`, name: '', content: '内容四', sort: 99999 },
    ]);
    const check = await upload(urls.importCheck, bad);
    expect(check.code, check.msg).toBe(1);
    expect(check.data.total).toBe(4);
    const rows = check.data.issues.map((issue) => `${issue.row}:${issue.field}`);
    expect(rows).toEqual(expect.arrayContaining(['3:code', '4:code', '5:name', '5:sort']));
    expect(rows.some((r) => r.startsWith('2:'))).toBe(false);
    const apply = await upload(urls.importApply, bad, 'prompts.xlsx', admin, EN);
    expect(apply.code).toBe(40000);
    expect(apply.msg).toContain('Row 3: ');
    expect(apply.data.issues.length).toBe(check.data.issues.length);
    expect((await mine()).length).toBe(before);

    const good = await workbookWith([
      { code: `t_${tag}_imp0`, name: '新名', content: '新内容', sort: 7 },
      { code: `t_${tag}_imp5`, name: '五', content: '内容五', sort: 3 },
    ]);
    expect((await upload(urls.importCheck, good)).data).toMatchObject({ total: 2, added: 1, updated: 1, issues: [] });
    expect(await upload(urls.importApply, good)).toMatchObject({ code: 1, msg: '导入成功', data: { added: 1, updated: 1 } });
    // the existing row takes the sheet's values; its version moves on
    expect(await byId(existing)).toMatchObject({ name: '新名', content: '新内容', sort: 7, version: 2 });
    expect((await mine()).length).toBe(before + 1);
    // not a workbook: one issue for the file as a whole (row 1, no field); apply refuses it
    const csv = Buffer.from('code,name\n');
    expect((await upload(urls.importCheck, csv, 'prompts.csv')).data).toMatchObject({ total: 0, issues: [{ row: 1, field: '', message: '导入文件必须是.xlsx或.xls格式的Excel文件' }] });
    expect(await upload(urls.importApply, csv, 'prompts.csv')).toMatchObject({ code: 40000, msg: '导入文件必须是.xlsx或.xls格式的Excel文件' });
  });

  it('export → import check round-trips with no issues, and numbers stay numbers', async () => {
    await add({ code: `t_${tag}_exp1`, sort: 42, remark: '导出' });
    await add({ code: `t_${tag}_exp2`, sort: 7, enabled: false });
    const exported = await t.app.inject({ method: 'POST', url: urls.export, headers: { 'x-access-token': admin }, payload: { search: { keyword: `t_${tag}_exp` } } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(String(exported.headers['content-disposition'])).toContain(encodeURIComponent('AI提示词管理'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    let sortColumn = 0;
    sheet.getRow(1).eachCell((cell, column) => {
      if (String(cell.value).startsWith('排序')) sortColumn = column;
    });
    expect(sheet.getRow(2).getCell(sortColumn).value).toBe(7);
    expect(sheet.getRow(3).getCell(sortColumn).value).toBe(42);
    const check = await upload(urls.importCheck, exported.rawPayload);
    expect(check).toMatchObject({ code: 1, data: { total: 2, added: 0, updated: 2, issues: [] } });
  });

  it('refuses an export past 5,000 rows with 40000 in the caller’s language, rather than cutting it short', async () => {
    const prefix = `t_${tag}_big`;
    await ownerQuery(t.db, "INSERT INTO ai_prompts (tenant_id, id, code, name, content) SELECT $1, gen_random_uuid(), $2 || g, '批量', '内容' FROM generate_series(1, 5001) g", [demoId, prefix]);
    const exportOf = (keyword: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: urls.export, headers: { 'x-access-token': admin, ...headers }, payload: { search: { keyword } } });
    try {
      expect((await exportOf(prefix)).json()).toMatchObject({ code: 40000, msg: '导出最多5000行，请缩小搜索范围' });
      expect((await exportOf(prefix, EN)).json()).toMatchObject({ code: 40000, msg: 'An export holds at most 5,000 rows; narrow the search' });
      // a narrower search exports (t_…_big1, 10–19, 100–199, 1000–1999: 1,111 rows)
      const narrower = await exportOf(`${prefix}1`);
      expect(narrower.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(narrower.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0].actualRowCount).toBe(1 + 1111);
    } finally {
      await ownerQuery(t.db, 'DELETE FROM ai_prompts WHERE tenant_id = $1 AND code LIKE $2', [demoId, `${prefix}%`]);
    }
  });

  it('imports several files at once (the sheets are read before the transaction, two at a time): every one answers', async () => {
    const files = await Promise.all([0, 1, 2].map((n) => workbookWith([{ code: `t_${tag}_par${n}`, name: `并发${n}`, content: '内容' }])));
    const checks = await Promise.all(files.map((bytes) => upload(urls.importCheck, bytes)));
    for (const check of checks) expect(check).toMatchObject({ code: 1, data: { total: 1, added: 1, issues: [] } });
    const applied = await Promise.all(files.map((bytes) => upload(urls.importApply, bytes)));
    for (const answer of applied) expect(answer).toMatchObject({ code: 1, data: { added: 1, updated: 0 } });
    expect((await list({ search: { keyword: `t_${tag}_par` } })).data.total).toBe(3);
  });
});
