import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAData } from '../../../contracts/envelope';
import { ResponseCode } from '../../../contracts/envelope';
import { resourceUrls } from '../../../contracts/resource';
import { buildings } from '../../../contracts/resources/buildings';
import { classrooms } from '../../../contracts/resources/classrooms';
import { DEMO_BUILDINGS } from '../../db/seed/places';
import { buildTestApp, call, createUser, login, ownerQuery, rerunMigrationTail, seedOwnSchool, type TestApp, tenantIdOf } from '../../test/helpers';
import { kitTemplateWith, kitUpload } from '../../test/kit-import';

/** 校区管理, 教学楼管理, 教室管理 on the demo school: the tests add rows named with their own tag and remove them; the seeded places are only read. */

let t: TestApp;
let demoId: string;
let admin: string;
let kgAdmin: string;
let teacher: string;
const tag = randomBytes(3).toString('hex');
const EN = { 'x-lang': 'en' };
type Row = Record<string, unknown> & { id: string; version: number };
type Issues = { issues: { field: string; message: string }[] };
const post = <T = unknown>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const list = async (resource: string, search: Record<string, string>, token = admin) =>
  (await post<TableAData<Row>>(`/api/${resource}/list`, token, { currPage: 0, limit: 100, search })).body;
/** a building code no seeded building and no other test uses */
let nextCode = 900 + Math.floor(Math.random() * 40);
const campusInput = (over: Record<string, unknown> = {}) => ({ code: `C${tag}${randomBytes(2).toString('hex')}`, name: `校区${tag}${randomBytes(2).toString('hex')}`, address: '测试路1号', sort: 50, ...over });
const buildingInput = (campusId: string, over: Record<string, unknown> = {}) => ({ code: nextCode++, name: `测试楼${tag}${randomBytes(2).toString('hex')}`, floors: 5, campusId, ...over });
const add = async (resource: string, input: Record<string, unknown>) => {
  const { body } = await post<{ id: string }>(`/api/${resource}/save`, admin, input);
  expect(body.code, body.msg).toBe(1);
  return body.data.id;
};
const count = async (table: string, ids: string[]) => (await ownerQuery<{ n: number }>(t.db, `SELECT count(*)::int n FROM ${table} WHERE id = ANY($1)`, [ids]))[0].n;

let campusId: string;

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  admin = await login(t.app, 'demo', 'admin');
  teacher = await login(t.app, 'demo', 'teacher');
  kgAdmin = await login(t.app, 'kg', 'admin');
  campusId = await add('campuses', campusInput());
});

afterAll(async () => {
  await ownerQuery(t.db, 'DELETE FROM classrooms WHERE tenant_id = $1 AND name LIKE $2', [demoId, `%${tag}%`]);
  await ownerQuery(t.db, 'DELETE FROM buildings WHERE tenant_id = $1 AND name LIKE $2', [demoId, `%${tag}%`]);
  await ownerQuery(t.db, 'DELETE FROM campuses WHERE tenant_id = $1 AND name LIKE $2', [demoId, `%${tag}%`]);
  await t.close();
});

describe('places: campuses and buildings', () => {
  it('lists the seeded buildings in code order with their campus names, and filters by campus', async () => {
    const all = await list('buildings', {});
    expect(all.code, all.msg).toBe(1);
    const seeded = all.data.rows.filter((row) => (row.code as number) < 900);
    expect(seeded.map((row) => row.name)).toEqual([...DEMO_BUILDINGS.BB, ...DEMO_BUILDINGS.DX].map((building) => building.name));
    expect(seeded.map((row) => row.campusIdName)).toEqual(['本部校区', '本部校区', '本部校区', '东校区']);
    const east = seeded.find((row) => row.campusIdName === '东校区')!;
    const onEast = await list('buildings', { campusId: east.campusId as string });
    expect(onEast.data.rows.map((row) => row.name)).toEqual(['博雅楼']);
    expect((await list('buildings', { keyword: '致远' })).data.rows.map((row) => row.name)).toEqual(['致远楼']);
    // the campus select of the building form: names, in the campuses' order
    const options = await post<{ rows: { id: string; label: string }[] }>('/api/campuses/options', admin, {});
    expect(options.body.data.rows.slice(0, 2).map((row) => row.label)).toEqual(['本部校区', '东校区']);
  });

  it('adds, edits with the version, refuses a stale edit and deletes a building', async () => {
    const input = buildingInput(campusId);
    const id = await add('buildings', input);
    const row = (await list('buildings', { keyword: input.name })).data.rows[0];
    expect(row).toMatchObject({ id, code: input.code, floors: 5, campusId, version: 1 });
    const edited = await post('/api/buildings/save', admin, { ...input, floors: 7, id, version: 1 });
    expect(edited.body.code, edited.body.msg).toBe(1);
    const stale = await post('/api/buildings/save', admin, { ...input, floors: 3, id, version: 1 }, EN);
    expect(stale.body).toMatchObject({ code: ResponseCode.conflict, msg: 'Someone else changed the building; reload and try again', data: { stale: true } });
    expect((await list('buildings', { keyword: input.name })).data.rows[0]).toMatchObject({ floors: 7, version: 2 });
    const deleted = await post('/api/buildings/delete', admin, { ids: [id] });
    expect(deleted.body).toMatchObject({ code: 1, msg: '删除成功', data: { deleted: 1 } });
  });

  it('refuses what SPEC §5 refuses, in the field words of both languages, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ code: 999 }, 'code', '教学楼编号不能大于998', 'The code may be at most 998'],
      [{ code: 0 }, 'code', '教学楼编号不能小于1', 'The code must be at least 1'],
      [{ floors: 10 }, 'floors', '楼层数不能大于9', 'The floors may be at most 9'],
      [{ name: '楼'.repeat(31) }, 'name', '教学楼名称不能超过30个字符', 'The name may have at most 30 characters'],
      [{ name: `明德 ${tag}` }, 'name', '教学楼名称只能包含字母和数字', 'The name may contain only letters and digits'],
      [{ name: `明德-${tag}` }, 'name', '教学楼名称只能包含字母和数字', 'The name may contain only letters and digits'],
      [{ name: '' }, 'name', '请输入教学楼名称', 'Enter the name'],
      [{ campusId: '' }, 'campusId', '请选择所属校区', 'Choose the campus'],
      [{ campusId: '0190a0a0-0000-7000-8000-000000000000' }, 'campusId', '所属校区不存在', 'The campus does not exist'],
    ];
    for (const [over, field, zh, en] of cases) {
      const input = buildingInput(campusId, over);
      const inZh = await post<Issues>('/api/buildings/save', admin, input);
      expect(inZh.body, JSON.stringify(over)).toMatchObject({ code: ResponseCode.invalidInput, msg: zh, data: { issues: [{ field, message: zh }] } });
      const inEn = await post<Issues>('/api/buildings/save', admin, input, EN);
      expect(inEn.body, JSON.stringify(over)).toMatchObject({ code: ResponseCode.invalidInput, msg: en, data: { issues: [{ field, message: en }] } });
    }
    const campus = await post<Issues>('/api/campuses/save', admin, campusInput({ code: 'A'.repeat(31), name: '东 校区' }));
    expect(campus.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '校区编号不能超过30个字符；校区名称只能包含字母和数字' });
    expect((await list('buildings', { keyword: tag })).data.total).toBe(0);
    // the database holds the same ranges whatever writes (a script, a later import path)
    await expect(ownerQuery(t.db, 'UPDATE buildings SET floors = 10 WHERE tenant_id = $1', [demoId])).rejects.toThrow(/buildings_floors_check/);
    await expect(ownerQuery(t.db, 'UPDATE buildings SET code = 999 WHERE tenant_id = $1', [demoId])).rejects.toThrow(/buildings_code_check/);
  });

  it('two adds of the same code at once: exactly one wins, the other is told the code is taken', async () => {
    const code = nextCode++;
    const answers = await Promise.all([
      post('/api/buildings/save', admin, buildingInput(campusId, { code }), EN),
      post('/api/buildings/save', admin, buildingInput(campusId, { code }), EN),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([1, ResponseCode.conflict]);
    const refused = answers.find((answer) => answer.body.code !== 1)!;
    expect(refused.body).toMatchObject({ msg: `The code ${code} exists already`, data: { field: 'code' } });
    expect((await list('buildings', { keyword: tag })).data.rows.filter((row) => row.code === code)).toHaveLength(1);
    // the same for a name, and for a campus's name
    const name = `同名楼${tag}`;
    const named = await Promise.all([post('/api/buildings/save', admin, buildingInput(campusId, { name })), post('/api/buildings/save', admin, buildingInput(campusId, { name }))]);
    expect(named.map((answer) => answer.body.code).sort()).toEqual([1, ResponseCode.conflict]);
    expect(named.find((answer) => answer.body.code !== 1)!.body).toMatchObject({ msg: `教学楼名称${name}已存在`, data: { field: 'name' } });
    const taken = await post('/api/campuses/save', admin, campusInput({ name: '东校区' }));
    expect(taken.body).toMatchObject({ code: ResponseCode.conflict, msg: '校区名称东校区已存在', data: { field: 'name' } });
  });

  it('refuses to delete a campus in use, and deletes nothing of the request', async () => {
    const free = await add('campuses', campusInput());
    await add('buildings', buildingInput(campusId));
    for (const [headers, msg] of [
      [{}, '校区正在使用，不能删除'],
      [EN, 'The campus is in use and cannot be deleted'],
    ] as const) {
      const refused = await post('/api/campuses/delete', admin, { ids: [free, campusId] }, headers);
      expect(refused.body).toMatchObject({ code: ResponseCode.conflict, msg, data: { inUse: true } });
    }
    expect(await count('campuses', [free, campusId])).toBe(2);
    // a seeded campus: its users and org units use it
    const seeded = (await list('campuses', { keyword: '本部' })).data.rows[0];
    expect((await post('/api/campuses/delete', admin, { ids: [seeded.id] })).body.code).toBe(ResponseCode.conflict);
    expect((await post('/api/campuses/delete', admin, { ids: [free] })).body).toMatchObject({ code: 1, data: { deleted: 1 } });
  });

  it('keeps schools apart: the kindergarten sees none of the demo school’s buildings and cannot touch them', async () => {
    const kg = await list('buildings', {}, kgAdmin);
    expect(kg.data.rows.map((row) => row.name)).toEqual(DEMO_BUILDINGS.YBB.map((building) => building.name));
    const demoBuilding = (await list('buildings', { keyword: '明德' })).data.rows[0];
    expect((await post('/api/buildings/delete', kgAdmin, { ids: [demoBuilding.id] })).body.code).toBe(ResponseCode.notFound);
    // nor name a demo campus for a building of its own
    const crossed = await post('/api/buildings/save', kgAdmin, buildingInput(campusId));
    expect(crossed.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '所属校区不存在' });
    expect(await count('buildings', [demoBuilding.id])).toBe(1);
  });

  it('asks the buttons’ permissions: a teacher neither lists nor adds', async () => {
    expect((await list('buildings', {}, teacher)).code).toBe(ResponseCode.forbidden);
    expect((await post('/api/campuses/save', teacher, campusInput())).body.code).toBe(ResponseCode.forbidden);
  });
});

describe('migration 0025 for a school started before it', () => {
  it('adds the classroom categories and the places’ import and export buttons once, where missing', async () => {
    const { tenantId } = await seedOwnSchool(t.db, { prefix: 'pl' });
    await ownerQuery(t.db, "DELETE FROM dict_types WHERE tenant_id = $1 AND code = 'STD_JSLB'", [tenantId]);
    await ownerQuery(t.db, "DELETE FROM menus WHERE tenant_id = $1 AND type = 'button' AND perms[1] ~ '^(xqgl|jxlgl|jsgl)_(import|export)$'", [tenantId]);
    const state = async () => ({
      entries: await ownerQuery(t.db, "SELECT e.code, e.name, e.name_en FROM dict_entries e JOIN dict_types d ON d.tenant_id = e.tenant_id AND d.id = e.type_id WHERE e.tenant_id = $1 AND d.code = 'STD_JSLB' ORDER BY e.sort", [tenantId]),
      buttons: await ownerQuery(
        t.db,
        "SELECT b.perms[1] code, b.menuname, b.remark->>'menuNameEng' en, p.perms[1] menu FROM menus b JOIN menus p ON p.tenant_id = b.tenant_id AND p.id = b.parent_id WHERE b.tenant_id = $1 AND b.perms[1] ~ '^(xqgl|jxlgl|jsgl)_(import|export)$' ORDER BY 1",
        [tenantId],
      ),
    });
    // twice: the second run finds everything in place
    for (let run = 0; run < 2; run += 1) {
      await rerunMigrationTail(t.db, '0025_places.sql', 2);
    }
    const { entries, buttons } = await state();
    expect(entries.map((entry) => entry.name)).toEqual(['普通教室', '多媒体教室', '实验室', '功能室', '体育场馆']);
    expect(entries.every((entry) => entry.name_en !== '')).toBe(true);
    expect(buttons).toEqual(
      ['jsgl', 'jxlgl', 'xqgl'].flatMap((menu) => [
        { code: `${menu}_export`, menuname: '导出', en: 'Export', menu },
        { code: `${menu}_import`, menuname: '导入', en: 'Import', menu },
      ]),
    );
  });
});

describe('places: classrooms', () => {
  const urls = resourceUrls(classrooms);
  let buildingId: string;
  let buildingName: string;
  const roomInput = (over: Record<string, unknown> = {}) => ({
    code: `R${tag}${randomBytes(2).toString('hex')}`,
    name: `教室${tag}${randomBytes(2).toString('hex')}`,
    buildingId,
    floor: 2,
    category: '1',
    adminId: '',
    capacity: 45,
    applyType: 'audit',
    advanceDays: null,
    deadlineDays: null,
    ...over,
  });
  const mine = async () => (await list('classrooms', { keyword: tag })).data.rows;

  beforeAll(async () => {
    const input = buildingInput(campusId, { floors: 3 });
    buildingName = input.name;
    buildingId = await add('buildings', input);
  });

  it('lists the seeded classrooms with their building, category and administrator, filtered by building or category', async () => {
    const mingde = (await list('buildings', { keyword: '明德楼' })).data.rows[0];
    const rooms = await list('classrooms', { buildingId: mingde.id });
    expect(rooms.code, rooms.msg).toBe(1);
    expect(rooms.data.total).toBe(1 + 5 * 4);
    expect(rooms.data.rows[0]).toMatchObject({ code: '1100', name: '明德楼体育馆', buildingIdName: '明德楼', floor: 1, categoryName: '体育场馆' });
    expect(rooms.data.rows.every((row) => row.adminIdName !== '')).toBe(true);
    // a dictionary entry in the reader's language
    const inEn = await post<TableAData<Row>>('/api/classrooms/list', admin, { currPage: 0, limit: 1, search: { buildingId: mingde.id } }, EN);
    expect(inEn.body.data.rows[0]).toMatchObject({ categoryName: 'Sports hall' });
    const labs = await list('classrooms', { category: '3' });
    expect(labs.data.rows.length).toBeGreaterThan(0);
    expect(labs.data.rows.every((row) => row.buildingIdName === '实验楼' && row.categoryName === '实验室')).toBe(true);
  });

  it('adds without and with an administrator, with the defaults of empty numbers, and edits', async () => {
    const input = roomInput();
    const id = await add('classrooms', input);
    expect((await mine()).find((row) => row.id === id)).toMatchObject({ adminId: '', adminIdName: '', advanceDays: 7, deadlineDays: 0, categoryName: '普通教室', buildingIdName: buildingName });
    const [teacherRow] = await ownerQuery<{ id: string; name: string }>(t.db, "SELECT id, name FROM users WHERE tenant_id = $1 AND user_no = 'T1000'", [demoId]);
    const edited = await post('/api/classrooms/save', admin, { ...input, adminId: teacherRow.id, id, version: 1 });
    expect(edited.body.code, edited.body.msg).toBe(1);
    expect((await mine()).find((row) => row.id === id)).toMatchObject({ adminId: teacherRow.id, adminIdName: teacherRow.name, version: 2 });
  });

  it('refuses what SPEC §3 and §5 refuse, in the field words of both languages, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ capacity: 100 }, 'capacity', '容纳人数不能大于99', 'The capacity may be at most 99'],
      [{ capacity: null }, 'capacity', '请输入容纳人数', 'Enter the capacity'],
      [{ floor: 10 }, 'floor', '所在楼层不能大于9', 'The floor may be at most 9'],
      [{ name: '室'.repeat(31) }, 'name', '教室名称不能超过30个字符', 'The classroom name may have at most 30 characters'],
      [{ name: `一 ${tag}` }, 'name', '教室名称只能包含字母和数字', 'The classroom name may contain only letters and digits'],
      [{ code: `A-${tag}` }, 'code', '房间号只能包含字母和数字', 'The room number may contain only letters and digits'],
      [{ category: '' }, 'category', '请选择教室类别', 'Choose the category'],
      [{ applyType: 'sometimes' }, 'applyType', '申请类型取值无效', 'The booking is not one of the choices'],
      // values that name nothing of the school: a code outside 教室类别, a made-up person or building
      [{ category: '99' }, 'category', '教室类别不存在', 'The category does not exist'],
      [{ adminId: '0190a0a0-0000-7000-8000-000000000000' }, 'adminId', '管理员不存在', 'The administrator does not exist'],
      [{ buildingId: '0190a0a0-0000-7000-8000-000000000000' }, 'buildingId', '所属教学楼不存在', 'The building does not exist'],
      // the building's own floors (3), a rule across tables
      [{ floor: 4 }, 'floor', '所在楼层不能大于教学楼的楼层数3', "The floor may be at most the building's 3 floors"],
    ];
    for (const [over, field, zh, en] of cases) {
      const input = roomInput(over);
      const inZh = await post('/api/classrooms/save', admin, input);
      expect(inZh.body, JSON.stringify(over)).toMatchObject({ code: ResponseCode.invalidInput, msg: zh, data: { issues: [{ field, message: zh }] } });
      const inEn = await post('/api/classrooms/save', admin, input, EN);
      expect(inEn.body, JSON.stringify(over)).toMatchObject({ code: ResponseCode.invalidInput, msg: en, data: { issues: [{ field, message: en }] } });
    }
    expect((await mine()).filter((row) => row.buildingId === buildingId && row.floor !== 2)).toEqual([]);
  });

  it('keeps a classroom within its building: the building cannot lose the floor a classroom is on (the database refuses too)', async () => {
    const id = await add('classrooms', roomInput({ floor: 3 }));
    const building = (await list('buildings', { keyword: buildingName })).data.rows[0];
    const lowered = await post('/api/buildings/save', admin, { code: building.code, name: buildingName, campusId, floors: 2, id: buildingId, version: building.version }, EN);
    expect(lowered.body).toMatchObject({ code: ResponseCode.invalidInput, msg: 'The floors cannot be fewer than 3: a classroom is on floor 3', data: { issues: [{ field: 'floors' }] } });
    expect((await list('buildings', { keyword: buildingName })).data.rows[0]).toMatchObject({ floors: 3, version: building.version });
    await expect(ownerQuery(t.db, 'UPDATE buildings SET floors = 2 WHERE tenant_id = $1 AND id = $2', [demoId, buildingId])).rejects.toThrow(/a classroom is above floor 2/);
    await expect(ownerQuery(t.db, 'UPDATE classrooms SET floor = 4 WHERE tenant_id = $1 AND id = $2', [demoId, id])).rejects.toThrow(/above its building/);
  });

  it('lowering a building’s floors and adding a classroom on its top floor at once: never both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const input = buildingInput(campusId, { floors: 4 });
      const id = await add('buildings', input);
      const [lowered, added] = await Promise.all([
        post('/api/buildings/save', admin, { ...input, floors: 3, id, version: 1 }),
        post('/api/classrooms/save', admin, roomInput({ buildingId: id, floor: 4 })),
      ]);
      expect([lowered.body.code, added.body.code].sort(), `round ${round}`).toEqual([1, ResponseCode.invalidInput]);
      const [state] = await ownerQuery<{ floors: number; top: number | null }>(t.db, 'SELECT b.floors, (SELECT max(floor) FROM classrooms c WHERE c.tenant_id = b.tenant_id AND c.building_id = b.id) top FROM buildings b WHERE b.id = $1', [id]);
      expect(state.top ?? 0).toBeLessThanOrEqual(state.floors);
    }
  });

  it('two adds of the same room number at once: exactly one wins, the other is told the number is taken', async () => {
    const code = `R${tag}same`;
    const answers = await Promise.all([post('/api/classrooms/save', admin, roomInput({ code })), post('/api/classrooms/save', admin, roomInput({ code }))]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([1, ResponseCode.conflict]);
    expect(answers.find((answer) => answer.body.code !== 1)!.body).toMatchObject({ msg: `房间号${code}已存在`, data: { field: 'code' } });
    expect((await mine()).filter((row) => row.code === code)).toHaveLength(1);
  });

  it('refuses to delete a building with classrooms (建筑物或教室正在使用), all or nothing', async () => {
    const free = await add('buildings', buildingInput(campusId));
    for (const [headers, msg] of [
      [{}, '建筑物或教室正在使用，不能删除'],
      [EN, 'The building or classroom is in use and cannot be deleted'],
    ] as const) {
      const refused = await post('/api/buildings/delete', admin, { ids: [free, buildingId] }, headers);
      expect(refused.body).toMatchObject({ code: ResponseCode.conflict, msg, data: { inUse: true } });
    }
    expect(await count('buildings', [free, buildingId])).toBe(2);
  });

  it('imports a filled template: the dry run lists every bad row, apply writes all or nothing', async () => {
    const good = (n: string, over: Record<string, unknown> = {}) => ({ code: `I${tag}${n}`, name: `导入${tag}${n}`, buildingId: buildingName, floor: 1, category: '多媒体教室', adminId: 'T1000', capacity: 40, applyType: '直接预约', ...over });
    const before = (await mine()).length;
    const bad = await kitTemplateWith(t.app, classrooms, admin, [
      good('1'),
      good('2', { capacity: 100 }),
      good('3', { floor: 3 + 1 }),
      good('4', { buildingId: '没有这栋楼' }),
      good('1', { name: `导入${tag}5` }),
      good('6', { name: `导入 ${tag}` }),
      good('7'),
    ]);
    const check = await kitUpload(t.app, urls.importCheck, bad, admin);
    expect(check.code, check.msg).toBe(1);
    expect(check.data.total).toBe(7);
    expect(check.data.issues.map((issue) => `${issue.row}:${issue.field}`)).toEqual(['3:capacity', '4:floor', '5:buildingId', '6:code', '7:name']);
    expect(check.data.issues[1].message).toBe('所在楼层不能大于教学楼的楼层数3');
    const apply = await kitUpload(t.app, urls.importApply, bad, admin, EN);
    expect(apply.code).toBe(ResponseCode.invalidInput);
    expect(apply.data.issues).toHaveLength(5);
    expect((await mine()).length).toBe(before);

    const fixed = await kitTemplateWith(t.app, classrooms, admin, [good('1'), good('7', { adminId: '' })]);
    expect(await kitUpload(t.app, urls.importApply, fixed, admin)).toMatchObject({ code: 1, msg: '导入成功', data: { added: 2, updated: 0 } });
    const imported = (await mine()).filter((row) => String(row.code).startsWith(`I${tag}`));
    expect(imported.map((row) => [row.code, row.categoryName, row.applyType, row.adminIdName !== ''])).toEqual([
      [`I${tag}1`, '多媒体教室', 'direct', true],
      [`I${tag}7`, '多媒体教室', 'direct', false],
    ]);
  });

  it('keeps schools apart: the kindergarten lists only its own classrooms and cannot put one in a demo building', async () => {
    const kg = await list('classrooms', {}, kgAdmin);
    expect(kg.data.total).toBeGreaterThan(0);
    expect(kg.data.rows.every((row) => ['童趣楼', '阳光楼'].includes(String(row.buildingIdName)))).toBe(true);
    const crossed = await post('/api/classrooms/save', kgAdmin, roomInput());
    expect(crossed.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '所属教学楼不存在' });
  });
});

describe('places: the kit’s edges', () => {
  let buildingName: string;
  const options = async (resource: string, token: string) => (await post<{ rows: { id: string; label: string }[] }>(`/api/${resource}/options`, token, {})).body;
  const sheetOf = async (bytes: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    return book;
  };

  beforeAll(async () => {
    const input = buildingInput(campusId, { floors: 3 });
    buildingName = input.name;
    await add('buildings', input);
  });

  it('says an over-long name in the field’s words with data.issues (no generic schema words), and counts characters as the database does', async () => {
    const long = await post<Issues>('/api/campuses/save', admin, campusInput({ name: 'a'.repeat(250) }));
    expect(long.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '校区名称不能超过30个字符', data: { issues: [{ field: 'name', message: '校区名称不能超过30个字符' }] } });
    expect((await post('/api/campuses/save', admin, campusInput({ name: 'a'.repeat(250) }), EN)).body.msg).toBe('The name may have at most 30 characters');
    // an astral character is one character (the CHECK's char_length), not two UTF-16 units
    const astral = `${tag}${'𠀀'.repeat(24)}`;
    expect([...astral].length).toBe(30);
    await add('campuses', campusInput({ name: astral }));
    expect((await post('/api/campuses/save', admin, campusInput({ name: `${astral}𠀀` }))).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '校区名称不能超过30个字符' });
  });

  it('treats a search value that does not parse (a campus id that is no uuid) as no filter', async () => {
    const all = await list('buildings', {});
    const bad = await list('buildings', { campusId: 'not-a-uuid' });
    expect(bad.code, bad.msg).toBe(1);
    expect(bad.data.total).toBe(all.data.total);
    expect((await list('classrooms', { buildingId: '12' })).data.total).toBe((await list('classrooms', {})).data.total);
  });

  it('lists options for who views the resource or one referring to it: a classroom keeper (jsgl) reads the buildings, not the campuses or prompts', async () => {
    const roleId = (
      await ownerQuery<{ id: string }>(t.db, "INSERT INTO roles (tenant_id, id, code, name, type) VALUES ($1, gen_random_uuid(), $2, '教室管理员', 'ordinary') RETURNING id", [demoId, `jsgl_${tag}`])
    )[0].id;
    try {
      await ownerQuery(t.db, "INSERT INTO role_menus (tenant_id, role_id, menu_id) SELECT tenant_id, $1, id FROM menus WHERE tenant_id = $2 AND perms && ARRAY['jsgl']", [roleId, demoId]);
      const keeper = await login(t.app, 'demo', (await createUser(t.db, 'demo', { roles: [`jsgl_${tag}`] })).username);
      const listed = await options('buildings', keeper);
      expect(listed.code, listed.msg).toBe(1);
      expect(listed.data.rows.map((row) => row.label)).toContain(buildingName);
      expect((await options('campuses', keeper)).code).toBe(ResponseCode.forbidden);
      expect((await options('ai-prompts', keeper)).code).toBe(ResponseCode.forbidden);
      // a teacher holds none of them: no prompt codes, no buildings
      expect((await options('ai-prompts', teacher)).code).toBe(ResponseCode.forbidden);
      expect((await options('buildings', teacher)).code).toBe(ResponseCode.forbidden);
      expect((await options('campuses', admin)).code).toBe(1);
    } finally {
      await ownerQuery(t.db, 'DELETE FROM user_roles WHERE role_id = $1', [roleId]).catch(() => undefined);
      await ownerQuery(t.db, 'DELETE FROM roles WHERE id = $1', [roleId]).catch(() => undefined);
    }
  });

  it('in English: the template offers and the export writes the dictionary’s English names, and import takes either name or the code', async () => {
    const template = await t.app.inject({ method: 'GET', url: resourceUrls(classrooms).template, headers: { 'x-access-token': admin, ...EN } });
    const lists = (await sheetOf(template.rawPayload)).getWorksheet('lists')!;
    const offered: string[] = [];
    lists.eachRow((row) => row.eachCell((cell) => offered.push(String(cell.value))));
    expect(offered).toEqual(expect.arrayContaining(['Laboratory', 'Ordinary classroom', 'Booked directly']));
    expect(offered).not.toContain('实验室');

    const exported = await t.app.inject({ method: 'POST', url: resourceUrls(classrooms).export, headers: { 'x-access-token': admin, ...EN }, payload: { search: { category: '3' } } });
    expect(exported.statusCode).toBe(200);
    const sheet = (await sheetOf(exported.rawPayload)).worksheets[0];
    let column = 0;
    sheet.getRow(1).eachCell((cell, index) => {
      if (String(cell.value).replace('*', '') === 'Category') column = index;
    });
    const categories = new Set<string>();
    for (let row = 2; row <= sheet.actualRowCount; row += 1) categories.add(String(sheet.getRow(row).getCell(column).value));
    expect([...categories]).toEqual(['Laboratory']);

    const room = (n: string, category: string) => ({ code: `E${tag}${n}`, name: `英文${tag}${n}`, buildingId: buildingName, floor: 1, category, capacity: 30, applyType: 'Booked directly' });
    const filled = await kitTemplateWith(t.app, classrooms, admin, [room('1', 'Laboratory'), room('2', 'laboratory'), room('3', '3'), room('4', '实验室')], 'en');
    const check = await kitUpload(t.app, resourceUrls(classrooms).importCheck, filled, admin, EN);
    expect(check).toMatchObject({ code: 1, data: { total: 4, added: 4, issues: [] } });
  });

  it('answers the database’s refusals of a write in the definition’s words: a referenced row gone (23503), a floors trigger (23514)', async () => {
    const kit = t.app.services.kit;
    const mingde = (await list('buildings', { keyword: '明德楼' })).data.rows[0];
    // the refused statement aborts the transaction; the refusal is what the request would answer (and it rolls back)
    const refusalOf = (write: (scope: { tx: Parameters<typeof kit.buildings.write>[0] }, session: Parameters<typeof kit.buildings.write>[1]) => Promise<unknown>) =>
      t.app.services.auth.withSession(admin, (scope, session) => write(scope, session!).then(() => null, (error: unknown) => error));
    // a building deleted after the checks: the foreign key names building_id → buildingId
    const room = { code: `G${tag}`, name: `孤${tag}`, buildingId: randomUUID(), floor: 1, category: '1', adminId: null, capacity: 10, applyType: 'audit', advanceDays: 7, deadlineDays: 0 };
    expect(await refusalOf((scope, session) => kit.classrooms.write(scope.tx, session, room))).toMatchObject({
      code: ResponseCode.invalidInput,
      data: { issues: [{ field: 'buildingId', message: '所属教学楼不存在' }] },
    });
    // a classroom on floor 5 of 明德楼: lowering its floors to 1 is refused by the trigger (here without the save's own check)
    expect(await refusalOf((scope, session) => kit.buildings.write(scope.tx, session, { floors: 1 }, { id: mingde.id, version: mingde.version }, 'en'))).toMatchObject({
      code: ResponseCode.conflict,
      data: { stale: true },
    });
    expect((await list('buildings', { keyword: '明德楼' })).data.rows[0]).toMatchObject({ floors: mingde.floors, version: mingde.version });
  });

  it('an import finds a ref value past the selects’ 2,000 options (its lookups are not capped)', async () => {
    const prefix = `Z${tag}`;
    await ownerQuery(t.db, "INSERT INTO campuses (tenant_id, id, code, name, sort) SELECT $1, gen_random_uuid(), $2 || lpad(g::text, 4, '0'), $2 || lpad(g::text, 4, '0'), 99 FROM generate_series(1, 2001) g", [demoId, prefix]);
    try {
      const last = `${prefix}2001`;
      expect((await options('campuses', admin)).data.rows.map((row) => row.label)).not.toContain(last);
      const file = await kitTemplateWith(t.app, buildings, admin, [{ code: nextCode++, name: `远楼${tag}`, floors: 2, campusId: last }]);
      expect(await kitUpload(t.app, resourceUrls(buildings).importCheck, file, admin)).toMatchObject({ code: 1, data: { total: 1, added: 1, issues: [] } });
    } finally {
      await ownerQuery(t.db, 'DELETE FROM campuses WHERE tenant_id = $1 AND code LIKE $2', [demoId, `${prefix}%`]);
    }
  });
});
