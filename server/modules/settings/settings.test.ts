import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_HEADER } from '../../../contracts/encryption';
import { type Envelope, ResponseCode } from '../../../contracts/envelope';
import type { SecurityKey } from '../../../contracts/session';
import type { SettingsData } from '../../../contracts/settings';
import { openResponse, sealRequest } from '../../../src/lib/request-seal';
import { buildApp } from '../../app';
import { defaultConfig } from '../../config';
import type { Database } from '../../db/client';
import { call, login, openOwnDatabase, ownerQuery, uniqueIp } from '../../test/helpers';

/*
 * The deployment row (record number, request encryption) is global: these tests run on a database
 * of their own (same server, migrated and seeded here) so turning encryption on never reaches the
 * other test files.
 */
let db: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let dropDatabase: () => Promise<void>;
let staticDir: string;
let demoAdmin: string;
let kgAdmin: string;
let teacher: string;

const BUILT = { apiBaseUrl: '', loginTitle: '构建标题', loginFooter: '构建页脚', pageTitle: '构建页面', recordNumber: '京ICP备00000000号', requestEncryption: false, loginType: 'local' };

beforeAll(async () => {
  ({ db, drop: dropDatabase } = await openOwnDatabase('xiaowu_settings', { maxConnections: 5 }));
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-settings-'));
  fs.writeFileSync(path.join(staticDir, 'config.json'), JSON.stringify(BUILT));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>x</title>');
  const config = defaultConfig({ captchaEnabled: false, logLevel: 'silent', staticDir, platformTenant: 'demo' });
  app = await buildApp({ db, config, logger: false });
  await ownerQuery(db, `UPDATE tenants SET hosts = '{kg.example}' WHERE code = 'kg'`);
  demoAdmin = await login(app, 'demo', 'admin');
  kgAdmin = await login(app, 'kg', 'admin');
  teacher = await login(app, 'demo', 'teacher');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
  if (staticDir) fs.rmSync(staticDir, { recursive: true, force: true });
});

const get = (token: string) => call<SettingsData>(app, 'POST', '/api/settings/get', { token, json: {} });
const save = (token: string, json: Record<string, unknown>, lang = 'zh') =>
  call<{ version: number }>(app, 'POST', '/api/settings/save', { token, json, headers: { 'accept-language': lang } });
const configJson = async (url: string, host = 'localhost') => {
  const response = await app.inject({ method: 'GET', url, headers: { host } });
  return { type: String(response.headers['content-type']), body: response.json() as Record<string, unknown> };
};

// first: the last test of the next block turns request encryption on for this database
describe('语言词条', () => {
  const entries = (json: Record<string, unknown>, token = demoAdmin) => call<{ total: number; rows: { key: string; zh: string; en: string }[] }>(app, 'POST', '/api/i18n/entries', { token, json });
  const saveEntry = (json: Record<string, unknown>, token = kgAdmin) => call(app, 'POST', '/api/i18n/save', { token, json });

  it('adds, finds, renames and deletes a key; the language list merges it', async () => {
    expect((await saveEntry({ key: 'custom.greeting', zh: '你好', en: 'Hello' })).body.code).toBe(1);
    expect((await saveEntry({ key: 'custom.greeting', zh: '又一个' })).body).toMatchObject({ code: ResponseCode.conflict, msg: '词条键“custom.greeting”已存在' });
    expect((await saveEntry({ key: '1bad key', zh: 'x' })).body.msg).toBe('词条键只能以字母开头，包含字母、数字、点、下划线和短横线');
    expect((await saveEntry({ key: 'custom.empty' })).body.msg).toBe('请至少填写一种语言的文本');
    const found = await entries({ search: JSON.stringify({ keyword: 'hello' }) }, kgAdmin);
    expect(found.body.data.rows).toEqual([{ key: 'custom.greeting', zh: '你好', en: 'Hello', version: 1 }]);
    // an edit under the same key replaces the texts
    expect((await saveEntry({ key: 'custom.greeting', previousKey: 'custom.greeting', zh: '你好', en: 'Hi there' })).body.code).toBe(1);
    expect((await entries({ search: JSON.stringify({ keyword: 'custom.greeting' }) }, kgAdmin)).body.data.rows).toEqual([{ key: 'custom.greeting', zh: '你好', en: 'Hi there', version: 2 }]);
    expect((await entries({ search: JSON.stringify({ keyword: 'custom.greeting' }) })).body.data.total).toBe(0);
    expect((await saveEntry({ key: 'custom.hi', previousKey: 'custom.greeting', zh: '嗨', en: '' })).body.code).toBe(1);
    const list = await call<{ zh: Record<string, string>; en: Record<string, string> }>(app, 'POST', '/api/internationalLanguage/getInternationalLanguageList', {
      token: kgAdmin,
      form: { size: '-1', page: '0', search: '{}' },
    });
    expect(list.body.data.zh['custom.hi']).toBe('嗨');
    expect(list.body.data.en['custom.hi']).toBeUndefined();
    expect(list.body.data.zh['custom.greeting']).toBeUndefined();
    expect((await entries({ search: JSON.stringify({ keyword: 'custom.', lang: 'en' }) }, kgAdmin)).body.data.total).toBe(0);
    expect((await call(app, 'POST', '/api/i18n/delete', { token: kgAdmin, json: { keys: ['custom.hi'] } })).body.code).toBe(1);
    expect((await entries({ search: JSON.stringify({ keyword: 'custom.' }) }, kgAdmin)).body.data.total).toBe(0);
  });

  it('an edit carries the version (a stale one is 40900); two adds of one key at once: one wins, the other 40900; deleting an unknown key deletes nothing (40400)', async () => {
    expect((await saveEntry({ key: 'custom.v', zh: '一', en: 'One' })).body).toMatchObject({ code: 1, data: { key: 'custom.v', version: 1 } });
    expect((await saveEntry({ key: 'custom.v', previousKey: 'custom.v', zh: '二', en: 'Two', version: 1 })).body).toMatchObject({ code: 1, data: { version: 2 } });
    const stale = (await call(app, 'POST', '/api/i18n/save', { token: kgAdmin, json: { key: 'custom.v', previousKey: 'custom.v', zh: '三', version: 1 }, headers: { 'accept-language': 'en' } })).body;
    expect([stale.code, stale.msg]).toEqual([ResponseCode.conflict, 'Someone else changed this entry; reload and try again']);
    // a language emptied: the key's version still moves on
    expect((await saveEntry({ key: 'custom.v', previousKey: 'custom.v', zh: '', en: 'Two', version: 2 })).body).toMatchObject({ code: 1, data: { version: 3 } });
    expect((await entries({ search: JSON.stringify({ keyword: 'custom.v' }) }, kgAdmin)).body.data.rows).toEqual([{ key: 'custom.v', zh: '', en: 'Two', version: 3 }]);

    const both = await Promise.all([saveEntry({ key: 'custom.race', zh: '甲' }), saveEntry({ key: 'custom.race', zh: '乙' })]);
    expect(both.map((r) => r.body.code).sort()).toEqual([1, ResponseCode.conflict]);
    expect(both.find((r) => r.body.code !== 1)!.body.msg).toBe('词条键“custom.race”已存在');

    const missing = (await call(app, 'POST', '/api/i18n/delete', { token: kgAdmin, json: { keys: ['custom.v', 'custom.nope'] } })).body;
    expect([missing.code, missing.msg]).toEqual([ResponseCode.notFound, '有1个词条不存在或已被删除（custom.nope），未删除任何词条']);
    expect((await entries({ search: JSON.stringify({ keyword: 'custom.v' }) }, kgAdmin)).body.data.total).toBe(1);
    expect((await call(app, 'POST', '/api/i18n/delete', { token: kgAdmin, json: { keys: ['custom.v', 'custom.race'] } })).body).toMatchObject({ code: 1, data: { deleted: 2 } });
  });
});

describe('系统配置 and /config.json', () => {
  it('serves the built file, laid over by each school\'s own titles (host name or ?tenant=)', async () => {
    const plain = await configJson('/config.json');
    expect(plain.type).toContain('application/json');
    expect(plain.body).toMatchObject(BUILT);

    const demo = await get(demoAdmin);
    expect(demo.body.data).toMatchObject({
      tenant: { loginTitle: '', version: 0 },
      // reached at localhost, which the demo school does not list: no access address to fall back on
      defaults: { loginTitle: '构建标题', recordNumber: '京ICP备00000000号', publicOrigin: '' },
      platformEditable: true,
    });
    expect((await save(demoAdmin, { version: 0, loginTitle: '示范学校登录', loginFooter: '示范页脚', pageTitle: '示范校务' })).body.data.version).toBe(1);
    expect((await save(kgAdmin, { version: 0, loginTitle: '幼儿园登录' })).body.code).toBe(1);

    expect((await configJson('/config.json?tenant=demo')).body).toMatchObject({ loginTitle: '示范学校登录', loginFooter: '示范页脚', pageTitle: '示范校务', apiBaseUrl: '' });
    // empty fields keep the built value
    expect((await configJson('/config.json?tenant=kg')).body).toMatchObject({ loginTitle: '幼儿园登录', loginFooter: '构建页脚', pageTitle: '构建页面' });
    // the host name names the school before ?tenant=
    expect((await configJson('/config.json?tenant=demo', 'kg.example')).body.loginTitle).toBe('幼儿园登录');
    expect((await configJson('/config.json', 'kg.example')).body.loginTitle).toBe('幼儿园登录');
    expect((await configJson('/config.json?tenant=nope')).body.loginTitle).toBe('构建标题');
    // an unusable code is no code: the app still gets its configuration (found by the fuzz: a NUL byte answered 40000)
    expect((await configJson('/config.json?tenant=%00')).body.loginTitle).toBe('构建标题');
    expect((await configJson(`/config.json?tenant=${'x'.repeat(65)}`)).body.loginTitle).toBe('构建标题');
  });

  it('refuses a stale version, a bad public origin, teachers', async () => {
    const current = (await get(demoAdmin)).body.data.tenant;
    expect((await save(demoAdmin, { ...current, version: current.version - 1 })).body.code).toBe(ResponseCode.conflict);
    for (const origin of ['ftp://x.example', 'https://x.example/path', 'x.example', 'https://']) {
      const { body } = await save(demoAdmin, { ...current, publicOrigin: origin });
      expect(body, origin).toMatchObject({ code: ResponseCode.invalidInput, msg: '对外访问地址应为 http(s)://域名[:端口]，不带路径' });
    }
    expect((await save(demoAdmin, { ...current, publicOrigin: 'x' }, 'en')).body.msg).toBe('The public address must be http(s)://host[:port] without a path');
    expect((await save(teacher, { ...current })).body.code).toBe(ResponseCode.forbidden);
    expect((await get(teacher)).body.code).toBe(ResponseCode.forbidden);
  });

  it('lets only the platform school change the deployment fields; others see them read-only', async () => {
    const kg = (await get(kgAdmin)).body.data;
    expect(kg.platformEditable).toBe(false);
    expect(kg.platformTenantName).not.toBe('');
    const refused = await save(kgAdmin, { ...kg.tenant, deployment: { ...kg.deployment, recordNumber: '坏备案号' } });
    expect(refused.body.code).toBe(ResponseCode.forbidden);
    expect(refused.body.msg).toContain('只能由平台学校');
    // unchanged deployment values ride along harmlessly
    expect((await save(kgAdmin, { ...kg.tenant, deployment: kg.deployment })).body.code).toBe(1);

    const demo = (await get(demoAdmin)).body.data;
    expect((await save(demoAdmin, { ...demo.tenant, deployment: { ...demo.deployment, recordNumber: '沪ICP备12345678号' } })).body.code).toBe(1);
    expect((await configJson('/config.json?tenant=kg')).body.recordNumber).toBe('沪ICP备12345678号');
    expect((await get(kgAdmin)).body.data.deployment.recordNumber).toBe('沪ICP备12345678号');
  });

  it('without XIAOWU_PLATFORM_TENANT (or naming no school) nobody edits the deployment fields: read-only with a note saying so, a change refused in zh and en', async () => {
    for (const platformTenant of ['', 'no_such_school']) {
      const other = await buildApp({ db, config: defaultConfig({ captchaEnabled: false, logLevel: 'silent', staticDir, platformTenant }), logger: false });
      try {
        const got = await call<SettingsData>(other, 'POST', '/api/settings/get', { token: demoAdmin, json: {} });
        expect(got.body.data).toMatchObject({ platformEditable: false, platformTenantName: '未设置，见部署变量 XIAOWU_PLATFORM_TENANT' });
        const gotEn = await call<SettingsData>(other, 'POST', '/api/settings/get', { token: demoAdmin, json: {}, headers: { 'accept-language': 'en' } });
        expect(gotEn.body.data.platformTenantName).toBe('none set: see the deployment variable XIAOWU_PLATFORM_TENANT');
        const demo = got.body.data;
        const before = await ownerQuery(db, 'SELECT record_number, request_encryption, version FROM deployment_settings');
        const change = { ...demo.tenant, deployment: { ...demo.deployment, recordNumber: '粤ICP备99999999号', requestEncryption: !(demo.deployment.requestEncryption ?? false) } };
        for (const [lang, text] of [
          ['zh', '备案号和请求加密属于整个平台，只能由平台学校（未设置，见部署变量 XIAOWU_PLATFORM_TENANT）的管理员修改'],
          ['en', 'The record-filing number and request encryption belong to the whole platform; only administrators of the platform school (none set: see the deployment variable XIAOWU_PLATFORM_TENANT) can change them'],
        ] as const) {
          const refused = await call(other, 'POST', '/api/settings/save', { token: demoAdmin, json: change, headers: { 'accept-language': lang } });
          expect([refused.body.code, refused.body.msg]).toEqual([ResponseCode.forbidden, text]);
        }
        expect(await ownerQuery(db, 'SELECT record_number, request_encryption, version FROM deployment_settings')).toEqual(before);
        // the school's own fields still save, the deployment values riding along unchanged
        const fresh = (await call<SettingsData>(other, 'POST', '/api/settings/get', { token: demoAdmin, json: {} })).body.data;
        expect((await call(other, 'POST', '/api/settings/save', { token: demoAdmin, json: { ...fresh.tenant, deployment: fresh.deployment } })).body.code).toBe(1);
      } finally {
        await other.close();
      }
    }
  });

  it('makes outside links only from the public origin or a host the school lists: a forged Host gets no link (survey QR, proof PDF)', async () => {
    const [survey] = await ownerQuery<{ id: string }>(db, `SELECT s.id::text FROM questionnaires s JOIN tenants t ON t.id = s.tenant_id WHERE t.code = 'demo' LIMIT 1`);
    // an approved enrolment proof of a demo student (its PDF carries the verification QR)
    const [proof] = await ownerQuery<{ id: string }>(
      db,
      `INSERT INTO applications (tenant_id, id, kind, applicant_id, submitted_by, org_unit_id, details, state, steps, step, submitted_at, decided_at, deadline_at, verify_code)
       SELECT s.tenant_id, $1, 'enrolment_proof', s.id, ps.parent_id, s.org_unit_id, '{"purpose":"办理签证","copies":1}'::jsonb, 'approved',
              '[{"kind":"head_teacher"},{"kind":"role","roleCode":"teaching_office"}]'::jsonb, 1, now() - interval '1 day', now(), now() + interval '6 days', $2
         FROM users s JOIN parent_students ps ON ps.tenant_id = s.tenant_id AND ps.student_id = s.id JOIN tenants t ON t.id = s.tenant_id
        WHERE t.code = 'demo' AND s.user_type = '2' LIMIT 1
       RETURNING id::text`,
      [uuidv7(), randomBytes(8).toString('hex').toUpperCase()],
    );
    const qr = (host: string, lang = 'zh') =>
      app.inject({ method: 'GET', url: `/api/surveys/qr?id=${survey!.id}`, headers: { 'x-access-token': demoAdmin, host, 'accept-language': lang }, remoteAddress: uniqueIp() });
    const pdf = (host: string) => app.inject({ method: 'GET', url: `/api/applications/proof/${proof!.id}`, headers: { 'x-access-token': demoAdmin, host }, remoteAddress: uniqueIp() });
    const linkOf = (response: Awaited<ReturnType<typeof qr>>) => decodeURI(String(response.headers['x-survey-link']));
    const current = (await get(demoAdmin)).body.data.tenant;
    expect(current.publicOrigin).toBe('');

    // no public origin: a Host the school does not list makes no link, and says where to set one
    for (const host of ['evil.example', 'localhost', 'demo.localhost.evil.example']) {
      const refused = await qr(host);
      expect([refused.statusCode, refused.headers['content-type'], refused.headers['x-survey-link']]).toEqual([200, 'application/json; charset=utf-8', undefined]);
      expect(refused.json()).toMatchObject({ code: ResponseCode.invalidInput, result: false, msg: '请先在系统配置中设置对外访问地址：问卷链接、二维码和证明核验链接只使用该地址或本校登记的域名' });
      expect((await pdf(host)).json()).toMatchObject({ code: ResponseCode.invalidInput, result: false });
    }
    // what is not there is still 40400: the origin is asked for only once the record is found
    const missing = await app.inject({ method: 'GET', url: `/api/surveys/qr?id=${uuidv7()}`, headers: { 'x-access-token': demoAdmin, host: 'evil.example' }, remoteAddress: uniqueIp() });
    expect(missing.json().code).toBe(ResponseCode.notFound);
    expect((await app.inject({ method: 'GET', url: `/api/applications/proof/${uuidv7()}`, headers: { 'x-access-token': demoAdmin, host: 'evil.example' }, remoteAddress: uniqueIp() })).json().code).toBe(
      ResponseCode.notFound,
    );
    expect((await qr('evil.example', 'en')).json().msg).toBe(
      'Set the public address in System configuration first: questionnaire links, QR codes and proof verification links use only that address or a host name registered for the school',
    );
    // a host the school lists (tenants.hosts) is its own: the link uses it; the screen shows it as the fallback
    const listed = await qr('demo.localhost:8080');
    expect(listed.headers['content-type']).toBe('image/png');
    expect(linkOf(listed)).toBe(`http://demo.localhost:8080/survey/wjdt/answerSurvey?id=${survey!.id}&tenant=demo`);
    expect((await pdf('demo.localhost')).headers['content-type']).toBe('application/pdf');
    const fromListed = await call<SettingsData>(app, 'POST', '/api/settings/get', { token: demoAdmin, json: {}, headers: { host: 'demo.localhost' } });
    expect(fromListed.body.data.defaults.publicOrigin).toBe('http://demo.localhost');

    // the public origin set: every link uses it, whatever the Host says
    expect((await save(demoAdmin, { ...current, publicOrigin: 'https://xiaowu.example.edu.cn:8443/' })).body.code).toBe(1);
    expect((await get(demoAdmin)).body.data.tenant.publicOrigin).toBe('https://xiaowu.example.edu.cn:8443');
    for (const host of ['evil.example', 'demo.localhost']) {
      expect(linkOf(await qr(host))).toBe(`https://xiaowu.example.edu.cn:8443/survey/wjdt/answerSurvey?id=${survey!.id}&tenant=demo`);
      expect((await pdf(host)).headers['content-type']).toBe('application/pdf');
    }
  });

  it('turns request encryption on at run time: a plain call answers 41001, a sealed one passes', async () => {
    expect((await get(demoAdmin)).body.code).toBe(1);
    const demo = (await get(demoAdmin)).body.data;
    expect((await save(demoAdmin, { ...demo.tenant, deployment: { ...demo.deployment, requestEncryption: true } })).body.code).toBe(1);
    // at once on this instance, and config.json says so
    expect((await configJson('/config.json')).body.requestEncryption).toBe(true);
    expect((await get(demoAdmin)).body.code).toBe(ResponseCode.missingSignature);

    const key = (await call<SecurityKey>(app, 'POST', '/api/security/get')).body.data;
    const [admin] = await ownerQuery<{ id: string }>(db, `SELECT u.id::text FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE t.code = 'demo' AND u.username = 'admin'`);
    const sealed = sealRequest({ publicKey: key.publicKey, kid: key.kid, uid: admin!.id, contentType: 'application/json;charset=UTF-8', bodyText: '{}' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/settings/get',
      headers: { 'content-type': 'application/json', 'x-access-token': demoAdmin, [SIGN_HEADER]: sealed.sign },
      payload: sealed.body,
      remoteAddress: uniqueIp(),
    });
    const opened = openResponse(sealed.key, response.json());
    expect(opened).not.toBeNull();
    const body = JSON.parse(opened!) as Envelope<SettingsData>;
    expect(body.code).toBe(1);
    expect(body.data.deployment.requestEncryption).toBe(true);
  });
});
