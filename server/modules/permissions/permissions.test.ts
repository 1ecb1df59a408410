import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../contracts/envelope';
import { cataloguePermissionCodes } from '../../../contracts/menus';
import { menuRemarkSchema, type MenuNode, type PermissionPayload } from '../../../contracts/session';
import { registerEnvelopeErrorHandler } from '../../plugins/envelope';
import { registerLanguageDetection } from '../../plugins/i18n';
import { defineRoute, isAllowed, registerRoutes } from '../../plugins/define-route';
import { createServices } from '../../services';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
const permissionsOf = async (tenant: string, username: string) => {
  const token = await login(t.app, tenant, username);
  const { body } = await call<PermissionPayload>(t.app, 'GET', '/ms/getPermission', { token });
  expect(body.code).toBe(1);
  return body.data;
};

describe('GET /ms/getPermission', () => {
  it('gives the administrator every menu, button code, the admin role and 教务处 (teaching office)', async () => {
    const data = await permissionsOf('demo', 'admin');
    expect(data.roles).toEqual(['admin', 'teaching_office']);
    expect(data.permission).toEqual(expect.arrayContaining(cataloguePermissionCodes()));
    expect(data.permission).toContain('system_user');
    expect(data.userInfo).toMatchObject({ username: 'admin', name: '系统管理员', userType: '1', tenant: 'demo', tenantName: '示范学校' });
    expect(data.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const all = flatten(data.menus);
    const urls = all.map((node) => node.menuurl);
    for (const url of ['/messageCenter/xxzx', '/zsgl/xsbm', '/jyzc/zjhgl/index', '/jyzc/jhtj/index', '/jyzc/jhtj/jzyl', '/ewmrz', '/cpgl/cppjhz/pjjl', '/survey/cjwj/perviewWJ', '/pztm/pztm', '/demo/missing-screen']) {
      expect(urls).toContain(url);
    }
    // menus and directories only: no buttons, remark is a JSON string of the remark contract
    expect(all.every((node) => !node.perms.some((code) => code.endsWith('_add')))).toBe(true);
    for (const node of all) expect(menuRemarkSchema.safeParse(JSON.parse(node.remark)).success).toBe(true);
    // sorted at each level
    const sorted = (nodes: MenuNode[]): boolean => nodes.every((n, i) => i === 0 || nodes[i - 1].sort <= n.sort) && nodes.every((n) => sorted(n.children));
    expect(sorted(data.menus)).toBe(true);
    expect(data.menus[0].menuname).toBe('学生与班级');
  });

  it('gives the teacher the teacher and head-teacher menus, not system management', async () => {
    const data = await permissionsOf('demo', 'teacher');
    expect(data.roles).toEqual(['teacher', 'banzhuren']);
    expect(data.permission).toEqual(expect.arrayContaining(['cjlr', 'cjlr_submit', 'qjgl', 'qjgl_audit', 'cpgl_cppjhz_index', 'messageCenter_xxzx']));
    expect(data.permission).not.toContain('system_user');
    expect(data.menus.map((node) => node.menuname)).not.toContain('系统管理');
    expect(data.userInfo).toMatchObject({ username: 'teacher', userType: '3' });
  });

  it('gives students and parents the message centre, surveys and leave only', async () => {
    const student = await permissionsOf('demo', 'student');
    expect(student.roles).toEqual(['student']);
    expect(student.userInfo.userType).toBe('2');
    expect(student.permission).toEqual(expect.arrayContaining(['messageCenter_xxzx', 'survey_wjdt', 'qjgl', 'qjgl_add']));
    expect(student.permission).not.toContain('xsxx');
    expect(student.permission).not.toContain('qjgl_audit');

    const parent = await permissionsOf('demo', 'parent');
    expect(parent.roles).toEqual(['parent']);
    expect(parent.userInfo.userType).toBe('4');
    expect(parent.permission).toEqual(expect.arrayContaining(['messageCenter_xxzx', 'survey_wjdt', 'qjgl']));
  });

  it("answers the kindergarten admin with the kindergarten's own data", async () => {
    const data = await permissionsOf('kg', 'admin');
    expect(data.userInfo).toMatchObject({ tenant: 'kg', tenantName: '示范幼儿园' });
    const demoAdmin = await permissionsOf('demo', 'admin');
    expect(data.userInfo.id).not.toBe(demoAdmin.userInfo.id);
    const kgIds = new Set(flatten(data.menus).map((node) => node.id));
    expect(flatten(demoAdmin.menus).some((node) => kgIds.has(node.id))).toBe(false);
  });

  it('drops directories left without a granted child, keeps always-show ones with a hidden child', async () => {
    const data = await permissionsOf('demo', 'admin');
    const parentQuestionnaires = data.menus.find((node) => node.menuname === '家长问卷')!;
    expect(parentQuestionnaires.alwaysShow).toBe(true);
    expect(parentQuestionnaires.children).toHaveLength(1);
    expect(parentQuestionnaires.children[0]).toMatchObject({ menuurl: '/pztm/pztm', hidden: true, perms: ['jzwj_wjsz'] });
    const student = await permissionsOf('demo', 'student');
    expect(student.menus.every((node) => node.children.length > 0)).toBe(true);
  });
});

describe('POST /api/role/refresh', () => {
  it('makes a role change visible at once (permission sets are cached otherwise)', async () => {
    const user = await createUser(t.db, 'demo', { roles: ['student'] });
    const token = await login(t.app, 'demo', user.username, user.password);
    const readAdmin = () => call(t.app, 'POST', '/userManage/getUserInfo', { token, form: { userId: 'admin' } });
    expect((await readAdmin()).body.code).toBe(ResponseCode.forbidden);

    await ownerQuery(
      t.db,
      `INSERT INTO user_roles (tenant_id, user_id, role_id) SELECT tenant_id, $1, id FROM roles WHERE tenant_id = $2 AND code = 'admin'`,
      [user.id, user.tenantId],
    );
    expect((await readAdmin()).body.code).toBe(ResponseCode.forbidden); // still the cached set

    const refreshed = await call(t.app, 'POST', '/api/role/refresh', { token, json: {} });
    expect(refreshed.body).toMatchObject({ code: 1, result: true, data: true });
    expect((await readAdmin()).body.code).toBe(1);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'POST', '/api/role/refresh')).body.code).toBe(ResponseCode.loginExpired);
  });
});

describe('route access', () => {
  it('isAllowed: any-of and all-of', () => {
    const granted = new Set(['a', 'b']);
    expect(isAllowed('public', new Set())).toBe(true);
    expect(isAllowed({ anyOf: ['x', 'b'] }, granted)).toBe(true);
    expect(isAllowed({ anyOf: ['x'] }, granted)).toBe(false);
    expect(isAllowed({ allOf: ['a', 'b'] }, granted)).toBe(true);
    expect(isAllowed({ allOf: ['a', 'x'] }, granted)).toBe(false);
  });

  it('enforces declared permissions with 40300, and 90001 before that without a session', async () => {
    const app = Fastify();
    registerLanguageDetection(app);
    registerEnvelopeErrorHandler(app);
    registerRoutes(
      app,
      [
        defineRoute({ method: 'GET', url: '/t/any', access: { anyOf: ['system_user', 'nothing'] }, summary: 'test', handler: async () => 'any' }),
        defineRoute({ method: 'GET', url: '/t/all', access: { allOf: ['system_user', 'xsxx'] }, summary: 'test', handler: async () => 'all' }),
        defineRoute({ method: 'GET', url: '/t/boom', access: 'session', summary: 'test', handler: async () => Promise.reject(new Error('boom')) }),
      ],
      { db: t.db, config: t.config, services: createServices(t.db, t.config) },
    );
    const admin = await login(t.app, 'demo', 'admin');
    const teacher = await login(t.app, 'demo', 'teacher');
    expect((await call(app, 'GET', '/t/any')).body.code).toBe(ResponseCode.loginExpired);
    expect((await call(app, 'GET', '/t/any', { token: admin })).body).toMatchObject({ code: 1, data: 'any' });
    expect((await call(app, 'GET', '/t/all', { token: admin })).body).toMatchObject({ code: 1, data: 'all' });
    expect((await call(app, 'GET', '/t/any', { token: teacher })).body).toEqual({
      code: ResponseCode.forbidden,
      result: false,
      msg: '没有权限，请联系管理员',
      data: null,
    });
    expect((await call(app, 'GET', '/t/all', { token: teacher })).body.code).toBe(ResponseCode.forbidden);
    const fault = await call(app, 'GET', '/t/boom', { token: teacher });
    expect(fault.status).toBe(500);
    expect(fault.body).toMatchObject({ code: ResponseCode.fault, result: false, msg: '服务器内部错误，请稍后重试' });
    await app.close();
  });
});
