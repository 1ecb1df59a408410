import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../contracts/envelope';
import type { MessageDetailData, MessageListData } from '../../../contracts/messages';
import { DEMO_ADMIN_UNREAD } from '../../db/seed/messages';
import { MESSAGE_TYPES } from '../../db/seed/dicts';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';
import type { SendMessageInput } from './messages.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LIST = '/api/message/info/getInfoByRecipient';
const DETAIL = '/api/message/info/getInfoById';

const list = (token: string | undefined, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  call<MessageListData>(t.app, 'POST', LIST, { token, form, headers });
const open = (token: string | undefined, id: string, headers: Record<string, string> = {}) =>
  call<MessageDetailData>(t.app, 'POST', DETAIL, { token, form: { id }, headers });

/** Sends a message through the service, as another module would. */
async function send(tenant: string, input: Partial<SendMessageInput> & { recipientIds: string[] }) {
  const tenantId = await tenantIdOf(t.db, tenant);
  return t.db.withTenant(tenantId, (tx) =>
    t.app.services.messages.send(tx, tenantId, { type: MESSAGE_TYPES.notice, title: '测试消息', content: '<p>内容</p>', senderId: null, ...input }),
  );
}

/** A throwaway user with the message permission (the student role grants it), logged in. */
async function recipient(tenant = 'demo') {
  const user = await createUser(t.db, tenant, { roles: ['student'], userType: '2' });
  return { ...user, token: await login(t.app, tenant, user.username) };
}

const recipientRow = async (messageId: string, userId: string) =>
  (
    await ownerQuery<{ status: string; read_at: Date | null; version: number }>(
      t.db,
      'SELECT status, read_at, version FROM message_recipients WHERE message_id = $1 AND user_id = $2',
      [messageId, userId],
    )
  )[0];

const unreadInDb = async (tenant: string, username: string) =>
  Number(
    (
      await ownerQuery<{ n: string }>(
        t.db,
        `SELECT count(*) n FROM message_recipients r JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id
           JOIN tenants t ON t.id = u.tenant_id WHERE t.code = $1 AND u.username = $2 AND r.status = '0'`,
        [tenant, username],
      )
    )[0].n,
  );

describe('demo messages', () => {
  it('every demo account of both schools has read and unread messages with in-app links', async () => {
    const rows = await ownerQuery<{ tenant: string; username: string; unread: number; read: number; types: number; links: number }>(
      t.db,
      `SELECT t.code tenant, u.username, count(*) FILTER (WHERE r.status = '0')::int unread, count(*) FILTER (WHERE r.status = '1')::int read,
              count(DISTINCT m.type)::int types, count(*) FILTER (WHERE m.link LIKE '/%')::int links
         FROM message_recipients r JOIN messages m ON m.tenant_id = r.tenant_id AND m.id = r.message_id
         JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id JOIN tenants t ON t.id = r.tenant_id
        WHERE u.username IN ('admin', 'teacher', 'student', 'parent') AND t.code IN ('demo', 'kg') GROUP BY t.code, u.username ORDER BY 1, 2`,
    );
    expect(rows.map((row) => `${row.tenant}/${row.username}`)).toEqual(['demo/admin', 'demo/parent', 'demo/student', 'demo/teacher', 'kg/admin']);
    for (const row of rows) {
      expect(row.unread, row.username).toBeGreaterThan(0);
      expect(row.read, row.username).toBeGreaterThan(0);
      expect(row.types, row.username).toBeGreaterThanOrEqual(3);
      expect(row.links, row.username).toBeGreaterThan(0);
    }
    // the seeded ones (stored titles): other test files' workflows in the demo school send keyed messages meanwhile
    const [seededUnread] = await ownerQuery<{ n: number }>(
      t.db,
      `SELECT count(*)::int n FROM message_recipients r JOIN messages m ON m.tenant_id = r.tenant_id AND m.id = r.message_id
         JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id JOIN tenants t ON t.id = r.tenant_id
        WHERE t.code = 'demo' AND u.username = 'admin' AND r.status = '0' AND m.message_key IS NULL`,
    );
    expect(seededUnread.n).toBe(DEMO_ADMIN_UNREAD);
  });

  it('stores sanitised content and only in-app links', async () => {
    const [bad] = await ownerQuery<{ n: string }>(
      t.db,
      `SELECT count(*) n FROM messages WHERE content ~* '<script|\\son[a-z]+=|javascript:' OR (link <> '' AND link !~ '^/[^/]')`,
    );
    expect(Number(bad.n)).toBe(0);
  });
});

describe('POST /api/message/info/getInfoByRecipient', () => {
  it("answers the caller's messages newest first, page 0 of 10 by default, with the total", async () => {
    const token = await login(t.app, 'demo', 'admin');
    const { body } = await list(token);
    expect(body).toMatchObject({ code: 1, result: true });
    expect(body.data.result).toHaveLength(10);
    const times = body.data.result.map((row) => row.CREATE_TIME);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.data.result[0]).toEqual({
      MESSAGE_ID: expect.any(String),
      MESSAGE_TYPE: expect.any(String),
      MESSAGE_TITLE: expect.any(String),
      MESSAGE_LINK: expect.any(String),
      MESSAGE_STATUS: expect.stringMatching(/^[01]$/),
      CREATE_TIME: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      READ_TIME: null,
      SENDER_NAME: expect.any(String),
      // seeded rows are stored titles; a system message sent now (other test files' workflows in the demo school) carries its key and parameters
      MESSAGE_KEY: body.data.result[0].MESSAGE_KEY === null ? null : expect.any(String),
      MESSAGE_PARAMS: body.data.result[0].MESSAGE_KEY === null ? null : expect.any(Object),
    });
    const [all] = await ownerQuery<{ n: string }>(
      t.db,
      `SELECT count(*) n FROM message_recipients r JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id
         JOIN tenants t ON t.id = u.tenant_id WHERE t.code = 'demo' AND u.username = 'admin'`,
    );
    expect(body.data.count.COUNT).toBe(Number(all.n));
  });

  it('gives the unread total with status 0 (the bell: 10 unread and the count)', async () => {
    const token = await login(t.app, 'demo', 'teacher');
    const { body } = await list(token, { status: '0', page: '0', size: '10' });
    expect(body.data.count.COUNT).toBe(await unreadInDb('demo', 'teacher'));
    expect(body.data.result.every((row) => row.MESSAGE_STATUS === '0')).toBe(true);
  });

  it('pages with a zero-based page and keeps the total past the end', async () => {
    const token = await login(t.app, 'demo', 'admin');
    const first = (await list(token, { page: '0', size: '20' })).body.data;
    const second = (await list(token, { page: '1', size: '10' })).body.data;
    expect(second.result.map((row) => row.MESSAGE_ID)).toEqual(first.result.slice(10).map((row) => row.MESSAGE_ID));
    const last = Math.floor((first.count.COUNT - 1) / 50);
    const tail = (await list(token, { page: String(last), size: '50' })).body.data;
    expect(tail.result).toHaveLength(first.count.COUNT - last * 50);
    const beyond = (await list(token, { page: String(last + 1), size: '50' })).body.data;
    expect(beyond).toEqual({ count: { COUNT: first.count.COUNT }, result: [] });
  });

  it('filters by part of the title (any case), type and status', async () => {
    const user = await recipient();
    await send('demo', { title: 'Sports Day 运动会', type: MESSAGE_TYPES.notice, recipientIds: [user.id] });
    await send('demo', { title: '期末成绩 released', type: MESSAGE_TYPES.score, recipientIds: [user.id] });
    const read = await send('demo', { title: '作业 100% 完成', type: MESSAGE_TYPES.homework, recipientIds: [user.id] });
    await open(user.token, read);

    const titles = async (form: Record<string, string>) => (await list(user.token, form)).body.data.result.map((row) => row.MESSAGE_TITLE);
    expect(await titles({ title: 'sports day' })).toEqual(['Sports Day 运动会']);
    expect(await titles({ title: 'RELEASED' })).toEqual(['期末成绩 released']);
    expect(await titles({ title: '100%' })).toEqual(['作业 100% 完成']);
    expect(await titles({ title: '%' })).toEqual(['作业 100% 完成']); // % matches itself, not everything
    expect(await titles({ type: MESSAGE_TYPES.score })).toEqual(['期末成绩 released']);
    expect(await titles({ status: '1' })).toEqual(['作业 100% 完成']);
    expect(await titles({ status: '0' })).toEqual(['期末成绩 released', 'Sports Day 运动会']);
    expect(await titles({ status: '0', type: MESSAGE_TYPES.notice, title: '运动' })).toEqual(['Sports Day 运动会']);
    expect((await list(user.token, { title: '不存在的标题' })).body.data).toEqual({ count: { COUNT: 0 }, result: [] });
  });

  it('accepts a JSON body too', async () => {
    const user = await recipient();
    await send('demo', { recipientIds: [user.id] });
    const { body } = await call<MessageListData>(t.app, 'POST', LIST, { token: user.token, json: { page: 0, size: 10, status: '0' } });
    expect(body.data.count.COUNT).toBe(1);
  });

  it('shows a student only their own messages', async () => {
    const token = await login(t.app, 'demo', 'student');
    const { body } = await list(token, { size: '100' });
    const [mine] = await ownerQuery<{ ids: string[] }>(
      t.db,
      `SELECT array_agg(r.message_id::text ORDER BY r.message_id) ids FROM message_recipients r JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id
         JOIN tenants t ON t.id = u.tenant_id WHERE t.code = 'demo' AND u.username = 'student'`,
    );
    expect(body.data.result.map((row) => row.MESSAGE_ID).sort()).toEqual(mine.ids);
    expect(body.data.result.some((row) => row.MESSAGE_TITLE.includes('监考'))).toBe(false); // the teacher's
  });

  it('rejects bad input naming the field', async () => {
    const token = await login(t.app, 'demo', 'teacher');
    expect((await list(token, { page: '-1' })).body).toMatchObject({ code: ResponseCode.invalidInput, result: false, msg: '页码(page)不能小于0' });
    expect((await list(token, { size: '0' })).body.msg).toBe('每页条数(size)不能小于1');
    expect((await list(token, { size: '501' })).body.msg).toBe('每页条数(size)不能大于500');
    expect((await list(token, { page: 'first' })).body.code).toBe(ResponseCode.invalidInput);
    expect((await list(token, { status: '2' })).body.msg).toMatch(/^状态\(status\)取值无效，可选值：.*0, 1/);
    expect((await list(token, { type: "1' OR 1=1" })).body.msg).toBe('类型(type)格式不正确');
    expect((await list(token, { title: 'x'.repeat(201) }, { 'x-lang': 'en' })).body.msg).toBe('Title (title) must be at most 200 characters');
  });

  it('answers 90001 without a session and 40300 without messageCenter_xxzx', async () => {
    expect((await list(undefined)).body.code).toBe(ResponseCode.loginExpired);
    const nobody = await createUser(t.db, 'demo', { roles: [] });
    const token = await login(t.app, 'demo', nobody.username);
    expect((await list(token)).body).toEqual({ code: ResponseCode.forbidden, result: false, msg: '没有权限，请联系管理员', data: null });
  });
});

describe('POST /api/message/info/getInfoById', () => {
  it('answers the message with its content and marks it read for the caller only', async () => {
    const [a, b] = [await recipient(), await recipient()];
    const id = await send('demo', {
      type: MESSAGE_TYPES.leave,
      title: '请假审批',
      content: '<p>请<strong>审批</strong></p>',
      link: '/messageCenter/xxzx',
      recipientIds: [a.id, b.id],
    });
    expect((await list(a.token, { status: '0' })).body.data.count.COUNT).toBe(1);

    const { body } = await open(a.token, id);
    expect(body).toMatchObject({ code: 1, result: true });
    expect(body.data.obj).toMatchObject({
      MESSAGE_ID: id,
      MESSAGE_TYPE: MESSAGE_TYPES.leave,
      MESSAGE_TITLE: '请假审批',
      MESSAGE_CONTENT: '<p>请<strong>审批</strong></p>',
      MESSAGE_LINK: '/messageCenter/xxzx',
      MESSAGE_STATUS: '1',
      SENDER_NAME: '',
    });
    expect(body.data.obj.READ_TIME).toEqual(expect.stringMatching(/^\d{4}-/));
    expect(await recipientRow(id, a.id)).toMatchObject({ status: '1', read_at: expect.any(Date), version: 2 });
    expect(await recipientRow(id, b.id)).toEqual({ status: '0', read_at: null, version: 1 });
    expect((await list(a.token, { status: '0' })).body.data.count.COUNT).toBe(0);
    expect((await list(b.token, { status: '0' })).body.data.count.COUNT).toBe(1);

    // opening it again changes nothing
    const before = await recipientRow(id, a.id);
    expect((await open(a.token, id)).body.data.obj.READ_TIME).toBe(body.data.obj.READ_TIME);
    expect(await recipientRow(id, a.id)).toEqual(before);
  });

  it("answers 40400 for another user's message and leaves it unread", async () => {
    const [owner, other] = [await recipient(), await recipient()];
    const id = await send('demo', { recipientIds: [owner.id] });
    const { body } = await open(other.token, id);
    expect(body).toEqual({ code: ResponseCode.notFound, result: false, msg: '消息不存在或无权查看', data: null });
    expect(await recipientRow(id, owner.id)).toEqual({ status: '0', read_at: null, version: 1 });
  });

  it("answers 40400 for another school's message and leaves it unread", async () => {
    const kgUser = await recipient('kg');
    const id = await send('kg', { recipientIds: [kgUser.id] });
    const demoAdmin = await login(t.app, 'demo', 'admin');
    expect((await open(demoAdmin, id, { 'x-lang': 'en' })).body).toMatchObject({
      code: ResponseCode.notFound,
      msg: 'No such message, or it is not addressed to you',
    });
    expect(await recipientRow(id, kgUser.id)).toEqual({ status: '0', read_at: null, version: 1 });
    expect((await open(demoAdmin, '01890000-0000-7000-8000-000000000000')).body.code).toBe(ResponseCode.notFound);
  });

  it('rejects a bad id, writing nothing', async () => {
    const user = await recipient();
    const id = await send('demo', { recipientIds: [user.id] });
    expect((await open(user.token, 'not-a-uuid')).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '编号(id)格式不正确' });
    expect((await call(t.app, 'POST', DETAIL, { token: user.token, form: {} })).body).toMatchObject({
      code: ResponseCode.invalidInput,
      msg: '编号(id)不能为空',
    });
    expect((await open(user.token, `${id}' OR '1'='1`)).body.code).toBe(ResponseCode.invalidInput);
    expect(await recipientRow(id, user.id)).toEqual({ status: '0', read_at: null, version: 1 });
  });

  it('answers 90001 without a session and 40300 without the permission, changing nothing', async () => {
    const user = await recipient();
    const id = await send('demo', { recipientIds: [user.id] });
    expect((await open(undefined, id)).body.code).toBe(ResponseCode.loginExpired);
    const nobody = await createUser(t.db, 'demo', { roles: [] });
    const nobodyId = await send('demo', { recipientIds: [nobody.id] });
    const token = await login(t.app, 'demo', nobody.username);
    expect((await open(token, nobodyId)).body.code).toBe(ResponseCode.forbidden);
    expect(await recipientRow(nobodyId, nobody.id)).toEqual({ status: '0', read_at: null, version: 1 });
    expect(await recipientRow(id, user.id)).toEqual({ status: '0', read_at: null, version: 1 });
  });
});

describe('sanitising', () => {
  const HOSTILE =
    '<p onclick="steal()">你好<script>alert(1)</script></p><img src="x.png" onerror="alert(2)"><img src="javascript:alert(3)">' +
    '<a href="javascript:alert(4)">a</a><a href="https://example.com/x" target="_blank">b</a><a href="/dashboard">c</a>' +
    '<iframe src="https://evil.example"></iframe><span style="color: red; width: expression(alert(5)); background: url(javascript:x)">d</span>' +
    '<img src="//evil.example/t.png"><img src="https://cdn.example/ok.png" alt="ok"><style>*{}</style>';
  const EXPECTED =
    '<p>你好</p><img src="x.png" /><img /><a rel="noopener noreferrer">a</a>' +
    '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">b</a><a href="/dashboard" rel="noopener noreferrer">c</a>' +
    '<span style="color:red">d</span><img /><img src="https://cdn.example/ok.png" alt="ok" />';

  it('strips scripts, event handlers, bad URLs, iframes and style expressions on write', async () => {
    const user = await recipient();
    const id = await send('demo', { content: HOSTILE, link: 'javascript:alert(1)', recipientIds: [user.id] });
    const [stored] = await ownerQuery<{ content: string; link: string }>(t.db, 'SELECT content, link FROM messages WHERE id = $1', [id]);
    expect(stored).toEqual({ content: EXPECTED, link: '' });
    expect((await open(user.token, id)).body.data.obj.MESSAGE_CONTENT).toBe(EXPECTED);
  });

  it('sanitises again on read, whatever got into the table', async () => {
    const user = await recipient();
    const id = await send('demo', { recipientIds: [user.id] });
    await ownerQuery(t.db, 'UPDATE messages SET content = $2 WHERE id = $1', [id, HOSTILE]);
    const content = (await open(user.token, id)).body.data.obj.MESSAGE_CONTENT;
    expect(content).toBe(EXPECTED);
    expect(content).not.toMatch(/<script|onerror=|onclick=|javascript:|<iframe|expression\(/i);
  });

  it('send() keeps in-app links, drops others, and refuses an empty title or no recipients', async () => {
    const user = await recipient();
    const links = ['/messageCenter/xxzx?id=1', 'https://evil.example', '//evil.example/x', 'dashboard', ''];
    const ids = [];
    for (const link of links) ids.push(await send('demo', { link, recipientIds: [user.id, user.id] }));
    const rows = await ownerQuery<{ link: string }>(t.db, 'SELECT link FROM messages WHERE id = ANY($1::uuid[]) ORDER BY id', [ids]);
    expect(rows.map((row) => row.link)).toEqual(['/messageCenter/xxzx?id=1', '', '', '', '']);
    await expect(send('demo', { title: '  ', recipientIds: [user.id] })).rejects.toMatchObject({ code: ResponseCode.invalidInput });
    await expect(send('demo', { recipientIds: [] })).rejects.toMatchObject({ code: ResponseCode.invalidInput });
  });
});

describe('system messages are a key and parameters', () => {
  it('lists and opens with the key and parameters; the stored title and content are the Chinese text', async () => {
    const user = await recipient();
    const id = await send('demo', {
      title: undefined,
      content: undefined,
      text: { key: 'applicationApproved', params: { applicant: '黄涛建', kind: { zh: '请假申请', en: 'leave application' } } },
      recipientIds: [user.id],
    });
    const { body } = await list(user.token, {}, { 'x-lang': 'en' });
    const row = body.data.result.find((message) => message.MESSAGE_ID === id)!;
    expect(row).toMatchObject({
      MESSAGE_TITLE: '审批通知：黄涛建的请假申请',
      MESSAGE_KEY: 'applicationApproved',
      MESSAGE_PARAMS: { applicant: '黄涛建', kind: { zh: '请假申请', en: 'leave application' } },
    });
    const detail = (await open(user.token, id)).body.data.obj;
    expect(detail.MESSAGE_CONTENT).toBe('<p>黄涛建的请假申请已审核通过</p>');
    expect(detail.MESSAGE_KEY).toBe('applicationApproved');
  });

  it('a message sent with a title and content has no key (and keeps showing its stored title)', async () => {
    const user = await recipient();
    const id = await send('demo', { recipientIds: [user.id] });
    const row = (await list(user.token)).body.data.result.find((message) => message.MESSAGE_ID === id)!;
    expect(row).toMatchObject({ MESSAGE_TITLE: '测试消息', MESSAGE_KEY: null, MESSAGE_PARAMS: null });
  });
});
