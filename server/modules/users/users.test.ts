import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../contracts/envelope';
import type { PermissionPayload, UserInfoRow } from '../../../contracts/session';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp } from '../../test/helpers';

let t: TestApp;
let adminToken: string;
let teacherToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, 'demo', 'admin');
  teacherToken = await login(t.app, 'demo', 'teacher');
});
afterAll(() => t.close());

const getUserInfo = (token: string | undefined, userId: string, headers: Record<string, string> = {}) =>
  call<UserInfoRow[]>(t.app, 'POST', '/userManage/getUserInfo', { token, form: { userId }, headers });
const idOf = async (tenant: string, username: string) =>
  (await ownerQuery<{ id: string }>(t.db, 'SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE t.code = $1 AND u.username = $2', [tenant, username]))[0].id;

describe('POST /userManage/getUserInfo', () => {
  it('answers the caller own row, by id or username, with an empty PASSWORD', async () => {
    const me = await call<PermissionPayload>(t.app, 'GET', '/ms/getPermission', { token: teacherToken });
    const byId = await getUserInfo(teacherToken, me.body.data.userInfo.id);
    expect(byId.body).toMatchObject({ code: 1, result: true });
    expect(byId.body.data).toEqual([{ ID: me.body.data.userInfo.id, USERNAME: 'teacher', PASSWORD: '', ENABLED: '1' }]);
    expect((await getUserInfo(teacherToken, 'teacher')).body.data).toEqual(byId.body.data);
  });

  it("refuses other users' rows without system_user", async () => {
    const { body } = await getUserInfo(teacherToken, await idOf('demo', 'admin'));
    expect(body).toEqual({ code: ResponseCode.forbidden, result: false, msg: '没有权限，请联系管理员', data: null });
  });

  it('lets the administrator read any user of the school, disabled ones included', async () => {
    const disabled = await createUser(t.db, 'demo', { enabled: false });
    const { body } = await getUserInfo(adminToken, disabled.id);
    expect(body.data).toEqual([{ ID: disabled.id, USERNAME: disabled.username, PASSWORD: '', ENABLED: '0' }]);
  });

  it('answers result false and 40400 for an unknown user', async () => {
    const { body } = await getUserInfo(adminToken, '01890000-0000-7000-8000-000000000000');
    expect(body).toEqual({ code: ResponseCode.notFound, result: false, msg: '用户不存在', data: null });
    expect((await getUserInfo(adminToken, 'nobody', { 'x-lang': 'en' })).body.msg).toBe('No such user');
  });

  it("cannot see another school's user", async () => {
    const kgAdmin = await login(t.app, 'kg', 'admin');
    const { body } = await getUserInfo(kgAdmin, await idOf('demo', 'teacher'));
    expect(body.code).toBe(ResponseCode.notFound);
  });

  it('rejects bad input naming the field', async () => {
    const missing = await call(t.app, 'POST', '/userManage/getUserInfo', { token: adminToken, form: {} });
    expect(missing.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '用户(userId)不能为空' });
    const tooLong = await getUserInfo(adminToken, 'x'.repeat(65));
    expect(tooLong.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '用户(userId)长度不能超过64个字符' });
  });

  it('answers 90001 without a session, and once it expired', async () => {
    expect((await getUserInfo(undefined, 'admin')).body.code).toBe(ResponseCode.loginExpired);
    const token = await login(t.app, 'demo', 'student');
    await ownerQuery(t.db, `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [token]);
    expect((await getUserInfo(token, 'student')).body.code).toBe(ResponseCode.loginExpired);
  });
});
