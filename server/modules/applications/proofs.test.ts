import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import QRCode from 'qrcode';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_URLS, type SealSetting } from '../../../contracts/applications';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf, uniqueIp, uploadFile } from '../../test/helpers';
import { qrCode } from './proofs.pdf';
import { maskName, proofRenderer } from './proofs.service';

/**
 * Printable proofs, their verification page and the seal setting, against the demo school. The
 * applications are inserted directly (the filing and audit endpoints are another module's); the
 * students, parents, exam batch and uploads are this file's own and removed afterwards.
 */

let t: TestApp;
let dataDir: string;
let demoId: string;
let kgId: string;
let admin: string;
let teacher: string;
let kgAdmin: string;
let classId: string;
let className: string;
let grade7: string;
let semesterId: string;

const student = { id: '', token: '', name: '' };
const parent = { id: '', token: '' };
let otherParent: string;
let plainStudent: string;

/** applications and batches this file made */
const madeApplications: string[] = [];
const madeBatches: string[] = [];
const madeUsers: string[] = [];

interface ProofOptions {
  kind?: string;
  state?: string;
  details?: Record<string, unknown>;
  applicantId?: string;
  submittedBy?: string;
  tenantId?: string;
  orgUnitId?: string | null;
}

/** Inserts an application (approved enrolment proof unless told) and returns its id and verify code. */
async function makeProof(options: ProofOptions = {}): Promise<{ id: string; code: string }> {
  const id = uuidv7();
  const state = options.state ?? 'approved';
  const code = state === 'approved' ? randomBytes(8).toString('hex').toUpperCase() : null;
  madeApplications.push(id);
  await ownerQuery(
    t.db,
    `INSERT INTO applications (tenant_id, id, kind, applicant_id, submitted_by, org_unit_id, details, state, steps, step, submitted_at, decided_at, deadline_at, verify_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, '[{"kind":"head_teacher"},{"kind":"role","roleCode":"teaching_office"}]'::jsonb, $9,
       now() - interval '1 day', CASE WHEN $8 = 'approved' THEN timestamptz '2026-11-20T09:00:00+08:00' END, now() + interval '6 days', $10)`,
    [
      options.tenantId ?? demoId,
      id,
      options.kind ?? 'enrolment_proof',
      options.applicantId ?? student.id,
      options.submittedBy ?? parent.id,
      options.orgUnitId === undefined ? classId : options.orgUnitId,
      JSON.stringify(options.details ?? { purpose: '办理签证', copies: 1 }),
      state,
      state === 'approved' ? 1 : 0,
      code,
    ],
  );
  return { id, code: code ?? '' };
}

const getProof = (id: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${APPLICATION_URLS.proof}/${id}`, headers: { 'x-access-token': token, host: 'demo.localhost', ...headers }, remoteAddress: uniqueIp() });

const verifyPage = (tenant: string, code: string) => t.app.inject({ method: 'GET', url: `${APPLICATION_URLS.verify}/${tenant}/${code}`, remoteAddress: uniqueIp() });

/** The image XObjects of a PDF page (the QR code, and the seal when it is a picture). */
async function pageImages(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(0);
  const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  const images = (xObjects?.keys() ?? []).map((key) => xObjects!.lookup(key, PDFStream).dict).filter((dict) => dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  return { pdf, images };
}

const upload = (token: string, filename: string, content: Buffer, category: string) => uploadFile(t.app, token, { filename, content, category });

const saveSeal = (token: string, resId: string, headers: Record<string, string> = {}) => call<SealSetting>(t.app, 'POST', APPLICATION_URLS.sealSave, { token, json: { resId }, headers });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-proofs-'));
  t = await buildTestApp({ dataDir });
  demoId = await tenantIdOf(t.db, 'demo');
  kgId = await tenantIdOf(t.db, 'kg');
  const klass = (await ownerQuery<{ id: string; name: string; parent_id: string }>(t.db, `SELECT id::text, name, parent_id::text FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND name = '七年级(2)班'`, [demoId]))[0];
  classId = klass.id;
  className = klass.name;
  grade7 = klass.parent_id;
  semesterId = (await ownerQuery<{ id: string }>(t.db, 'SELECT id::text FROM semesters WHERE tenant_id = $1 AND is_current', [demoId]))[0].id;

  const madeStudent = await createUser(t.db, 'demo', { roles: ['student'], userType: '2' });
  const madeParent = await createUser(t.db, 'demo', { roles: ['parent'], userType: '4' });
  const madeOtherParent = await createUser(t.db, 'demo', { roles: ['parent'], userType: '4' });
  const madePlainStudent = await createUser(t.db, 'demo', { roles: ['student'], userType: '2' });
  madeUsers.push(madeStudent.id, madeParent.id, madeOtherParent.id, madePlainStudent.id);
  student.id = madeStudent.id;
  student.name = '张三明';
  parent.id = madeParent.id;
  // the student stays out of the demo class's roll (other files count it); the proofs name the class they were filed in
  await ownerQuery(t.db, `UPDATE users SET name = $3, gender = '1', user_no = '202607099' WHERE tenant_id = $1 AND id = $2`, [demoId, student.id, student.name]);
  await ownerQuery(t.db, `INSERT INTO parent_students (tenant_id, parent_id, student_id, relation) VALUES ($1, $2, $3, '父亲')`, [demoId, parent.id, student.id]);
  [admin, teacher, kgAdmin, student.token, parent.token, otherParent, plainStudent] = await Promise.all([
    login(t.app, 'demo', 'admin'),
    login(t.app, 'demo', 'teacher'),
    login(t.app, 'kg', 'admin'),
    login(t.app, 'demo', madeStudent.username),
    login(t.app, 'demo', madeParent.username),
    login(t.app, 'demo', madeOtherParent.username),
    login(t.app, 'demo', madePlainStudent.username),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await ownerQuery(t.db, `UPDATE school_info SET seal = '' WHERE tenant_id = $1`, [demoId]);
  await ownerQuery(t.db, 'DELETE FROM applications WHERE id = ANY($1::uuid[])', [madeApplications]);
  await ownerQuery(t.db, 'DELETE FROM score_sheets WHERE tenant_id = $1 AND batch_id = ANY($2::uuid[])', [demoId, madeBatches]);
  await ownerQuery(t.db, 'DELETE FROM exam_batches WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [demoId, madeBatches]);
  await ownerQuery(t.db, 'DELETE FROM parent_students WHERE tenant_id = $1 AND student_id = ANY($2::uuid[])', [demoId, madeUsers]);
  await ownerQuery(t.db, 'UPDATE users SET enabled = false WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [demoId, madeUsers]);
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the proof PDF', () => {
  it('answers an approved enrolment proof as an A4 PDF with its name, the drawn seal and the QR code of the verify URL', async () => {
    const proof = await makeProof();
    const qr = vi.spyOn(qrCode, 'png');
    const render = vi.spyOn(proofRenderer, 'render');
    const response = await getProof(proof.id, parent.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`在读证明-${student.name}.pdf`)}`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // the QR's link: the demo school has no public address set, and demo.localhost is a host it lists
    const verifyUrl = `http://demo.localhost${APPLICATION_URLS.verify}/demo/${proof.code}`;
    expect(qr).toHaveBeenCalledWith(verifyUrl);
    const { pdf, images } = await pageImages(response.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getSubject()).toBe(verifyUrl);
    // no seal picture configured: the only picture is the QR code (the seal is drawn)
    expect(images).toHaveLength(1);
    expect(await qr.mock.results[0].value).toEqual(await QRCode.toBuffer(verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 }));

    const input = render.mock.calls[0][0];
    expect(input.title).toBe('在读证明');
    expect(input.paragraphs).toEqual([`兹证明 ${student.name}，男，学号 202607099，系我校 ${className} 在读学生。`]);
    expect(input.closing).toEqual(['此证明仅用于办理签证。', '特此证明。']);
    expect(input.issueDate).toBe('2026年11月20日');
    expect(input.verifyCode).toBe(proof.code);
    expect(input.seal).toBeNull();
    expect(input.schoolName).not.toBe('');
  });

  it('is printed for whoever may see the application (family, its class head teacher, 教务处/admin); not for another family or the head teacher of another class', async () => {
    const proof = await makeProof();
    // the head teacher of 七年级(2)班, where the proof was filed
    const [head] = await ownerQuery<{ username: string }>(
      t.db,
      `SELECT u.username FROM users u JOIN staff_duties d ON d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = 'head_teacher' WHERE u.tenant_id = $1 AND d.org_unit_id = $2 LIMIT 1`,
      [demoId, classId],
    );
    const classHead = await login(t.app, 'demo', head.username);
    for (const token of [student.token, parent.token, admin, classHead]) {
      const response = await getProof(proof.id, token);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
    }
    // teacher: head teacher of 七年级(1)班, holds cjzm_audit/zdzm_audit, but this student is not theirs
    for (const token of [otherParent, plainStudent, teacher]) {
      const response = await getProof(proof.id, token, { 'x-lang': 'en' });
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ code: 40400, msg: 'The application does not exist or has been deleted' });
    }
  });

  it('refuses a pending proof, an application that is not a proof and an unknown id', async () => {
    const pending = await makeProof({ state: 'pending' });
    expect((await getProof(pending.id, parent.token)).json()).toMatchObject({ code: 40000, msg: '证明在审核通过后才能打印' });
    const leave = await makeProof({ kind: 'day_student', details: { address: '学府路1号', guardian: '张父', guardianPhone: '13800000000' } });
    expect((await getProof(leave.id, parent.token)).json()).toMatchObject({ code: 40400, msg: '该申请不是证明类申请，没有可打印的证明' });
    expect((await getProof(uuidv7(), parent.token)).json()).toMatchObject({ code: 40400, msg: '申请不存在或已被删除' });
    // another school's proof is not found (row-level security)
    const kgUser = await createUser(t.db, 'kg', { userType: '2' });
    const kgProof = await makeProof({ tenantId: kgId, applicantId: kgUser.id, submittedBy: kgUser.id, orgUnitId: null });
    expect((await getProof(kgProof.id, admin)).json()).toMatchObject({ code: 40400 });
    expect((await getProof(kgProof.id, kgAdmin)).statusCode).toBe(200);
  });

  it('prints a score proof with a table of the requested published batches: scores, 缺考, 免考, — for none', async () => {
    const batchId = uuidv7();
    const unpublishedId = uuidv7();
    madeBatches.push(batchId, unpublishedId);
    const batchName = `期中考试${randomBytes(3).toString('hex')}`;
    await ownerQuery(
      t.db,
      `INSERT INTO exam_batches (tenant_id, id, semester_id, name, grade_ids, subjects, start_date, end_date, sort, published, published_at)
       VALUES ($1, $2, $4, $5, ARRAY[$6]::uuid[], ARRAY['01','02','03','04'], '2026-11-02', '2026-11-03', 10, true, now()),
              ($1, $3, $4, '未发布考试', ARRAY[$6]::uuid[], ARRAY['01'], '2026-11-05', '2026-11-06', 10, false, NULL)`,
      [demoId, batchId, unpublishedId, semesterId, batchName, grade7],
    );
    const cells: [string, number | null, string][] = [
      ['01', 95.5, ''],
      ['02', null, 'absent'],
      ['03', null, 'exempt'],
    ];
    for (const [subject, score, mark] of cells) {
      const sheetId = uuidv7();
      await ownerQuery(t.db, `INSERT INTO score_sheets (tenant_id, id, batch_id, class_id, subject) VALUES ($1, $2, $3, $4, $5)`, [demoId, sheetId, batchId, classId, subject]);
      await ownerQuery(t.db, `INSERT INTO scores (tenant_id, sheet_id, student_id, score, mark, entered_by) VALUES ($1, $2, $3, $4, $5, $3)`, [demoId, sheetId, student.id, score, mark]);
    }
    const proof = await makeProof({ kind: 'score_proof', details: { purpose: '升学', batchIds: [batchId, unpublishedId], copies: 1 } });
    const render = vi.spyOn(proofRenderer, 'render');
    const response = await getProof(proof.id, student.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`成绩证明-${student.name}.pdf`));
    const input = render.mock.calls[0][0];
    expect(input.title).toBe('成绩证明');
    expect(input.paragraphs[0]).toContain(`系我校 ${className} 学生，其在校考试成绩如下：`);
    const subjects = (await t.db.withTenant(demoId, (tx) => t.app.services.dicts.dicts(tx, ['STD_KM']))).STD_KM;
    const name = (code: string) => subjects.find((subject) => subject.code === code)!.name;
    expect(input.scores).toEqual([
      { batchName, subject: name('01'), value: '95.5' },
      { batchName, subject: name('02'), value: '缺考' },
      { batchName, subject: name('03'), value: '免考' },
      { batchName, subject: name('04'), value: '—' },
    ]);
    const { pdf } = await pageImages(response.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
  });

  it('prints the score lines frozen at approval (details.printed), as many copies as asked; the verify page lists them', async () => {
    const printed = [
      { batchName: '第一次月考', subject: '语文', value: '88' },
      { batchName: '第一次月考', subject: '数学', value: '缺考' },
    ];
    const proof = await makeProof({ kind: 'score_proof', details: { purpose: '升学', batchIds: [uuidv7()], copies: 2, printed } });
    const render = vi.spyOn(proofRenderer, 'render');
    const response = await getProof(proof.id, parent.token);
    expect(response.statusCode).toBe(200);
    expect(render.mock.calls[0][0].scores).toEqual(printed);
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(2);
    const html = (await verifyPage('demo', proof.code)).body;
    expect(html).toContain('证明内容');
    expect(html).toMatch(/<td>第一次月考<\/td><td>语文<\/td><td>88<\/td>/);
    expect(html).toMatch(/<td>数学<\/td><td>缺考<\/td>/);
  });

  it('embeds small font subsets whose every glyph decodes (each glyph padded: fontkit wrote odd-length glyphs at halved offsets)', async () => {
    const proof = await makeProof();
    const response = await getProof(proof.id, parent.token);
    const pdf = await PDFDocument.load(response.rawPayload);
    const fonts: { glyphs: number; broken: number; blank: number }[] = [];
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
      const file = pdf.context.lookup(object.get(PDFName.of('FontFile2'))) as PDFRawStream;
      const font = fontkit.create(Buffer.from(decodePDFRawStream(file).decode()));
      let broken = 0;
      let blank = 0;
      for (let gid = 1; gid < font.numGlyphs; gid += 1) {
        try {
          if ((font.getGlyph(gid).path as unknown as { commands: unknown[] }).commands.length === 0) blank += 1;
        } catch {
          broken += 1;
        }
      }
      fonts.push({ glyphs: font.numGlyphs, broken, blank });
    }
    // regular and bold, a few dozen glyphs each; only the space is blank
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font.glyphs).toBeGreaterThan(5);
      expect(font.glyphs).toBeLessThan(200);
      expect(font).toMatchObject({ broken: 0 });
      expect(font.blank).toBeLessThanOrEqual(1);
    }
    expect(response.rawPayload.length).toBeLessThan(200_000);
  });

  it('renders fast once the fonts are loaded', async () => {
    const proof = await makeProof();
    await getProof(proof.id, parent.token);
    const started = performance.now();
    const rounds = 5;
    for (let i = 0; i < rounds; i += 1) expect((await getProof(proof.id, parent.token)).statusCode).toBe(200);
    const perProof = (performance.now() - started) / rounds;
    console.info(`proof PDF: ${perProof.toFixed(0)} ms per request after the first font load`);
    expect(perProof).toBeLessThan(500);
  });
});

describe('the verification page', () => {
  it('shows a genuine proof: school, kind, masked name, class, date; no script', async () => {
    const proof = await makeProof();
    const response = await verifyPage('demo', proof.code);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const school = (await ownerQuery<{ name: string }>(t.db, 'SELECT name FROM school_info WHERE tenant_id = $1', [demoId]))[0].name;
    for (const text of ['此证明真实有效', 'This proof is genuine', school, '在读证明', '张*明', className, '2026年11月20日']) expect(html).toContain(text);
    expect(html).not.toContain(student.name);
    expect(html.toLowerCase()).not.toContain('<script');
  });

  it('answers 404 for an unknown code, a pending proof, another school, an unknown school', async () => {
    const proof = await makeProof();
    const kgUser = await createUser(t.db, 'kg', { userType: '2' });
    const kgProof = await makeProof({ tenantId: kgId, applicantId: kgUser.id, submittedBy: kgUser.id, orgUnitId: null });
    for (const [tenant, code] of [
      ['demo', 'NOSUCHCODE1234'],
      ['kg', proof.code],
      ['demo', kgProof.code],
      ['nosuchschool', proof.code],
      ['demo', '%3Cscript%3E'],
    ]) {
      const response = await verifyPage(tenant, code);
      expect(response.statusCode, `${tenant}/${code}`).toBe(404);
      expect(response.body).toContain('未找到该证明，可能是伪造的');
      expect(response.body).toContain('No such proof: it may be forged');
      expect(response.body).not.toContain('<script>');
    }
    expect((await verifyPage('kg', kgProof.code)).statusCode).toBe(200);
  });

  it('escapes what it shows', async () => {
    const odd = await createUser(t.db, 'demo', { userType: '2' });
    madeUsers.push(odd.id);
    await ownerQuery(t.db, `UPDATE users SET name = '<b>&x' WHERE tenant_id = $1 AND id = $2`, [demoId, odd.id]);
    const proof = await makeProof({ applicantId: odd.id, submittedBy: odd.id });
    const html = (await verifyPage('demo', proof.code)).body;
    expect(html).toContain('&lt;***x');
    expect(html).not.toContain('<b>');
  });

  it('masks the middle of names', () => {
    expect(maskName('张三明')).toBe('张*明');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳明华')).toBe('欧**华');
  });
});

describe('the seal setting', () => {
  it('prints an uploaded seal picture on the proof, and goes back to the drawn seal with ""', async () => {
    expect((await call<SealSetting>(t.app, 'POST', APPLICATION_URLS.seal, { token: admin })).body).toMatchObject({ code: 1, data: { resId: '', resName: '' } });
    const sealPng = await QRCode.toBuffer('seal', { type: 'png', color: { dark: '#d01010ff', light: '#00000000' } });
    const resId = await upload(admin, '学校公章.png', sealPng, 'picture');
    // the school row's audit columns are put back afterwards (server/security/fuzz.test.ts counts untouched rows)
    const [before] = await ownerQuery<{ updated_at: string; updated_by: string | null; version: number }>(
      t.db,
      'SELECT updated_at::text, updated_by::text, version FROM school_info WHERE tenant_id = $1',
      [demoId],
    );
    try {
      expect((await saveSeal(admin, resId)).body).toMatchObject({ code: 1, data: { resId, resName: '学校公章.png' } });
      expect((await call<SealSetting>(t.app, 'POST', APPLICATION_URLS.seal, { token: admin })).body.data).toEqual({ resId, resName: '学校公章.png' });
      const proof = await makeProof();
      const render = vi.spyOn(proofRenderer, 'render');
      const response = await getProof(proof.id, parent.token);
      expect(render.mock.calls[0][0].seal).toMatchObject({ format: 'png' });
      const { images } = await pageImages(response.rawPayload);
      expect(images).toHaveLength(2);
    } finally {
      expect((await saveSeal(admin, '')).body).toMatchObject({ code: 1, data: { resId: '', resName: '' } });
      await ownerQuery(t.db, 'UPDATE school_info SET updated_at = $2::timestamptz, updated_by = $3, version = $4 WHERE tenant_id = $1', [
        demoId,
        before.updated_at,
        before.updated_by,
        before.version,
      ]);
    }
    const row = await ownerQuery<{ seal: string }>(t.db, 'SELECT seal FROM school_info WHERE tenant_id = $1', [demoId]);
    expect(row[0].seal).toBe('');
  });

  it('refuses a missing file, a non-picture, another school’s file, and callers without spsz_edit', async () => {
    expect((await saveSeal(admin, uuidv7())).body).toMatchObject({ code: 40000, msg: '印章图片不存在，请重新上传' });
    expect((await saveSeal(admin, 'not-an-id')).body).toMatchObject({ code: 40000, msg: '印章图片不存在，请重新上传' });
    const pdfId = await upload(admin, '说明.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'), 'document');
    expect((await saveSeal(admin, pdfId, { 'x-lang': 'en' })).body).toMatchObject({ code: 40000, msg: 'The seal must be a PNG or JPG picture' });
    const kgPng = await upload(kgAdmin, 'kg.png', await QRCode.toBuffer('kg'), 'picture');
    expect((await saveSeal(admin, kgPng)).body).toMatchObject({ code: 40000, msg: '印章图片不存在，请重新上传' });
    expect((await saveSeal(teacher, '')).body).toMatchObject({ code: 40300 });
    expect((await call(t.app, 'POST', APPLICATION_URLS.seal, { token: parent.token })).body).toMatchObject({ code: 40300 });
    const row = await ownerQuery<{ seal: string }>(t.db, 'SELECT seal FROM school_info WHERE tenant_id = $1', [demoId]);
    expect(row[0].seal).toBe('');
  });
});
