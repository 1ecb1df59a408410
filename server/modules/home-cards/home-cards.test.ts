import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_CARD_IDS, type HomeCardRoleRow, orderedHomeCards } from '../../../contracts/home-cards';
import type { PermissionPayload } from '../../../contracts/session';
import { roles } from '../permissions/permissions.table';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';

/**
 * 首页卡片 on the demo school: the tests make roles of their own (and users holding only them), never
 * touch the seeded roles' layouts, and remove their roles at the end (layouts go with them).
 */

let t: TestApp;
let demoId: string;
let admin: string;
let teacher: string;
const made: string[] = [];
const EN = { 'x-lang': 'en' };
const post = <T>(url: string, token: string, json?: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json: json ?? {}, headers });

async function makeRole(sort: number) {
  const id = uuidv7();
  const code = `hc_${randomBytes(4).toString('hex')}`;
  await t.db.withTenant(demoId, (tx) => tx.insert(roles).values({ tenantId: demoId, id, code, name: `测试角色${code}`, sort }));
  made.push(id);
  return { id, code };
}

const list = async () => (await post<HomeCardRoleRow[]>('/api/home-cards/list', admin)).body;
const layoutOf = async (roleId: string) => (await list()).data.find((row) => row.roleId === roleId)!;
const payloadOf = async (token: string) => (await call<PermissionPayload>(t.app, 'GET', '/ms/getPermission', { token })).body.data;

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  admin = await login(t.app, 'demo', 'admin');
  teacher = await login(t.app, 'demo', 'teacher');
});

afterAll(async () => {
  if (made.length) await ownerQuery(t.db, 'DELETE FROM roles WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [demoId, made]);
  await t.close();
});

describe('home-page cards', () => {
  it('lists every role of the school with its layout, null when it has none', async () => {
    const role = await makeRole(900);
    const body = await list();
    expect(body.code).toBe(1);
    expect(body.data.map((row) => row.code)).toEqual(expect.arrayContaining(['admin', 'teacher', role.code]));
    expect(body.data.find((row) => row.roleId === role.id)).toMatchObject({ cards: null, version: 0 });
  });

  it("saves a role's order, and the role's users get it in their permission payload at once; reset brings back the default", async () => {
    const role = await makeRole(901);
    const user = await createUser(t.db, 'demo', { roles: [role.code] });
    const token = await login(t.app, 'demo', user.username);
    expect((await payloadOf(token)).homeCards).toBeNull();

    const saved = await post<{ version: number }>('/api/home-cards/save', admin, { roleId: role.id, cards: ['shortcuts', 'welcome'], version: 0 });
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(saved.body.msg).toBe('保存成功');
    // the cached grant was forgotten: the next payload carries the layout
    expect((await payloadOf(token)).homeCards).toEqual(['shortcuts', 'welcome']);
    expect(await layoutOf(role.id)).toMatchObject({ cards: ['shortcuts', 'welcome'], version: saved.body.data.version });

    const again = await post<{ version: number }>('/api/home-cards/save', admin, { roleId: role.id, cards: ['pending'], version: saved.body.data.version });
    expect(again.body.code, again.body.msg).toBe(1);
    expect((await payloadOf(token)).homeCards).toEqual(['pending']);

    const reset = await post('/api/home-cards/reset', admin, { roleId: role.id });
    expect(reset.body.code).toBe(1);
    expect((await payloadOf(token)).homeCards).toBeNull();
    expect(await layoutOf(role.id)).toMatchObject({ cards: null, version: 0 });
  });

  it("a user with several roles gets the layout of the first one (by sort, then code) that has one", async () => {
    const first = await makeRole(-50);
    const second = await makeRole(-40);
    const user = await createUser(t.db, 'demo', { roles: [first.code, second.code] });
    const token = await login(t.app, 'demo', user.username);
    expect((await post('/api/home-cards/save', admin, { roleId: second.id, cards: ['pending', 'welcome'], version: 0 })).body.code).toBe(1);
    expect((await payloadOf(token)).homeCards).toEqual(['pending', 'welcome']);
    expect((await post('/api/home-cards/save', admin, { roleId: first.id, cards: [], version: 0 })).body.code).toBe(1);
    // an empty layout is a layout: nothing shown
    expect((await payloadOf(token)).homeCards).toEqual([]);
  });

  it('refuses unknown or repeated cards, a missing role and a stale version, changing nothing', async () => {
    const role = await makeRole(902);
    const unknown = await post('/api/home-cards/save', admin, { roleId: role.id, cards: ['welcome', 'weather'], version: 0 });
    expect(unknown.body).toMatchObject({ code: 40000, msg: '未知的首页卡片：weather' });
    const unknownEn = await post('/api/home-cards/save', admin, { roleId: role.id, cards: ['weather'], version: 0 }, EN);
    expect(unknownEn.body.msg).toBe('Unknown home-page cards: weather');
    const repeated = await post('/api/home-cards/save', admin, { roleId: role.id, cards: ['welcome', 'welcome'], version: 0 });
    expect(repeated.body).toMatchObject({ code: 40000, msg: '同一卡片不能重复出现' });
    const missing = await post('/api/home-cards/save', admin, { roleId: uuidv7(), cards: ['welcome'], version: 0 });
    expect(missing.body).toMatchObject({ code: 40400, msg: '角色不存在' });
    expect(await layoutOf(role.id)).toMatchObject({ cards: null });

    const first = await post<{ version: number }>('/api/home-cards/save', admin, { roleId: role.id, cards: ['welcome'], version: 0 });
    expect(first.body.code).toBe(1);
    // someone saved meanwhile: version 0 (as if there were none) and an old version are both stale
    const staleNew = await post('/api/home-cards/save', admin, { roleId: role.id, cards: ['pending'], version: 0 });
    expect(staleNew.body).toMatchObject({ code: 40900, msg: '该角色的首页卡片已被他人修改，请刷新后重试' });
    const staleOld = await post('/api/home-cards/save', admin, { roleId: role.id, cards: ['pending'], version: first.body.data.version + 5 });
    expect(staleOld.body.code).toBe(40900);
    expect(await layoutOf(role.id)).toMatchObject({ cards: ['welcome'] });
    // reset by someone, then a save of the old version: stale too
    await post('/api/home-cards/reset', admin, { roleId: role.id });
    expect((await post('/api/home-cards/save', admin, { roleId: role.id, cards: ['pending'], version: first.body.data.version })).body.code).toBe(40900);
  });

  it('needs system_home_card to read and system_home_card_edit to save or reset', async () => {
    const role = await makeRole(903);
    expect((await post('/api/home-cards/list', teacher)).body.code).toBe(40300);
    expect((await post('/api/home-cards/save', teacher, { roleId: role.id, cards: ['welcome'], version: 0 })).body.code).toBe(40300);
    expect((await post('/api/home-cards/reset', teacher, { roleId: role.id })).body.code).toBe(40300);
    expect(await layoutOf(role.id)).toMatchObject({ cards: null });
  });
});

describe('orderedHomeCards (the dashboard rule)', () => {
  it('keeps the layout order, drops unknown, repeated and not visible cards; null is every visible card in built-in order', () => {
    expect(orderedHomeCards(['shortcuts', 'nope', 'welcome', 'shortcuts', 'unread-messages'], (id) => id !== 'unread-messages')).toEqual(['shortcuts', 'welcome']);
    expect(orderedHomeCards(null, (id) => id !== 'pending')).toEqual(HOME_CARD_IDS.filter((id) => id !== 'pending'));
    expect(orderedHomeCards([], () => true)).toEqual([]);
  });
});
