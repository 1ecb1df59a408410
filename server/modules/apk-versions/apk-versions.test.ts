import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApkLatestData, ApkVersionRow } from '../../../contracts/apk-versions';
import type { TableAData } from '../../../contracts/envelope';
import { DEMO_KINDERGARTEN, DEMO_PASSWORD } from '../../db/seed';
import { seedSchool } from '../../db/seed/school';
import { hashPassword } from '../auth/passwords';
import { buildTestApp, call, createUser, login, postUpload, type TestApp, uniqueIp, uploadFile } from '../../test/helpers';
import { tinyApk } from './apk-fixture';

/** APK版本管理 and the app's public calls, on a kindergarten of their own (its published versions are the tests'). */

let t: TestApp;
let code: string;
let admin: string;
let teacher: string;
const EN = { 'x-lang': 'en' };
const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const list = async (search: Record<string, string> = {}) => (await post<TableAData<ApkVersionRow>>('/api/apk/list', admin, { currPage: 0, limit: 100, search: JSON.stringify(search) })).body;
const rowOf = async (id: string) => (await list()).data.rows.find((row) => row.id === id);
const latest = async (query = `?tenant=${code}`) => (await call<ApkLatestData | null>(t.app, 'GET', `/api/apk/latest${query}`)).body;

const upload = (category: string, filename: string, content: Buffer) => postUpload(t.app, admin, [{ name: 'category', value: category }, { name: 'file', filename, content }]);
const uploadApk = (label = 'a') => uploadFile(t.app, admin, { filename: `xiaowu-${label}.apk`, content: tinyApk(label), category: 'apk' });
const add = async (over: Record<string, unknown>) => {
  const { body } = await post<{ id: string }>('/api/apk/save', admin, { versionName: '1.0.0', versionCode: 1, fileId: '', changelog: '', forceUpdate: false, ...over });
  expect(body.code, body.msg).toBe(1);
  return body.data.id;
};
const publish = async (id: string, published: boolean, headers: Record<string, string> = {}) => {
  const row = (await rowOf(id))!;
  return (await post<{ published: boolean }>('/api/apk/publish', admin, { id, published, version: row.version }, headers)).body;
};

beforeAll(async () => {
  t = await buildTestApp();
  code = `apk${randomBytes(4).toString('hex')}`;
  await seedSchool(t.db, { ...DEMO_KINDERGARTEN, code, hosts: [`${code}.localhost`], studentsPerClass: 1 }, await hashPassword(DEMO_PASSWORD), new Date('2026-11-21T04:00:00Z'));
  admin = await login(t.app, code, 'admin');
  const user = await createUser(t.db, code, { roles: ['teacher'] });
  teacher = await login(t.app, code, user.username);
});

afterAll(async () => {
  await t.close();
});

describe('APK versions', () => {
  it('the .apk upload profile takes an Android package and refuses other content', async () => {
    const ok = await upload('apk', 'app.apk', tinyApk());
    expect(ok.code, ok.msg).toBe(1);
    const wrongType = await upload('apk', 'app.zip', tinyApk());
    expect(wrongType).toMatchObject({ code: 40000, msg: '只能上传apk类型的文件' });
    const notApk = await upload('apk', 'app.apk', Buffer.from('MZ this is not a package'));
    expect(notApk).toMatchObject({ code: 40000, msg: '文件内容与扩展名不符' });
  });

  it('a full cycle: add with a file, publish, the public latest call answers it and its file downloads without login, unpublish, delete', async () => {
    expect(await latest()).toMatchObject({ code: 1, data: null });
    const fileId = await uploadApk('cycle');
    const id = await add({ versionName: '2.3.1', versionCode: 231, fileId, changelog: '修复已知问题', forceUpdate: true });
    expect(await rowOf(id)).toMatchObject({ versionName: '2.3.1', versionCode: 231, fileId, fileName: 'xiaowu-cycle.apk', fileSize: tinyApk('cycle').length, published: false, publishedAt: null });

    const published = await publish(id, true);
    expect(published).toMatchObject({ code: 1, msg: '发布成功', data: { published: true } });
    expect((await rowOf(id))!.publishedAt).not.toBeNull();
    const answer = await latest();
    expect(answer).toMatchObject({ code: 1, data: { versionName: '2.3.1', versionCode: 231, forceUpdate: true, changelog: '修复已知问题' } });
    const download = await t.app.inject({ method: 'GET', url: answer.data!.downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(download.rawPayload.equals(tinyApk('cycle'))).toBe(true);
    // the school from the X-Tenant header works too; an unknown school is refused
    expect((await call<ApkLatestData>(t.app, 'GET', '/api/apk/latest', { headers: { 'x-tenant': code } })).body.data?.versionCode).toBe(231);
    expect(await latest('?tenant=no-such-school')).toMatchObject({ code: 40000 });
    expect(await latest('')).toMatchObject({ code: 40000 });

    // published: no edit, no delete
    const row = (await rowOf(id))!;
    expect((await post('/api/apk/save', admin, { id, version: row.version, versionName: '2.3.2', versionCode: 232, fileId, changelog: '', forceUpdate: false })).body).toMatchObject({
      code: 40900,
      msg: '已发布的版本不能修改，请先取消发布',
    });
    expect((await post('/api/apk/delete', admin, { ids: [id] })).body).toMatchObject({ code: 40900, msg: '版本2.3.1已发布，不能删除，请先取消发布' });

    expect(await publish(id, false)).toMatchObject({ code: 1, msg: '已取消发布', data: { published: false } });
    expect(await latest()).toMatchObject({ code: 1, data: null });
    // an unpublished version's file is not public
    expect((await t.app.inject({ method: 'GET', url: answer.data!.downloadUrl })).json()).toMatchObject({ code: 40400 });
    // an unknown id among them: 40400, nothing deleted
    expect((await post('/api/apk/delete', admin, { ids: [id, '01900000-0000-7000-8000-00000000dead'] })).body).toMatchObject({ code: 40400, msg: '所选APK版本中有1个不存在或已被删除，未删除任何数据' });
    expect(await rowOf(id)).toBeDefined();
    expect((await post('/api/apk/delete', admin, { ids: [id] })).body).toMatchObject({ code: 1, msg: '删除成功' });
    expect(await rowOf(id)).toBeUndefined();
  });

  it('publishing needs a file and a code above every published one; latest is the highest published code', async () => {
    const noFile = await add({ versionName: '3.0.0', versionCode: 300 });
    expect(await publish(noFile, true)).toMatchObject({ code: 40900, msg: '请先上传安装包再发布' });
    expect(await publish(noFile, true, EN)).toMatchObject({ msg: 'Upload the APK file before publishing' });

    const high = await add({ versionName: '3.1.0', versionCode: 310, fileId: await uploadApk('h') });
    const low = await add({ versionName: '3.0.5', versionCode: 305, fileId: await uploadApk('l') });
    expect((await publish(high, true)).code).toBe(1);
    expect(await publish(low, true)).toMatchObject({ code: 40900, msg: '版本号305须大于已发布的最高版本号310' });
    expect(await publish(low, true, EN)).toMatchObject({ msg: 'The version code 305 must be higher than the highest published one (310)' });
    const higher = await add({ versionName: '3.2.0', versionCode: 320, fileId: await uploadApk('x') });
    expect((await publish(higher, true)).code).toBe(1);
    expect((await latest()).data).toMatchObject({ versionName: '3.2.0', versionCode: 320 });
    expect((await list({ published: '1' })).data.rows.map((row) => row.versionCode)).toEqual([320, 310]);
    // publishing again changes nothing; a stale version is refused
    expect((await publish(higher, true)).code).toBe(1);
    const row = (await rowOf(higher))!;
    expect((await post('/api/apk/publish', admin, { id: higher, published: false, version: row.version - 1 })).body.code).toBe(40900);
    expect((await rowOf(higher))!.published).toBe(true);
    // clean up for the other tests: nothing published
    await publish(higher, false);
    await publish(high, false);
    expect((await post('/api/apk/delete', admin, { ids: [noFile, high, low, higher] })).body).toMatchObject({ code: 1, data: { deleted: 4 } });
  });

  it('refuses a bad name, code or changelog, a duplicate code and a file that is not an uploaded apk, saving nothing', async () => {
    const before = (await list()).data.total;
    const base = { versionName: '4.0.0', versionCode: 400, fileId: '', changelog: '', forceUpdate: false };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ versionName: '' }, '请输入版本名称', 'Enter the version name'],
      [{ versionName: '4.0' }, '版本名称格式应为x.y.z，例如2.3.1', 'The version name must look like x.y.z, e.g. 2.3.1'],
      [{ versionName: 'v4.0.0' }, '版本名称格式应为x.y.z，例如2.3.1', 'The version name must look like x.y.z, e.g. 2.3.1'],
      [{ versionCode: 0 }, '版本号不能小于1', 'The version code must be at least 1'],
      [{ versionCode: -3 }, '版本号不能小于1', 'The version code must be at least 1'],
      [{ versionCode: null }, '请输入版本号', 'Enter the version code'],
      [{ changelog: '新'.repeat(2001) }, '更新说明不能超过2000个字符', 'The changelog may have at most 2000 characters'],
    ];
    for (const [over, zh, en] of cases) {
      expect((await post('/api/apk/save', admin, { ...base, ...over })).body).toMatchObject({ code: 40000, msg: zh });
      expect((await post('/api/apk/save', admin, { ...base, ...over }, EN)).body).toMatchObject({ code: 40000, msg: en });
    }
    expect((await post('/api/apk/save', admin, { ...base, versionCode: 1.5 })).body.code).toBe(40000);
    // a picture is no package; an unknown file neither
    const picture = await upload('picture', 'a.png', Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
    if (picture.code === 1) expect((await post('/api/apk/save', admin, { ...base, fileId: picture.data[0].resId })).body).toMatchObject({ code: 40000, msg: '请上传APK安装包' });
    expect((await post('/api/apk/save', admin, { ...base, fileId: uuidv7() })).body).toMatchObject({ code: 40000, msg: '请上传APK安装包' });
    expect((await list()).data.total).toBe(before);

    const id = await add({ ...base, versionCode: 401 });
    expect((await post('/api/apk/save', admin, { ...base, versionCode: 401 })).body).toMatchObject({ code: 40900, msg: '版本号401已存在' });
    const other = await add({ ...base, versionCode: 402 });
    const row = (await rowOf(other))!;
    expect((await post('/api/apk/save', admin, { ...base, id: other, version: row.version, versionCode: 401 })).body.code).toBe(40900);
    // an edit with the version it read works, a second one with the same version is stale
    expect((await post('/api/apk/save', admin, { ...base, id: other, version: row.version, versionName: '4.0.2', versionCode: 402, changelog: '说明' })).body.code).toBe(1);
    expect((await post('/api/apk/save', admin, { ...base, id: other, version: row.version, versionCode: 402 })).body).toMatchObject({ code: 40900, msg: 'APK版本已被他人修改，请刷新后重试' });
    expect(await rowOf(other)).toMatchObject({ versionName: '4.0.2', changelog: '说明' });
    await post('/api/apk/delete', admin, { ids: [id, other] });
  });

  it('needs the system_apk permissions; publishing without system_apk_publish says to contact the administrator', async () => {
    const id = await add({ versionName: '5.0.0', versionCode: 500, fileId: await uploadApk('p') });
    expect((await post('/api/apk/list', teacher, { currPage: 0, limit: 10 })).body.code).toBe(40300);
    expect((await post('/api/apk/save', teacher, { versionName: '5.0.1', versionCode: 501, fileId: '', changelog: '', forceUpdate: false })).body.code).toBe(40300);
    expect((await post('/api/apk/publish', teacher, { id, published: true, version: 1 })).body.code).toBe(40300);
    expect((await post('/api/apk/delete', teacher, { ids: [id] })).body.code).toBe(40300);
    expect(await rowOf(id)).toMatchObject({ published: false });
    await post('/api/apk/delete', admin, { ids: [id] });
  });

  it('the public calls are rate-limited per address', async () => {
    const limited = await buildTestApp({ rateLimits: { ...t.config.rateLimits, apkLatest: { perAddress: { max: 2, windowSeconds: 60 } } } });
    try {
      const ip = uniqueIp();
      const ask = () => call(limited.app, 'GET', `/api/apk/latest?tenant=${code}`, { ip });
      expect((await ask()).body.code).toBe(1);
      expect((await ask()).body.code).toBe(1);
      expect((await ask()).body.code).toBe(42900);
    } finally {
      await limited.close();
    }
  });
});
