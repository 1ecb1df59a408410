import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceRow } from '../../../../contracts/resource';
import type { aiPrompts } from '../../../../contracts/resources/ai-prompts';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, ok, renderScreen } from '../../../test/render';
import { PromptsScreen } from './PromptsScreen';
import { recordNotices } from '../../../test/notices';

let notified: string[];

const rows: ResourceRow<typeof aiPrompts>[] = [
  { id: '0193a000-0000-7000-8000-000000000001', code: 'comment', name: '期末评语', scene: '学生评价', content: '请根据成绩写一段评语', model: '', enabled: true, sort: 10, remark: '', updatedAt: '', version: 2 },
  { id: '0193a000-0000-7000-8000-000000000002', code: 'notice', name: '通知润色', scene: '', content: '润色这段通知', model: 'qwen-max', enabled: false, sort: 20, remark: '', updatedAt: '', version: 5 },
];
const ALL = ['system_ai_prompt', 'system_ai_prompt_add', 'system_ai_prompt_edit', 'system_ai_prompt_delete'];
const line = (name: string) => screen.getAllByRole('row').find((tr) => tr.textContent?.includes(name))!;
const bodies = (fake: ReturnType<typeof fakeFetch>, path: string) => fake.calls.filter((call) => call.url.pathname === path).map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);

describe('AI提示词管理 screen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices().all;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the search goes into the URL (and the URL fills the fields); the list asks with it', async () => {
    const fake = fakeFetch({ '/api/ai-prompts/list': ok({ total: 2, rows }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    renderScreen(<PromptsScreen search={{ keyword: '评语', enabled: '1', size: 20 }} onSearchChange={onSearchChange} />, { permissions: ALL });
    await screen.findByText('期末评语');
    const keyword = screen.getByTestId('prompt-search-keyword') as HTMLInputElement;
    expect(keyword.value).toBe('评语');
    const asked = bodies(fake, '/api/ai-prompts/list')[0]!;
    expect(JSON.parse(String(asked.search))).toEqual({ keyword: '评语', enabled: '1' });
    expect(asked.limit).toBe(20);

    fireEvent.change(keyword, { target: { value: ' 通知 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ size: 20, keyword: '通知', enabled: '1' });
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ size: 20 });
  });

  it('a refused save keeps the drawer and what was typed, and says why', async () => {
    const fake = fakeFetch({ '/api/ai-prompts/list': ok({ total: 2, rows }), '/api/ai-prompts/save': fail(40000, '编码comment已存在') });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<PromptsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await screen.findByText('期末评语');
    fireEvent.click(within(line('通知润色')).getByTestId('prompt-edit'));
    const name = (await screen.findByTestId('prompt-name')) as HTMLInputElement;
    expect(name.value).toBe('通知润色');
    fireEvent.change(screen.getByTestId('prompt-code'), { target: { value: 'comment' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(notified).toContain('编码comment已存在'));
    expect(bodies(fake, '/api/ai-prompts/save')[0]).toMatchObject({ id: rows[1]!.id, version: 5, code: 'comment' });
    expect(screen.getByTestId('prompt-form')).toBeTruthy();
    expect((screen.getByTestId('prompt-code') as HTMLInputElement).value).toBe('comment');
    expect(notified).not.toContain('保存成功');
  });

  it('复制 puts the prompt text on the clipboard; each row switch is named and turns the prompt off', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fake = fakeFetch({ '/api/ai-prompts/list': ok({ total: 2, rows }), '/api/ai-prompts/enable': ok({ enabled: false }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<PromptsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await screen.findByText('期末评语');
    fireEvent.click(within(line('期末评语')).getByTestId('prompt-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('请根据成绩写一段评语'));

    const on = screen.getByRole('switch', { name: '启用 期末评语' });
    expect(on.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: '启用 通知润色' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(on);
    await waitFor(() => expect(notified).toContain('已停用'));
    expect(bodies(fake, '/api/ai-prompts/enable')).toEqual([{ id: rows[0]!.id, enabled: false, version: 2 }]);
  });

  it('read-only: copy stays, the state is a badge, no add / edit / delete', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/ai-prompts/list': ok({ total: 2, rows }) }).impl));
    renderScreen(<PromptsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_ai_prompt'] });
    await screen.findByText('期末评语');
    expect(screen.getAllByTestId('prompt-copy')).toHaveLength(2);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(line('通知润色').textContent).toContain('停用');
    expect(screen.queryByTestId('prompt-edit')).toBeNull();
    expect(screen.queryByTestId('prompt-delete')).toBeNull();
  });
});
