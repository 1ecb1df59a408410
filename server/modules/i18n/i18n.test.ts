import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../contracts/envelope';
import type { LanguageListData } from '../../../contracts/session';
import { buildTestApp, call, login, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const URL = '/api/internationalLanguage/getInternationalLanguageList';
const FORM = { size: '-1', page: '0', search: '{}' };

describe('POST /api/internationalLanguage/getInternationalLanguageList', () => {
  it("answers the session tenant's zh and en texts", async () => {
    const token = await login(t.app, 'kg', 'admin');
    const { body } = await call<LanguageListData>(t.app, 'POST', URL, { token, form: FORM });
    expect(body.code).toBe(1);
    expect(body.data.zh['app.schoolName']).toBe('示范幼儿园');
    expect(body.data.en['app.schoolName']).toBe('Demo Kindergarten');
  });

  it('finds the tenant from the host, then the X-Tenant header', async () => {
    const byHost = await call<LanguageListData>(t.app, 'POST', URL, { form: FORM, headers: { host: 'demo.localhost' } });
    expect(byHost.body.data.zh['app.motto']).toBe('立德树人，知行合一');
    const byHeader = await call<LanguageListData>(t.app, 'POST', URL, { form: FORM, headers: { 'x-tenant': 'demo' } });
    expect(byHeader.body.data).toEqual(byHost.body.data);
  });

  it('answers empty maps when no tenant can be told, or the token is stale', async () => {
    expect((await call(t.app, 'POST', URL, { form: FORM })).body).toEqual({ code: 1, result: true, msg: '操作成功', data: { zh: {}, en: {} } });
    expect((await call(t.app, 'POST', URL, { form: FORM, token: 'B'.repeat(43) })).body.data).toEqual({ zh: {}, en: {} });
  });

  it('accepts no body at all, and rejects a bad one', async () => {
    expect((await call(t.app, 'POST', URL, { headers: { 'x-tenant': 'kg' } })).body.code).toBe(1);
    const bad = await call(t.app, 'POST', URL, { form: { size: 'lots', page: '0', search: '{}' } });
    expect(bad.body).toMatchObject({ code: ResponseCode.invalidInput, result: false });
    expect(bad.body.msg).toContain('每页条数(size)');
  });
});
