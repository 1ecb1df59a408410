import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../../contracts/files';
import { storedZip, tinyApk } from '../apk-versions/apk-fixture';
import { buildTestApp, call, createUser, login, ownerQuery, postUpload, type TestApp, uniqueIp, uploadFile } from '../../test/helpers';
import type { MultipartPart } from '../../test/multipart';

let t: TestApp;
let dataDir: string;
let demoAdmin: string;
let demoTeacher: string;
let kgAdmin: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-files-'));
  t = await buildTestApp({ dataDir });
  [demoAdmin, demoTeacher, kgAdmin] = await Promise.all([login(t.app, 'demo', 'admin'), login(t.app, 'demo', 'teacher'), login(t.app, 'kg', 'admin')]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---------- sample content ----------

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), randomBytes(120)]);
const PE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0', 'latin1'), randomBytes(64)]);
const SCRIPT = Buffer.from('#!/bin/sh\nrm -rf /\n', 'latin1');

const DOCX = storedZip({
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
});

// ---------- multipart ----------

const upload = (token: string | undefined, parts: MultipartPart[], headers: Record<string, string> = {}) => postUpload(t.app, token, parts, headers);

const file = (filename: string, content: Buffer, extra: MultipartPart[] = []): MultipartPart[] => [...extra, { name: 'file', filename, content }];

const uploadOk = (token: string, filename: string, content: Buffer, category?: string) => uploadFile(t.app, token, { filename, content, category });

const download = (token: string | undefined, resId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/file/download/${resId}${query}`, headers: token ? { 'x-access-token': token } : {}, remoteAddress: uniqueIp() });

const filesOnDisk = () =>
  fs.existsSync(path.join(dataDir, 'files'))
    ? (fs.readdirSync(path.join(dataDir, 'files'), { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dataDir, 'files', entry)).isFile())
    : [];

// ---------- tests ----------

describe('POST /file/upload', () => {
  it('stores a png, a pdf and a docx: row with sniffed type, bytes under files/<tenant>/<yyyy>/<mm>/<id>', async () => {
    for (const [name, content, mime] of [
      ['班级合影.png', PNG, 'image/png'],
      ['成绩单.pdf', PDF, 'application/pdf'],
      ['通知.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ] as const) {
      const body = await upload(demoTeacher, file(name, content));
      expect(body, body.msg).toMatchObject({ code: 1, result: true, msg: '上传成功' });
      expect(body.data).toHaveLength(1);
      const { resId, resName, resSuffix, size } = body.data[0]!;
      expect({ resName, resSuffix, size }).toEqual({ resName: name, resSuffix: name.split('.').pop(), size: content.length });
      const [row] = await ownerQuery<{ mime: string; path: string; size: string; tenant_id: string; sha256: string }>(
        t.db,
        'SELECT mime, path, size, tenant_id, sha256 FROM files WHERE id = $1',
        [resId],
      );
      expect(row!.mime).toBe(mime);
      const now = new Date();
      expect(row!.path).toBe(`${row!.tenant_id}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${resId}`);
      expect(fs.readFileSync(path.join(dataDir, 'files', row!.path)).equals(content)).toBe(true);
    }
    expect(fs.readdirSync(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
  });

  it('accepts several files in one call', async () => {
    const body = await upload(demoTeacher, [
      { name: 'category', value: 'picture' },
      { name: 'file', filename: 'a.png', content: PNG },
      { name: 'file', filename: 'b.png', content: PNG },
    ]);
    expect(body.code, body.msg).toBe(1);
    expect(body.data.map((entry) => entry.resName)).toEqual(['a.png', 'b.png']);
  });

  it('refuses zero bytes, oversized, wrong extension, missing file, bad category: 40000, nothing stored', async () => {
    const before = await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM files');
    const diskBefore = filesOnDisk().length;

    expect(await upload(demoTeacher, file('empty.png', Buffer.alloc(0)))).toMatchObject({ code: 40000, result: false, msg: '上传文件大小不能为0' });
    expect(await upload(demoTeacher, file('empty.png', Buffer.alloc(0)), { 'x-lang': 'en' })).toMatchObject({ msg: 'The file size cannot be 0' });

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(demoTeacher, file('big.png', big, [{ name: 'category', value: 'picture' }]))).toMatchObject({
      code: 40000,
      msg: '上传文件大小不能超过2048KB',
    });
    // the category may also come after the file
    expect(await upload(demoTeacher, [...file('big.png', big), { name: 'category', value: 'picture' }])).toMatchObject({
      code: 40000,
      msg: '上传文件大小不能超过2048KB',
    });
    const jpgOnly = await upload(demoTeacher, file('photo.png', PNG, [{ name: 'category', value: 'staffUpload' }]));
    expect(jpgOnly).toMatchObject({ code: 40000, msg: '只能上传jpg类型的文件' });
    // leave certificates: the JPG and PNG pictures the application accepts, nothing a save would refuse later
    const certificate = await upload(demoTeacher, file('sick-note.gif', Buffer.from('GIF89a'), [{ name: 'category', value: 'leaveCertificate' }]));
    expect(certificate).toMatchObject({ code: 40000, msg: '只能上传jpg,jpeg,png类型的文件' });
    expect(await upload(demoTeacher, file('notes.txt', Buffer.from('hello')))).toMatchObject({ code: 40000, msg: expect.stringContaining('只能上传jpg,jpeg,png') });
    expect(await upload(demoTeacher, file('noextension', PNG))).toMatchObject({ code: 40000, msg: expect.stringContaining('只能上传') });

    const missing = await upload(demoTeacher, [{ name: 'category', value: 'picture' }]);
    expect(missing).toMatchObject({ code: 40000, msg: expect.stringContaining('file') });
    const otherField = await upload(demoTeacher, [{ name: 'upload', filename: 'a.png', content: PNG }]);
    expect(otherField).toMatchObject({ code: 40000, msg: expect.stringContaining('file') });

    const badCategory = await upload(demoTeacher, file('a.png', PNG, [{ name: 'category', value: 'nonsense' }]));
    expect(badCategory.code).toBe(40000);
    expect(badCategory.msg).toContain('category');

    const json = await call(t.app, 'POST', '/file/upload', { token: demoTeacher, json: { file: 'x' } });
    expect(json.body).toMatchObject({ code: 40000, msg: expect.stringContaining('multipart') });

    expect(await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM files')).toEqual(before);
    expect(filesOnDisk().length).toBe(diskBefore);
  });

  it('refuses more than 9 files in one call', async () => {
    const parts: MultipartPart[] = Array.from({ length: 10 }, (_, i) => ({ name: 'file', filename: `p${i}.png`, content: PNG }));
    const body = await upload(demoTeacher, parts);
    expect(body).toMatchObject({ code: 40000, msg: '每次最多上传9个文件' });
  });

  it('refuses a renamed executable or script whatever the extension', async () => {
    for (const [name, content] of [
      ['photo.jpg', ELF],
      ['report.pdf', PE],
      ['photo.png', SCRIPT],
      ['slides.docx', PE],
      ['photo.jpg', PNG], // a real png renamed .jpg does not match either
      ['report.pdf', DOCX],
    ] as const) {
      const body = await upload(demoTeacher, file(name, content));
      expect(body, name).toMatchObject({ code: 40000, result: false, msg: '文件内容与扩展名不符' });
    }
  });

  it('needs a session: 90001 without token, nothing stored', async () => {
    const before = filesOnDisk().length;
    expect(await upload(undefined, file('a.png', PNG))).toMatchObject({ code: 90001, result: false });
    expect(filesOnDisk().length).toBe(before);
  });
});

describe('temp files', () => {
  it('left by an interrupted upload are swept once a day old', async () => {
    const tempDir = path.join(dataDir, 'files', '.tmp');
    fs.mkdirSync(tempDir, { recursive: true });
    const old = path.join(tempDir, 'old.part');
    const fresh = path.join(tempDir, 'fresh.part');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const dayAndMinute = new Date(Date.now() - 25 * 60 * 60 * 1000);
    fs.utimesSync(old, dayAndMinute, dayAndMinute);
    expect(await t.app.services.files.storage.sweepStaged(24 * 60 * 60 * 1000)).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});

describe('POST /file/getFiles', () => {
  it('answers the records of the ids asked (JSON array, object, or comma list), leaving out unknown ones', async () => {
    const a = await uploadOk(demoTeacher, '甲.png', PNG);
    const b = await uploadOk(demoTeacher, 'b.pdf', PDF);
    const unknown = '01900000-0000-7000-8000-000000000000';

    const asArray = await call<FileRecord[]>(t.app, 'POST', '/file/getFiles', { token: demoTeacher, json: [b, a, unknown] });
    expect(asArray.body.code).toBe(1);
    expect(asArray.body.data.map((r) => [r.resId, r.resName, r.resSuffix])).toEqual([
      [b, 'b.pdf', 'pdf'],
      [a, '甲.png', 'png'],
    ]);
    const asObject = await call<FileRecord[]>(t.app, 'POST', '/file/getFiles', { token: demoTeacher, json: { resIds: [a] } });
    expect(asObject.body.data).toMatchObject([{ resId: a, resName: '甲.png', resSuffix: 'png', mime: 'image/png', size: PNG.length }]);
    const asForm = await call<FileRecord[]>(t.app, 'POST', '/file/getFiles', { token: demoTeacher, form: { resId: `${a},${b}` } });
    expect(asForm.body.data.map((r) => r.resId)).toEqual([a, b]);
  });

  it('bad ids → 40000; no session → 90001', async () => {
    const bad = await call(t.app, 'POST', '/file/getFiles', { token: demoAdmin, json: ['not-a-uuid'] });
    expect(bad.body.code).toBe(40000);
    expect(bad.body.msg).toContain('resIds');
    expect((await call(t.app, 'POST', '/file/getFiles', { json: [] })).body.code).toBe(90001);
  });
});

describe('GET /file/download/{resId}', () => {
  it('sends the bytes as an attachment with the UTF-8 name, nosniff', async () => {
    const id = await uploadOk(demoTeacher, '成绩单 2026.pdf', PDF);
    const response = await download(demoTeacher, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="___ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('成绩单 2026.pdf')}`);
    expect(Number(response.headers['content-length'])).toBe(PDF.length);
    expect(response.rawPayload.equals(PDF)).toBe(true);
  });

  it('?preview=1 shows images and PDF inline, never other types', async () => {
    const png = await uploadOk(demoTeacher, '照片.png', PNG);
    const pdf = await uploadOk(demoTeacher, 'a.pdf', PDF);
    const docx = await uploadOk(demoTeacher, 'a.docx', DOCX);
    const pngPreview = await download(demoTeacher, png, '?preview=1');
    expect(pngPreview.headers['content-type']).toBe('image/png');
    expect(pngPreview.headers['content-disposition']).toMatch(/^inline; /);
    expect(pngPreview.rawPayload.equals(PNG)).toBe(true);
    expect((await download(demoTeacher, pdf, '?preview=1')).headers['content-disposition']).toMatch(/^inline; /);
    expect((await download(demoTeacher, docx, '?preview=1')).headers['content-disposition']).toMatch(/^attachment; /);
    expect((await download(demoTeacher, png)).headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('unknown id → 40400 envelope; bad id → 40000; no session → 90001', async () => {
    const unknown = await download(demoAdmin, '01900000-0000-7000-8000-000000000000');
    expect(unknown.json()).toMatchObject({ code: 40400, result: false });
    expect((await download(demoAdmin, 'nope')).json()).toMatchObject({ code: 40000 });
    const id = await uploadOk(demoTeacher, 'x.png', PNG);
    expect((await download(undefined, id)).json()).toMatchObject({ code: 90001 });
  });
});

describe('logo files', () => {
  it('are served without a session to the tenant named by Host or X-Tenant; other files and tenants answer 90001', async () => {
    const logo = await uploadOk(demoAdmin, '校徽.png', PNG, 'logo');
    const other = await uploadOk(demoAdmin, 'other.png', PNG);
    const anonymous = (resId: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/file/download/${resId}?preview=1`, headers, remoteAddress: uniqueIp() });
    const byHeader = await anonymous(logo, { 'x-tenant': 'demo' });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['content-disposition']).toMatch(/^inline; /);
    expect(byHeader.rawPayload.equals(PNG)).toBe(true);
    expect((await anonymous(logo, { host: 'demo.localhost' })).rawPayload.equals(PNG)).toBe(true);
    expect((await anonymous(other, { 'x-tenant': 'demo' })).json()).toMatchObject({ code: 90001 });
    expect((await anonymous(logo, { 'x-tenant': 'kg' })).json()).toMatchObject({ code: 90001 });
    expect((await anonymous(logo, {})).json()).toMatchObject({ code: 90001 });
    expect((await anonymous('01900000-0000-7000-8000-000000000000', { 'x-tenant': 'demo' })).json()).toMatchObject({ code: 90001 });
  });

  it('only a holder of system_config may upload one (it becomes public)', async () => {
    const before = filesOnDisk().length;
    expect(await upload(demoTeacher, file('logo.png', PNG, [{ name: 'category', value: 'logo' }]))).toMatchObject({ code: 40300, result: false });
    expect(filesOnDisk().length).toBe(before);
  });
});

describe('apk files', () => {
  it('only a holder of system_apk_add or system_apk_edit may upload one, refused before the bytes are written; one per request', async () => {
    const student = await login(t.app, 'demo', 'student');
    const before = filesOnDisk().length;
    for (const token of [student, demoTeacher]) {
      const zh = await upload(token, file('app.apk', tinyApk(), [{ name: 'category', value: 'apk' }]));
      expect(zh).toMatchObject({ code: 40300, result: false, msg: '没有权限，请联系管理员' });
    }
    expect(filesOnDisk().length).toBe(before);
    // the category named after the file: refused when stored
    expect(await upload(student, [{ name: 'file', filename: 'app.apk', content: tinyApk() }, { name: 'category', value: 'apk' }])).toMatchObject({ code: 40300 });
    expect(filesOnDisk().length).toBe(before);
    // the administrator: one .apk per request
    const two = await upload(demoAdmin, [{ name: 'category', value: 'apk' }, { name: 'file', filename: 'a.apk', content: tinyApk('a') }, { name: 'file', filename: 'b.apk', content: tinyApk('b') }]);
    expect(two).toMatchObject({ code: 40000 });
    expect(two.msg).toMatch(/1/);
    expect(filesOnDisk().length).toBe(before);
    await uploadOk(demoAdmin, 'app.apk', tinyApk(), 'apk');
    expect(filesOnDisk().length).toBe(before + 1);
  });
});

describe('tenancy', () => {
  it("another tenant's resId is not found for download, getFiles or remove, and nothing changes", async () => {
    const kgFile = await uploadOk(kgAdmin, '园所.png', PNG);
    const demoFile = await uploadOk(demoAdmin, '学校.png', PNG);

    expect((await download(demoAdmin, kgFile)).json()).toMatchObject({ code: 40400 });
    expect((await download(kgAdmin, demoFile)).json()).toMatchObject({ code: 40400 });
    expect((await call(t.app, 'POST', '/file/getFiles', { token: demoAdmin, json: [kgFile] })).body.data).toEqual([]);
    expect((await call(t.app, 'POST', `/file/remove/${kgFile}`, { token: demoAdmin })).body.code).toBe(40400);
    expect((await call(t.app, 'POST', `/file/remove/${demoFile}`, { token: kgAdmin })).body.code).toBe(40400);

    expect((await download(kgAdmin, kgFile)).rawPayload.equals(PNG)).toBe(true);
    expect((await download(demoAdmin, demoFile)).rawPayload.equals(PNG)).toBe(true);
  });
});

describe('POST /file/remove/{resId}', () => {
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return check();
  };

  it('the uploader removes the row and the bytes', async () => {
    const id = await uploadOk(demoTeacher, 'mine.png', PNG);
    const [row] = await ownerQuery<{ path: string }>(t.db, 'SELECT path FROM files WHERE id = $1', [id]);
    const onDisk = path.join(dataDir, 'files', row!.path);
    expect(fs.existsSync(onDisk)).toBe(true);
    const removed = await call(t.app, 'POST', `/file/remove/${id}`, { token: demoTeacher });
    expect(removed.body).toMatchObject({ code: 1, result: true, msg: '删除成功' });
    expect(await ownerQuery(t.db, 'SELECT 1 FROM files WHERE id = $1', [id])).toEqual([]);
    expect(await waitFor(() => !fs.existsSync(onDisk))).toBe(true);
    expect((await call(t.app, 'POST', `/file/remove/${id}`, { token: demoTeacher })).body.code).toBe(40400);
  });

  it("someone else's file is refused (40300) unless the caller holds system_config", async () => {
    const id = await uploadOk(demoAdmin, 'admins.png', PNG);
    const other = await createUser(t.db, 'demo', { roles: ['teacher'] });
    const otherToken = await login(t.app, 'demo', other.username);
    const refused = await call(t.app, 'POST', `/file/remove/${id}`, { token: otherToken });
    expect(refused.body).toMatchObject({ code: 40300, result: false });
    expect(await ownerQuery(t.db, 'SELECT 1 FROM files WHERE id = $1', [id])).toHaveLength(1);

    const teachersFile = await uploadOk(otherToken, 'teachers.png', PNG);
    const byAdmin = await call(t.app, 'POST', `/file/remove/${teachersFile}`, { token: demoAdmin });
    expect(byAdmin.body.code).toBe(1);
  });

  it('no session → 90001', async () => {
    const id = await uploadOk(demoTeacher, 'keep.png', PNG);
    expect((await call(t.app, 'POST', `/file/remove/${id}`)).body.code).toBe(90001);
    expect(await ownerQuery(t.db, 'SELECT 1 FROM files WHERE id = $1', [id])).toHaveLength(1);
  });
});
