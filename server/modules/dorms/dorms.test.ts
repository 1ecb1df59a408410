import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DORM_TEXT, type DormAllocation, type DormBoard, type DormOverview, type DormStayRow } from '../../../contracts/dorms';
import { ResponseCode } from '../../../contracts/envelope';
import { addDays, schoolDate } from '../../../contracts/school-time';
import { students } from '../students/students.table';
import { resourceUrls } from '../../../contracts/resource';
import { dormRooms } from '../../../contracts/resources/dorm-rooms';
import { buildTestApp, call, login, ownerQuery, seedOwnSchool, type TestApp } from '../../test/helpers';
import { kitTemplateWith, kitUpload } from '../../test/kit-import';

/**
 * 宿舍管理 on a school of this file's own (the demo school's 七年级: three classes, no dormitories, no
 * student records): the tests make its buildings, rooms and boarders. Concurrency is real: the calls
 * run side by side, each in its own transaction on the pool.
 */

let t: TestApp;
let tenantId: string;
let code: string;
let admin: string;
let teacher: string;
let campusId: string;
const EN = { 'x-lang': 'en' };
const today = schoolDate();
interface Student {
  id: string;
  gender: string;
  classId: string;
  className: string;
}
let boys: Student[];
let girls: Student[];
const post = <T = unknown>(url: string, json: unknown, headers: Record<string, string> = {}, token = admin) => call<T>(t.app, 'POST', url, { token, json, headers });
const ok = async <T = unknown>(url: string, json: unknown) => {
  const { body } = await post<T>(url, json);
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
let nextBuilding = 1;
const building = async (floors = 3) => (await ok<{ id: string }>('/api/dorm-buildings/save', { code: nextBuilding, name: `测试宿舍楼${nextBuilding++}`, floors, campusId })).id;
let nextRoom = 100;
const room = async (buildingId: string, gender: string, totalBeds: number, validBeds = totalBeds) =>
  (await ok<{ id: string }>('/api/dorm-rooms/save', { code: `R${nextRoom++}`, buildingId, floor: 1, totalBeds, validBeds, gender })).id;
const openStays = async (where: string, values: unknown[]) =>
  (await ownerQuery<{ n: number }>(t.db, `SELECT count(*)::int n FROM dorm_stays WHERE tenant_id = $1 AND to_date IS NULL AND ${where}`, [tenantId, ...values]))[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  ({ code, tenantId } = await seedOwnSchool(t.db, { prefix: 'dm' }));
  admin = await login(t.app, code, 'admin');
  teacher = await login(t.app, code, 'teacher');
  [{ id: campusId }] = await ownerQuery<{ id: string }>(t.db, 'SELECT id FROM campuses WHERE tenant_id = $1 ORDER BY code LIMIT 1', [tenantId]);
  const people = await ownerQuery<{ id: string; gender: string; class_id: string; class_name: string }>(
    t.db,
    `SELECT u.id, u.gender, c.id class_id, c.name class_name FROM users u JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
      WHERE u.tenant_id = $1 AND u.user_type = '2' AND c.kind = 'class' ORDER BY c.code, u.user_no`,
    [tenantId],
  );
  const all = people.map((row) => ({ id: row.id, gender: row.gender, classId: row.class_id, className: row.class_name }));
  // every student of the school a boarder, studying (the students module's record)
  await t.db.withTenant(tenantId, (tx) => tx.insert(students).values(all.map((person) => ({ tenantId, userId: person.id, enrolmentDate: '2026-09-01', boarding: true }))));
  boys = all.filter((person) => person.gender === '1');
  girls = all.filter((person) => person.gender === '2');
  expect(boys.length).toBeGreaterThan(40);
  expect(girls.length).toBeGreaterThan(10);
});

afterAll(async () => {
  await t.close();
});

describe('宿舍管理: rooms', () => {
  it('refuses valid beds above total beds in the SPEC words (zh, en), and the database refuses it too', async () => {
    const buildingId = await building();
    const input = { code: 'R001', buildingId, floor: 1, totalBeds: 4, validBeds: 6, gender: '1' };
    const zh = await post('/api/dorm-rooms/save', input);
    expect(zh.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '有效床位数不能大于总床位数', data: { issues: [{ field: 'validBeds', message: '有效床位数不能大于总床位数' }] } });
    const en = await post('/api/dorm-rooms/save', { ...input, floor: 4 }, EN);
    expect(en.body.msg).toBe("The valid beds may not be more than the total beds; The floor may be at most the building's 3 floors");
    await expect(
      ownerQuery(t.db, `INSERT INTO dorm_rooms (tenant_id, id, code, building_id, floor, total_beds, valid_beds, gender) VALUES ($1, gen_random_uuid(), 'R002', $2, 1, 4, 6, '1')`, [tenantId, buildingId]),
    ).rejects.toThrow(/dorm_rooms_valid_beds_check/);
    expect(await ownerQuery(t.db, `SELECT 1 FROM dorm_rooms WHERE tenant_id = $1 AND code IN ('R001', 'R002')`, [tenantId])).toEqual([]);
  });

  it('an import checks every row with the same rules (dry run lists each, nothing written unless all pass)', async () => {
    const buildingId = await building(2);
    const [{ name }] = await ownerQuery<{ name: string }>(t.db, 'SELECT name FROM dorm_buildings WHERE id = $1', [buildingId]);
    const row = (code: string, over: Record<string, unknown> = {}) => ({ code, buildingId: name, floor: 1, totalBeds: 6, validBeds: 6, gender: '女生', ...over });
    const urls = resourceUrls(dormRooms);
    const bad = await kitTemplateWith(t.app, dormRooms, admin, [row('IMP1'), row('IMP2', { validBeds: 8 }), row('IMP3', { floor: 3 })]);
    const check = await kitUpload(t.app, urls.importCheck, bad, admin);
    expect(check.data.issues.map((issue) => [issue.row, issue.field, issue.message])).toEqual([
      [3, 'validBeds', '有效床位数不能大于总床位数'],
      [4, 'floor', '所在楼层不能大于宿舍楼的楼层数2'],
    ]);
    expect((await kitUpload(t.app, urls.importApply, bad, admin, EN)).code).toBe(ResponseCode.invalidInput);
    expect(await ownerQuery(t.db, `SELECT 1 FROM dorm_rooms WHERE tenant_id = $1 AND code LIKE 'IMP%'`, [tenantId])).toEqual([]);
    const good = await kitTemplateWith(t.app, dormRooms, admin, [row('IMP1'), row('IMP2', { validBeds: 5 })]);
    expect(await kitUpload(t.app, urls.importApply, good, admin)).toMatchObject({ code: 1, data: { added: 2 } });
  });

  it('a room number is unique within its building (zh, en, the index too); another building may have it; an import repeating building and number is refused on the later row', async () => {
    const [first, second] = [await building(), await building()];
    const input = { code: 'U101', floor: 1, totalBeds: 4, validBeds: 4, gender: '1' };
    await ok('/api/dorm-rooms/save', { ...input, buildingId: first });
    await ok('/api/dorm-rooms/save', { ...input, buildingId: second });
    const zh = await post('/api/dorm-rooms/save', { ...input, buildingId: first });
    expect(zh.body).toMatchObject({ code: ResponseCode.conflict, msg: '该所属宿舍楼中房间号U101已存在', data: { field: 'code' } });
    expect((await post('/api/dorm-rooms/save', { ...input, buildingId: first }, EN)).body.msg).toBe('The room number U101 exists already in this dormitory building');
    await expect(
      ownerQuery(t.db, `INSERT INTO dorm_rooms (tenant_id, id, code, building_id, floor, total_beds, valid_beds, gender) VALUES ($1, gen_random_uuid(), 'U101', $2, 1, 4, 4, '1')`, [tenantId, first]),
    ).rejects.toThrow(/dorm_rooms_tenant_building_code_key/);
    const names = await ownerQuery<{ id: string; name: string }>(t.db, 'SELECT id::text, name FROM dorm_buildings WHERE id = ANY($1::uuid[])', [[first, second]]);
    const nameOf = (id: string) => names.find((row) => row.id === id)!.name;
    // the ref selects' options name the building with the number (the definition's label): two U101 told apart
    const options = await ok<{ rows: { id: string; label: string }[] }>('/api/dorm-rooms/options', {});
    expect(options.rows.filter((option) => option.label.endsWith(' U101')).map((option) => option.label).sort()).toEqual([`${nameOf(first)} U101`, `${nameOf(second)} U101`].sort());
    const row = (buildingId: string) => ({ code: 'U202', buildingId: nameOf(buildingId), floor: 2, totalBeds: 4, validBeds: 4, gender: '男生' });
    const urls = resourceUrls(dormRooms);
    const repeated = await kitTemplateWith(t.app, dormRooms, admin, [row(first), row(second), row(first)]);
    expect((await kitUpload(t.app, urls.importCheck, repeated, admin)).data.issues.map((issue) => [issue.row, issue.field, issue.message])).toEqual([[4, 'code', '房间号U202与第2行重复']]);
    const twoBuildings = await kitTemplateWith(t.app, dormRooms, admin, [row(first), row(second)]);
    expect(await kitUpload(t.app, urls.importApply, twoBuildings, admin)).toMatchObject({ code: 1, data: { added: 2 } });
    // again: each row names its own building's room (an update, not a clash)
    expect(await kitUpload(t.app, urls.importCheck, twoBuildings, admin)).toMatchObject({ code: 1, data: { added: 0, updated: 2, issues: [] } });
  });

  it('lists rooms with their building names; teachers without 宿舍管理 are refused', async () => {
    const buildingId = await building();
    await room(buildingId, '2', 6, 5);
    const { body } = await post<{ rows: Record<string, unknown>[] }>('/api/dorm-rooms/list', { currPage: 0, limit: 10, search: { buildingId } });
    expect(body.data.rows).toMatchObject([{ totalBeds: 6, validBeds: 5, gender: '2', buildingIdName: expect.stringMatching(/^测试宿舍楼/) }]);
    expect((await post('/api/dorms/overview', {}, {}, teacher)).body.code).toBe(ResponseCode.forbidden);
  });
});

describe('宿舍管理: placing by hand', () => {
  it('20 placements onto one bed at once: exactly one wins, the others are told the bed is taken (zh / en)', async () => {
    const roomId = await room(await building(), '1', 4);
    const contenders = boys.slice(0, 20);
    const answers = await Promise.all(contenders.map((boy, index) => post('/api/dorms/place', { studentId: boy.id, roomId, bedNo: 1, date: today }, index % 2 ? EN : {})));
    const won = answers.filter((answer) => answer.body.code === 1);
    expect(won).toHaveLength(1);
    const lost = answers.filter((answer) => answer.body.code !== 1);
    expect(new Set(lost.map((answer) => answer.body.code))).toEqual(new Set([ResponseCode.conflict]));
    for (const [index, answer] of answers.entries()) if (answer.body.code !== 1) expect(answer.body.msg).toBe(index % 2 ? DORM_TEXT.bedTaken.en : DORM_TEXT.bedTaken.zh);
    expect(await openStays('room_id = $2 AND bed_no = 1', [roomId])).toBe(1);
  });

  it('one student onto 20 beds at once: exactly one placement, the others are told the student has a bed', async () => {
    const roomId = await room(await building(), '1', 20);
    const boy = boys[20]!;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => post('/api/dorms/place', { studentId: boy.id, roomId, bedNo: index + 1, date: today })));
    expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.body.code !== 1)) expect(answer.body).toMatchObject({ code: ResponseCode.conflict, msg: DORM_TEXT.studentHasBed.zh });
    expect(await openStays('student_id = $2', [boy.id])).toBe(1);
  });

  it('moves and check-outs are dated history; wrong gender, an invalid bed and a date before the stay are refused and change nothing', async () => {
    const buildingId = await building();
    const [from, to, girlsRoom] = [await room(buildingId, '1', 4, 3), await room(buildingId, '1', 4), await room(buildingId, '2', 4)];
    const boy = boys[21]!;
    const start = addDays(today, -20);
    await ok('/api/dorms/place', { studentId: boy.id, roomId: from, bedNo: 2, date: start });
    const stay = (await ok<DormBoard>('/api/dorms/board', { buildingId })).rooms.find((one) => one.id === from)!.beds[1]!.stay!;
    expect(stay).toMatchObject({ id: boy.id, fromDate: start, className: boy.className });

    const refusals = [
      [{ stayId: stay.stayId, roomId: girlsRoom, bedNo: 1, date: today }, DORM_TEXT.genderMismatch],
      [{ stayId: stay.stayId, roomId: from, bedNo: 4, date: today }, DORM_TEXT.bedInvalid(3)],
      [{ stayId: stay.stayId, roomId: to, bedNo: 1, date: addDays(start, -1) }, DORM_TEXT.dateBeforeStay(start)],
    ] as const;
    for (const [input, words] of refusals) {
      const { body } = await post('/api/dorms/move', input, EN);
      expect(body.msg).toBe(words.en);
    }
    expect(await openStays('student_id = $2 AND room_id = $3', [boy.id, from])).toBe(1);

    const moved = addDays(today, -5);
    expect((await post('/api/dorms/move', { stayId: stay.stayId, roomId: to, bedNo: 3, date: moved })).body).toMatchObject({ code: 1, msg: '调换成功' });
    const afterMove = await ok<{ rows: DormStayRow[] }>('/api/dorms/history', { studentId: boy.id });
    expect(afterMove.rows.map((row) => [row.bedNo, row.fromDate, row.toDate, row.endReason])).toEqual([
      [3, moved, null, null],
      [2, start, moved, 'move'],
    ]);
    // the old stay is history: checking it out again says so
    expect((await post('/api/dorms/check-out', { stayId: stay.stayId, date: today })).body).toMatchObject({ code: ResponseCode.conflict, msg: DORM_TEXT.stayMissing.zh });
    // while he sleeps in bed 3 the room keeps 3 valid beds and its gender
    const edit = (over: Record<string, unknown>) => post('/api/dorm-rooms/save', { code: 'RX', buildingId, floor: 1, totalBeds: 4, validBeds: 4, gender: '1', ...over, id: to, version: 1 });
    expect((await edit({ validBeds: 2 })).body.msg).toBe(DORM_TEXT.validBelowOccupied(3).zh);
    expect((await edit({ gender: '2' })).body.msg).toBe(DORM_TEXT.genderOccupied.zh);
    const open = afterMove.rows[0]!;
    expect((await post('/api/dorms/check-out', { stayId: open.id, date: today })).body).toMatchObject({ code: 1, msg: '退宿成功' });
    expect(await openStays('student_id = $2', [boy.id])).toBe(0);
    // a placement backdated into his past stays overlaps them: refused, nothing written
    const again = await post('/api/dorms/place', { studentId: boy.id, roomId: from, bedNo: 1, date: addDays(moved, 1) }, EN);
    expect(again.body).toMatchObject({ code: ResponseCode.conflict, msg: DORM_TEXT.studentOverlap.en });
    expect(await openStays('student_id = $2', [boy.id])).toBe(0);
    expect((await ok<{ rows: DormStayRow[] }>('/api/dorms/history', { studentId: boy.id })).rows[0]).toMatchObject({ toDate: today, endReason: 'checkout' });
  });

  it('only boarders: a day student cannot be placed', async () => {
    const roomId = await room(await building(), '1', 4);
    const day = boys[22]!;
    await ownerQuery(t.db, 'UPDATE students SET boarding = false WHERE tenant_id = $1 AND user_id = $2', [tenantId, day.id]);
    expect((await post('/api/dorms/place', { studentId: day.id, roomId, bedNo: 1, date: today }, EN)).body).toMatchObject({ code: ResponseCode.invalidInput, msg: DORM_TEXT.notBoarder.en });
  });
});

describe('宿舍管理: automatic allocation', () => {
  it('places by gender with classmates together, lists who could not be placed and the shortage per gender; the export holds the occupancy', async () => {
    // the boarders now: four boys of each of two classes and eight girls; the rest day students
    // (boys the tests above placed or made day students are left out)
    const fresh = boys.slice(23);
    const classes = [...new Set(fresh.map((boy) => boy.classId))].filter((classId) => fresh.filter((boy) => boy.classId === classId).length >= 4).slice(0, 2);
    const chosenBoys = classes.flatMap((classId) => fresh.filter((boy) => boy.classId === classId).slice(0, 4));
    expect(chosenBoys).toHaveLength(8);
    const chosenGirls = girls.slice(0, 8);
    await ownerQuery(t.db, 'UPDATE students SET boarding = (user_id = ANY($2)) WHERE tenant_id = $1', [tenantId, [...chosenBoys, ...chosenGirls].map((one) => one.id)]);

    const buildingCode = nextBuilding;
    const buildingId = await building();
    const boyRooms = [await room(buildingId, '1', 4), await room(buildingId, '1', 4)];
    const girlRoom = await room(buildingId, '2', 8, 6);
    const { body } = await post<DormAllocation>('/api/dorms/allocate', { gradeId: '', buildingId, date: today });
    expect(body).toMatchObject({ code: 1, msg: DORM_TEXT.someUnplaced(2).zh });
    expect(body.data.placed).toBe(14);
    expect(body.data.unplaced.map((one) => one.gender)).toEqual(['2', '2']);
    expect(body.data.shortages).toEqual([
      { gender: '1', waiting: 8, freeBeds: 8, short: 0 },
      { gender: '2', waiting: 8, freeBeds: 6, short: 2 },
    ]);

    const board = await ok<DormBoard>('/api/dorms/board', { buildingId });
    const livingIn = (roomId: string) => board.rooms.find((one) => one.id === roomId)!.beds.flatMap((bed) => (bed.stay ? [bed.stay] : []));
    for (const [index, roomId] of boyRooms.entries()) {
      const residents = livingIn(roomId);
      expect(residents.map((one) => one.gender)).toEqual(['1', '1', '1', '1']);
      // one class a room
      expect(new Set(residents.map((one) => boys.find((boy) => boy.id === one.id)!.classId))).toEqual(new Set([classes[index]]));
    }
    expect(livingIn(girlRoom).map((one) => one.gender)).toEqual(Array(6).fill('2'));
    const left = new Set(body.data.unplaced.map((one) => one.id));
    expect(livingIn(girlRoom).some((one) => left.has(one.id))).toBe(false);

    const overview = await ok<DormOverview>('/api/dorms/overview', {});
    expect(overview.waiting).toEqual({ '2': 2 });
    expect(overview.buildings.find((one) => one.id === buildingId)).toMatchObject({ rooms: 3, validBeds: 14, occupied: 14, free: { '1': 0, '2': 0 } });

    // again: nobody new is placed, the same two are listed
    const again = await post<DormAllocation>('/api/dorms/allocate', { gradeId: '', buildingId, date: today }, EN);
    expect(again.body).toMatchObject({ code: 1, msg: DORM_TEXT.someUnplaced(2).en, data: { placed: 0 } });

    const download = await t.app.inject({ method: 'POST', url: '/api/dorms/export', headers: { 'x-access-token': admin, 'x-lang': 'en' }, payload: {} });
    expect(download.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Occupancy', 'Residents']);
    const summary = workbook.getWorksheet('Occupancy')!;
    const mine = summary.getRows(2, summary.rowCount - 1)!.find((row) => row.getCell(1).value === buildingCode)!;
    expect(mine.getCell(3).value).toBe(3);
    expect([mine.getCell(4).value, mine.getCell(5).value]).toEqual([14, 14]);
  });
});
