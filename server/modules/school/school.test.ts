import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogoData } from '../../../contracts/session';
import { buildTestApp, call, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/k12saas/xxjbxx/getLogo', () => {
  it("answers '' (the default logo) for a school without one, and without a school", async () => {
    const token = await login(t.app, 'demo', 'student');
    expect((await call<LogoData>(t.app, 'GET', '/api/k12saas/xxjbxx/getLogo', { token })).body).toEqual({
      code: 1,
      result: true,
      msg: '操作成功',
      data: { LOGO: '', url: '' },
    });
    expect((await call<LogoData>(t.app, 'GET', '/api/k12saas/xxjbxx/getLogo')).body.data).toEqual({ LOGO: '', url: '' });
  });

  it("answers the school's logo file id and address", async () => {
    const kgId = await tenantIdOf(t.db, 'kg');
    await ownerQuery(t.db, `UPDATE school_info SET logo = 'file-123' WHERE tenant_id = $1`, [kgId]);
    try {
      const { body } = await call<LogoData>(t.app, 'GET', '/api/k12saas/xxjbxx/getLogo', { headers: { host: 'kg.localhost' } });
      expect(body.data).toEqual({ LOGO: 'file-123', url: '/file/download/file-123' });
      const demo = await call<LogoData>(t.app, 'GET', '/api/k12saas/xxjbxx/getLogo', { headers: { 'x-tenant': 'demo' } });
      expect(demo.body.data.LOGO).toBe('');
    } finally {
      await ownerQuery(t.db, `UPDATE school_info SET logo = '' WHERE tenant_id = $1`, [kgId]);
    }
  });
});
