import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRow } from '../../../contracts/resource';
import type { aiPrompts } from '../../../contracts/resources/ai-prompts';
import type { TableAData } from '../../../contracts/envelope';
import { DEMO_AI_PROMPTS } from '../../db/seed/ai-prompts';
import { buildTestApp, call, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';

/** AI提示词管理 on the demo school: the tests add prompts with codes of their own and remove them; the seeded three are only read. */

let t: TestApp;
let demoId: string;
let admin: string;
let teacher: string;
const tag = randomBytes(3).toString('hex');
const EN = { 'x-lang': 'en' };
const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const list = async (search: Record<string, string>, token = admin) =>
  (await post<TableAData<ResourceRow<typeof aiPrompts>>>('/api/ai-prompts/list', token, { currPage: 0, limit: 100, search: JSON.stringify(search) })).body;
const input = (over: Record<string, unknown> = {}) => ({ code: `t_${tag}_${randomBytes(2).toString('hex')}`, name: `测试${tag}`, scene: '测试场景', content: '请写一段话。', model: '', enabled: true, sort: 5, remark: '', ...over });
const add = async (over: Record<string, unknown> = {}) => {
  const { body } = await post<{ id: string }>('/api/ai-prompts/save', admin, input(over));
  expect(body.code, body.msg).toBe(1);
  return body.data.id;
};
const byId = async (id: string) => (await list({ keyword: tag })).data.rows.find((row) => row.id === id);

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  admin = await login(t.app, 'demo', 'admin');
  teacher = await login(t.app, 'demo', 'teacher');
});

afterAll(async () => {
  await ownerQuery(t.db, "DELETE FROM ai_prompts WHERE tenant_id = $1 AND code LIKE $2", [demoId, `t_${tag}%`]);
  await t.close();
});

describe('AI prompts', () => {
  it('lists the seeded prompts in sort order and finds them by name, code or scene', async () => {
    const all = await list({});
    expect(all.code).toBe(1);
    const seeded = all.data.rows.filter((row) => DEMO_AI_PROMPTS.some((prompt) => prompt.code === row.code));
    expect(seeded.map((row) => row.name)).toEqual(['评语生成', '通知润色', '家长沟通']);
    expect((await list({ keyword: '润色' })).data.rows.map((row) => row.code)).toContain('notice_polish');
    expect((await list({ keyword: 'parent_mess' })).data.rows.map((row) => row.name)).toContain('家长沟通');
    expect((await list({ keyword: '家校' })).data.rows.map((row) => row.name)).toContain('家长沟通');
    // LIKE wildcards are plain characters
    expect((await list({ keyword: '%' })).data.total).toBe(0);
  });

  it('adds, edits (with the version), enables / disables and deletes a prompt', async () => {
    const id = await add({ name: `周报${tag}`, content: '内容一' });
    const row = (await byId(id))!;
    expect(row).toMatchObject({ name: `周报${tag}`, content: '内容一', enabled: true, sort: 5, version: 1 });
    const edited = await post('/api/ai-prompts/save', admin, { ...input({ code: row.code, name: `月报${tag}`, content: '内容二', model: 'qwen-max', remark: '备注' }), id, version: row.version });
    expect(edited.body.code, edited.body.msg).toBe(1);
    const after = (await byId(id))!;
    expect(after).toMatchObject({ name: `月报${tag}`, content: '内容二', model: 'qwen-max', remark: '备注', version: 2 });

    const disabled = await post('/api/ai-prompts/enable', admin, { id, enabled: false, version: after.version });
    expect(disabled.body).toMatchObject({ code: 1, msg: '已停用' });
    expect((await list({ keyword: tag, enabled: '0' })).data.rows.map((r) => r.id)).toContain(id);
    expect((await list({ keyword: tag, enabled: '1' })).data.rows.map((r) => r.id)).not.toContain(id);
    // the old version is stale now
    const stale = await post('/api/ai-prompts/enable', admin, { id, enabled: true, version: after.version });
    expect(stale.body).toMatchObject({ code: 40900, msg: '提示词已被他人修改，请刷新后重试' });
    const staleEdit = await post('/api/ai-prompts/save', admin, { ...input({ code: row.code }), id, version: after.version });
    expect(staleEdit.body.code).toBe(40900);
    expect((await byId(id))!.name).toBe(`月报${tag}`);

    const removed = await post('/api/ai-prompts/delete', admin, { ids: [id] });
    expect(removed.body).toMatchObject({ code: 1, msg: '删除成功' });
    expect(await byId(id)).toBeUndefined();
    expect((await post('/api/ai-prompts/delete', admin, { ids: [id] })).body.code).toBe(40400);
  });

  it('deletes several at once', async () => {
    const ids = [await add(), await add(), await add()];
    const { body } = await post<{ deleted: number }>('/api/ai-prompts/delete', admin, { ids: ids.slice(0, 2) });
    expect(body.data.deleted).toBe(2);
    const left = (await list({ keyword: tag })).data.rows.map((row) => row.id);
    expect(left).toContain(ids[2]);
    expect(left).not.toContain(ids[0]);
  });

  it('refuses a bad code, name or content with the form words, in zh and en, and saves nothing', async () => {
    const before = (await list({ keyword: tag })).data.total;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: '' }, '请输入编码', 'Enter the code'],
      [{ code: 'bad-code' }, '编码只能包含字母、数字和下划线', 'The code may contain only letters, digits and underscores'],
      [{ code: '评语' }, '编码只能包含字母、数字和下划线', 'The code may contain only letters, digits and underscores'],
      [{ code: `t_${tag}_${'x'.repeat(50)}` }, '编码不能超过50个字符', 'The code may have at most 50 characters'],
      [{ name: '  ' }, '请输入名称', 'Enter the name'],
      [{ name: '名'.repeat(51) }, '名称不能超过50个字符', 'The name may have at most 50 characters'],
      [{ content: '   ' }, '请输入提示词内容', 'Enter the prompt text'],
      [{ content: '字'.repeat(4001) }, '提示词内容不能超过4000个字符', 'The prompt text may have at most 4000 characters'],
    ];
    for (const [over, zh, en] of cases) {
      expect((await post('/api/ai-prompts/save', admin, input(over))).body).toMatchObject({ code: 40000, msg: zh });
      expect((await post('/api/ai-prompts/save', admin, input(over), EN)).body).toMatchObject({ code: 40000, msg: en });
    }
    // exactly 4000 characters is fine
    expect((await post('/api/ai-prompts/save', admin, input({ content: '字'.repeat(4000) }))).body.code).toBe(1);
    expect((await list({ keyword: tag })).data.total).toBe(before + 1);
  });

  it('keeps codes unique in the school, on add and on edit', async () => {
    const code = `t_${tag}_dup`;
    await add({ code });
    const twice = await post('/api/ai-prompts/save', admin, input({ code }));
    expect(twice.body).toMatchObject({ code: 40900, msg: `编码${code}已存在` });
    expect((await post('/api/ai-prompts/save', admin, input({ code: 'student_comment' }), EN)).body.msg).toBe('The code student_comment exists already');
    const other = await add();
    const row = (await byId(other))!;
    expect((await post('/api/ai-prompts/save', admin, { ...input({ code }), id: other, version: row.version })).body.code).toBe(40900);
    expect((await byId(other))!.code).toBe(row.code);
  });

  it('refuses an edit without its version, an unknown id, and callers without the permission', async () => {
    const id = await add();
    expect((await post('/api/ai-prompts/save', admin, { ...input(), id })).body.code).toBe(40000);
    expect((await post('/api/ai-prompts/save', admin, { ...input(), id: uuidv7(), version: 1 })).body.code).toBe(40400);
    expect((await list({}, teacher)).code).toBe(40300);
    expect((await post('/api/ai-prompts/save', teacher, input())).body.code).toBe(40300);
    expect((await post('/api/ai-prompts/enable', teacher, { id, enabled: false, version: 1 })).body.code).toBe(40300);
    expect((await post('/api/ai-prompts/delete', teacher, { ids: [id] })).body.code).toBe(40300);
    expect(await byId(id)).toMatchObject({ enabled: true });
  });
});
