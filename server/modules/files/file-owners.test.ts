import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contracts/envelope';
import type { FileRecord } from '../../../contracts/files';
import type { StudentDetail } from '../../../contracts/students';
import { tinyApk } from '../apk-versions/apk-fixture';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf, uniqueIp, uploadFile } from '../../test/helpers';

/**
 * Issue 18 B: a file is read only where the record that owns it may be read. Demo school: `student`
 * (seat 1 of the demo class, whose head teacher is `teacher`) and `parent`, a student and a parent
 * of another class, a teacher without any class.
 */

let t: TestApp;
let dataDir: string;
let demoId: string;
const tokens: Record<'admin' | 'teacher' | 'student' | 'parent' | 'otherStudent' | 'otherParent' | 'plainTeacher' | 'noStudents' | 'kgAdmin' | 'kgTeacher', string> = {} as never;
let studentId: string;

/** the smallest content file-type reads as a PDF */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-file-owners-'));
  t = await buildTestApp({ dataDir });
  demoId = await tenantIdOf(t.db, 'demo');
  const [student] = await ownerQuery<{ id: string; org_unit_id: string }>(t.db, `SELECT id::text, org_unit_id::text FROM users WHERE tenant_id = $1 AND username = 'student'`, [demoId]);
  studentId = student!.id;
  // a student of another class and that student's parent
  const [other] = await ownerQuery<{ student: string; parent: string }>(
    t.db,
    `SELECT s.username AS student, p.username AS parent FROM users s
       JOIN parent_students ps ON ps.tenant_id = s.tenant_id AND ps.student_id = s.id
       JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id
      WHERE s.tenant_id = $1 AND s.user_type = '2' AND s.org_unit_id <> $2 AND s.enabled AND p.enabled LIMIT 1`,
    [demoId, student!.org_unit_id],
  );
  const plainTeacher = await createUser(t.db, 'demo', { roles: ['teacher'] });
  const noStudents = await createUser(t.db, 'demo', { roles: ['department_head'] });
  const kgTeacher = await createUser(t.db, 'kg', { roles: ['teacher'] });
  const names = { admin: 'admin', teacher: 'teacher', student: 'student', parent: 'parent', otherStudent: other!.student, otherParent: other!.parent, plainTeacher: plainTeacher.username, noStudents: noStudents.username };
  for (const [who, username] of Object.entries(names)) tokens[who as keyof typeof tokens] = await login(t.app, 'demo', username);
  tokens.kgAdmin = await login(t.app, 'kg', 'admin');
  tokens.kgTeacher = await login(t.app, 'kg', kgTeacher.username);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const upload = (token: string, filename: string, content: Buffer, category: string) => uploadFile(t.app, token, { filename, content, category });

/** What a download answers: 200 with the bytes, or the envelope's code. */
async function readAs(token: string | undefined, resId: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: `/file/download/${resId}`, headers: { ...(token ? { 'x-access-token': token } : {}), ...headers }, remoteAddress: uniqueIp() });
  return response.statusCode === 200 && !String(response.headers['content-type']).startsWith('application/json') ? 200 : (response.json() as Envelope<unknown>).code;
}

const ownerOf = async (resId: string) =>
  (await ownerQuery<{ owner_kind: string | null; owner_record_id: string | null }>(t.db, 'SELECT owner_kind, owner_record_id FROM files WHERE id = $1', [resId]))[0];

const schoolDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

describe('an upload no record has claimed yet', () => {
  it('is read (and listed by getFiles) only by its uploader', async () => {
    const id = await upload(tokens.parent, '病假条.png', PNG, 'leaveCertificate');
    expect(await ownerOf(id)).toEqual({ owner_kind: null, owner_record_id: null });
    expect(await readAs(tokens.parent, id)).toBe(200);
    for (const who of ['student', 'teacher', 'admin', 'otherParent'] as const) expect(await readAs(tokens[who], id), who).toBe(40300);
    expect(await readAs(undefined, id, { 'X-Tenant': 'demo' })).toBe(90001);

    const asked = async (token: string) => (await call<FileRecord[]>(t.app, 'POST', '/file/getFiles', { token, json: [id] })).body.data.map((r) => r.resName);
    expect(await asked(tokens.parent)).toEqual(['病假条.png']);
    // the name alone may say what it is: others get nothing
    expect(await asked(tokens.admin)).toEqual([]);
  });

  it('a refused download says why, in the caller\'s language', async () => {
    const id = await upload(tokens.teacher, 'note.png', PNG, 'picture');
    const zh = await t.app.inject({ method: 'GET', url: `/file/download/${id}`, headers: { 'x-access-token': tokens.student } });
    expect(zh.json()).toMatchObject({ code: 40300, result: false, msg: '无权查看此文件：它属于您无权查看的记录' });
    const en = await t.app.inject({ method: 'GET', url: `/file/download/${id}`, headers: { 'x-access-token': tokens.student, 'x-lang': 'en' } });
    expect(en.json()).toMatchObject({ code: 40300, msg: 'You may not open this file: it belongs to a record you may not see' });
  });
});

describe('owner kind application (leave certificates)', () => {
  it('the people who may see the application read its pictures; another class, another parent, a teacher without the right do not', async () => {
    const picture = await upload(tokens.parent, '诊断书.png', PNG, 'leaveCertificate');
    const day = schoolDay(400 + Math.floor(Math.random() * 200));
    const applicationId = uuidv7();
    const saved = await call<{ id: string }>(t.app, 'POST', '/api/applications/save', {
      token: tokens.parent,
      json: { id: applicationId, kind: 'student_leave', applicantId: studentId, leaveType: '1', startsAt: `${day}T08:00:00+08:00`, endsAt: `${day}T17:00:00+08:00`, reason: '发烧', attachments: [picture], submit: true },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(await ownerOf(picture)).toEqual({ owner_kind: 'application', owner_record_id: applicationId });

    // the filer, the applicant and the head teacher who audits it
    for (const who of ['parent', 'student', 'teacher'] as const) expect(await readAs(tokens[who], picture), who).toBe(200);
    for (const who of ['otherStudent', 'otherParent', 'plainTeacher'] as const) expect(await readAs(tokens[who], picture), who).toBe(40300);
    expect(await readAs(undefined, picture, { 'X-Tenant': 'demo' })).toBe(90001);
    // another school does not even see it
    expect(await readAs(tokens.kgAdmin, picture)).toBe(40400);
  });

  it("a status change's documents (学籍异动) are read by 学生信息's viewers too, in the student's detail; a leave's are not; nobody without 学生信息", async () => {
    const document = await upload(tokens.admin, '休学证明.pdf', PDF, 'document');
    const day = schoolDay(300 + Math.floor(Math.random() * 60));
    const filed = await call<{ id: string; version: number }>(t.app, 'POST', '/api/status-changes/apply', {
      token: tokens.admin,
      json: { id: uuidv7(), studentId, changeType: 'suspend', effectiveDate: day, reason: '病休', attachments: [document] },
    });
    expect(filed.body.code, filed.body.msg).toBe(1);
    // withdrawn at once: nothing waits in the demo school's todo lists, and the record (and its documents) stays
    const withdrawn = await call(t.app, 'POST', '/api/applications/withdraw', { token: tokens.admin, json: { id: filed.body.data.id, version: filed.body.data.version } });
    expect(withdrawn.body.code, withdrawn.body.msg).toBe(1);
    expect(await ownerOf(document)).toEqual({ owner_kind: 'application', owner_record_id: filed.body.data.id });

    // plainTeacher holds 学生信息 (xsxx) and audits nothing: the change's document opens, a leave's picture does not
    expect(await readAs(tokens.plainTeacher, document)).toBe(200);
    const detail = await call<StudentDetail>(t.app, 'POST', '/api/students/detail', { token: tokens.plainTeacher, json: { id: studentId } });
    expect(detail.body.code, detail.body.msg).toBe(1);
    const change = detail.body.data.changes.find((row) => row.id === filed.body.data.id);
    expect(change).toMatchObject({ changeType: 'suspend', state: 'withdrawn', effectiveDate: day, reason: '病休', attachments: [{ resId: document, resName: '休学证明.pdf' }] });
    const leavePicture = await upload(tokens.parent, '请假条.png', PNG, 'leaveCertificate');
    const leaveDay = schoolDay(900 + Math.floor(Math.random() * 200));
    const leave = await call(t.app, 'POST', '/api/applications/save', {
      token: tokens.parent,
      json: { id: uuidv7(), kind: 'student_leave', applicantId: studentId, leaveType: '1', startsAt: `${leaveDay}T08:00:00+08:00`, endsAt: `${leaveDay}T17:00:00+08:00`, reason: '发烧', attachments: [leavePicture], submit: true },
    });
    expect(leave.body.code, leave.body.msg).toBe(1);
    expect(await readAs(tokens.plainTeacher, leavePicture)).toBe(40300);
    // a 处室主任 without 学生信息 reads neither the document nor the detail
    expect(await readAs(tokens.noStudents, document)).toBe(40300);
    expect((await call(t.app, 'POST', '/api/students/detail', { token: tokens.noStudents, json: { id: studentId } })).body.code).toBe(40300);
  });

  it("cannot claim another user's upload", async () => {
    const studentsPicture = await upload(tokens.student, 'x.png', PNG, 'leaveCertificate');
    const day = schoolDay(700 + Math.floor(Math.random() * 200));
    const { body } = await call(t.app, 'POST', '/api/applications/save', {
      token: tokens.parent,
      json: { id: uuidv7(), kind: 'student_leave', applicantId: studentId, leaveType: '1', startsAt: `${day}T08:00:00+08:00`, endsAt: `${day}T17:00:00+08:00`, reason: '发烧', attachments: [studentsPicture], submit: false },
    });
    expect(body.code).toBe(40000);
    expect(await ownerOf(studentsPicture)).toEqual({ owner_kind: null, owner_record_id: null });
  });
});

describe('owner kind schoolSeal', () => {
  it('is claimed by the seal setting: holders of 审批设置 read it, a student does not; another user\'s upload cannot become the seal', async () => {
    const teachersPicture = await upload(tokens.teacher, 'seal.png', PNG, 'picture');
    const refused = await call(t.app, 'POST', '/api/applications/seal/save', { token: tokens.admin, json: { resId: teachersPicture } });
    expect(refused.body).toMatchObject({ code: 40000, msg: '只能使用自己上传的文件' });
    expect(await ownerOf(teachersPicture)).toEqual({ owner_kind: null, owner_record_id: null });

    const seal = await upload(tokens.admin, 'seal.png', PNG, 'picture');
    try {
      const saved = await call(t.app, 'POST', '/api/applications/seal/save', { token: tokens.admin, json: { resId: seal } });
      expect(saved.body.code, saved.body.msg).toBe(1);
      expect(await ownerOf(seal)).toEqual({ owner_kind: 'schoolSeal', owner_record_id: demoId });
      expect(await readAs(tokens.admin, seal)).toBe(200);
      expect(await readAs(tokens.student, seal)).toBe(40300);
    } finally {
      await call(t.app, 'POST', '/api/applications/seal/save', { token: tokens.admin, json: { resId: '' } });
    }
  });
});

describe('owner kind apkVersion', () => {
  it('an unpublished package only for APK版本管理, a published one for anyone, also without login', async () => {
    // the kindergarten school: publishing in the demo school would race the APK tests' version codes
    const apk = await upload(tokens.kgAdmin, 'app.apk', tinyApk(), 'apk');
    const versionCode = 500_000 + Math.floor(Math.random() * 400_000);
    const saved = await call<{ id: string }>(t.app, 'POST', '/api/apk/save', {
      token: tokens.kgAdmin,
      json: { versionName: `9.${versionCode % 1000}.${Math.floor(versionCode / 1000)}`, versionCode, fileId: apk, changelog: '', forceUpdate: false },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(await ownerOf(apk)).toEqual({ owner_kind: 'apkVersion', owner_record_id: saved.body.data.id });
    expect(await readAs(tokens.kgAdmin, apk)).toBe(200);
    expect(await readAs(tokens.kgTeacher, apk)).toBe(40300);
    expect(await readAs(undefined, apk, { 'X-Tenant': 'kg' })).toBe(90001);

    const [row] = await ownerQuery<{ version: number }>(t.db, 'SELECT version FROM apk_versions WHERE id = $1', [saved.body.data.id]);
    const published = await call(t.app, 'POST', '/api/apk/publish', { token: tokens.kgAdmin, json: { id: saved.body.data.id, published: true, version: row!.version } });
    expect(published.body.code, published.body.msg).toBe(1);
    expect(await readAs(tokens.kgTeacher, apk)).toBe(200);
    expect(await readAs(undefined, apk, { 'X-Tenant': 'kg' })).toBe(200);
  });
});

describe('owner kind schoolLogo', () => {
  it('stays public: read without login by the school named in X-Tenant', async () => {
    const logo = await upload(tokens.admin, 'logo.png', PNG, 'logo');
    expect(await readAs(undefined, logo, { 'X-Tenant': 'demo' })).toBe(200);
    expect(await readAs(tokens.student, logo)).toBe(200);
  });
});

describe('migration 0024', () => {
  it('backfills the owner of every file a record names (run again here in a transaction that is rolled back)', async () => {
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      const q = async <R,>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as R[];
      const [admin] = await q<{ id: string }>(`SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'admin'`, [demoId]);
      const file = async (category: string) => {
        const id = uuidv7();
        await q(`INSERT INTO files (tenant_id, id, name, suffix, mime, size, sha256, path, category, owner_id) VALUES ($1, $2, 'a.png', 'png', 'image/png', 1, 'x', 'p/x', $3, $4)`, [demoId, id, category, admin!.id]);
        return id;
      };
      const [attachment, picture, apk, logo, seal, loose] = [await file('leaveCertificate'), await file('surveyPicture'), await file('apk'), await file('logo'), await file('picture'), await file('picture')];
      const [application] = await q<{ id: string }>(`SELECT id::text FROM applications WHERE tenant_id = $1 LIMIT 1`, [demoId]);
      await q(`UPDATE applications SET attachments = attachments || ARRAY[$2::text] WHERE tenant_id = $1 AND id = $3`, [demoId, attachment, application!.id]);
      const [answer] = await q<{ id: string }>(`SELECT id::text FROM survey_answers WHERE tenant_id = $1 LIMIT 1`, [demoId]);
      await q(`UPDATE survey_answers SET values = values || jsonb_build_object('q', jsonb_build_array($2::text)) WHERE tenant_id = $1 AND id = $3`, [demoId, picture, answer!.id]);
      const apkVersionId = uuidv7();
      await q(`INSERT INTO apk_versions (tenant_id, id, version_name, version_code, file_id) VALUES ($1, $2, '1.2.3', 123456789, $3)`, [demoId, apkVersionId, apk]);
      await q(`UPDATE school_info SET logo = $2, seal = $3 WHERE tenant_id = $1`, [demoId, logo, seal]);

      const backfill = fs
        .readFileSync(path.join(import.meta.dirname, '../../db/migrations/0024_file_owners.sql'), 'utf8')
        .split('--> statement-breakpoint')
        .filter((statement) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(statement));
      expect(backfill).toHaveLength(5);
      for (const statement of backfill) await q(statement);

      const rows = await q<{ id: string; owner_kind: string | null; owner_record_id: string | null }>(
        `SELECT id::text, owner_kind, owner_record_id FROM files WHERE id = ANY($1::uuid[])`,
        [[attachment, picture, apk, logo, seal, loose]],
      );
      const ownerById = Object.fromEntries(rows.map((row) => [row.id, [row.owner_kind, row.owner_record_id]]));
      expect(ownerById).toEqual({
        [attachment]: ['application', application!.id],
        [picture]: ['surveyAnswer', answer!.id],
        [apk]: ['apkVersion', apkVersionId],
        [logo]: ['schoolLogo', demoId],
        [seal]: ['schoolSeal', demoId],
        [loose]: [null, null],
      });
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
