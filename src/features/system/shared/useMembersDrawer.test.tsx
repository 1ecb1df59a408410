import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../../lib/config';
import { HttpError } from '../../../lib/http';
import { fakeFetch, ok } from '../../../test/render';
import { peopleIdsOf, useMembersDrawer } from './useMembersDrawer';

const notified = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/notify', async (original) => {
  const push = (level: string) => (msg: string) => void notified.push(`${level}:${msg}`);
  return { ...(await original<typeof import('../../../lib/notify')>()), notify: { error: push('error'), success: push('success'), info: push('info'), warning: push('warning') } };
});

const said = { added: '添加成功', removed: '移出成功', cancelled: '已取消' };

function setUp(options: { add?: () => Promise<unknown>; remove?: () => Promise<unknown> } = {}) {
  const fake = fakeFetch({ '/api/test/members': ok({ total: 2, rows: [{ id: 'u1' }, { id: 'u2' }] }) });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const add = vi.fn(options.add ?? (() => Promise.resolve()));
  const remove = vi.fn(options.remove ?? (() => Promise.resolve()));
  const changed = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(
    () => useMembersDrawer<{ id: string }>({ list: ({ keyword, page, size }) => ({ url: '/api/test/members', kind: 'A', filters: { keyword }, page, size }), add, remove, changed, said }),
    { wrapper },
  );
  const listCalls = () => fake.calls.filter((call) => call.url.pathname === '/api/test/members').length;
  return { hook, add, remove, changed, listCalls };
}

describe('the 成员 drawers’ shared state', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes only the people of a selector value', () => {
    expect(peopleIdsOf('U_u9, O_other,R_r1,U_u8,U_')).toEqual(['u9', 'u8']);
    expect(peopleIdsOf('')).toEqual([]);
  });

  it('adds the chosen people: says so, empties the choice and the selection, reads the list again', async () => {
    const { hook, add, changed, listCalls } = setUp();
    await waitFor(() => expect(hook.result.current.table.rows).toHaveLength(2));
    expect(hook.result.current.addable).toBe(false);
    act(() => {
      hook.result.current.setAdding('U_u9,O_other');
      hook.result.current.setSelected(new Set(['u1']));
    });
    expect(hook.result.current.addable).toBe(true);
    const before = listCalls();
    await act(() => hook.result.current.add());
    expect(add).toHaveBeenCalledWith(['u9']);
    expect(notified).toEqual(['success:添加成功']);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(hook.result.current.adding).toBe('');
    expect(hook.result.current.selected.size).toBe(0);
    expect(hook.result.current.busy).toBe(false);
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it('a refused add shows the server’s words as an error and keeps the choice', async () => {
    const { hook, changed } = setUp({ add: () => Promise.reject(new HttpError(40000, '人员已停用')) });
    act(() => hook.result.current.setAdding('U_u9'));
    await act(() => hook.result.current.add());
    expect(notified).toEqual(['error:人员已停用']);
    expect(changed).not.toHaveBeenCalled();
    expect(hook.result.current.adding).toBe('U_u9');
    expect(hook.result.current.busy).toBe(false);
  });

  it('removal asks first: cancelling sends nothing; a refused removal closes the dialog and reports it', async () => {
    const { hook, remove, changed } = setUp({ remove: () => Promise.reject(new HttpError(40000, '不能移出')) });
    act(() => hook.result.current.askRemove(['u1', 'u2']));
    expect(hook.result.current.removing).toEqual(['u1', 'u2']);
    act(() => hook.result.current.cancelRemove());
    expect(hook.result.current.removing).toBeNull();
    expect(notified).toEqual(['info:已取消']);
    expect(remove).not.toHaveBeenCalled();

    act(() => hook.result.current.askRemove(['u2']));
    await act(() => hook.result.current.confirmRemove());
    expect(remove).toHaveBeenCalledWith(['u2']);
    expect(hook.result.current.removing).toBeNull();
    expect(notified).toEqual(['info:已取消', 'error:不能移出']);
    expect(changed).not.toHaveBeenCalled();
  });

  it('a removal that went through says so and tells the caller', async () => {
    const { hook, remove, changed } = setUp();
    act(() => hook.result.current.askRemove(['u1']));
    await act(() => hook.result.current.confirmRemove());
    expect(remove).toHaveBeenCalledWith(['u1']);
    expect(hook.result.current.removing).toBeNull();
    expect(notified).toEqual(['success:移出成功']);
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
