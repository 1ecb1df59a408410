import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import { i18n } from '@lingui/core';
import { reportAnswer, reportNoAnswer, resetConnectivity } from '../../lib/offline/connectivity';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { drainOnce, setTransport } from '../../lib/offline/drain';
import { defineOutboxKind, enqueue } from '../../lib/offline/outbox';
import { saveLogin } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { OfflineStatus } from './OfflineStatus';

const kind = defineOutboxKind<{ student: string; status: string }, { version: number }>({
  kind: 'test.panel',
  url: '/api/panel',
  describe: (payload) => `考勤 ${payload.student}：${payload.status}`,
});

beforeEach(() => {
  saveLogin({ token: 't1', userId: 'u1' });
  setScope({ tenant: 'demo', userId: 'u1' });
  resetConnectivity();
});

afterEach(async () => {
  setTransport(null);
  resetOfflineDbForTests();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  vi.restoreAllMocks();
});

describe('OfflineStatus', () => {
  it('shows online, offline and "server unreachable", and the pending count', async () => {
    renderWithProviders(<OfflineStatus />);
    const indicator = screen.getByTestId('offline-indicator');
    expect(indicator.dataset.state).toBe('online');
    expect(screen.queryByTestId('pending-count')).toBeNull();

    await act(async () => {
      await enqueue(kind, { entityKey: 'a', payload: { student: '张三', status: '迟到' } });
      await enqueue(kind, { entityKey: 'b', payload: { student: '李四', status: '缺勤' } });
    });
    expect((await screen.findByTestId('pending-count')).textContent).toBe('2');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-indicator').dataset.state).toBe('offline');
    expect(screen.getByTestId('offline-indicator').textContent).toContain('离线');

    vi.restoreAllMocks();
    act(() => void reportNoAnswer(Date.now()));
    expect(screen.getByTestId('offline-indicator').dataset.state).toBe('unreachable');
  });

  it('says "server unreachable" in words (zh and en) with an accessible name, and turns back to online when the server answers', async () => {
    renderWithProviders(<OfflineStatus />);
    expect(screen.getByRole('button', { name: '在线' }).textContent).toBe('');

    act(() => void reportNoAnswer(Date.now(), true));
    const indicator = screen.getByRole('button', { name: '无法连接服务器' });
    expect(indicator.textContent).toBe('无法连接服务器');
    await act(async () => {
      await enqueue(kind, { entityKey: 'a', payload: { student: '张三', status: '迟到' } });
    });
    await waitFor(() => expect(screen.getByRole('button', { name: '无法连接服务器，1 条修改待发送' }).textContent).toBe('无法连接服务器1'));

    // its panel says where the changes wait
    fireEvent.click(screen.getByTestId('offline-indicator'));
    expect((await screen.findByTestId('outbox-panel')).textContent).toContain('无法连接服务器：修改保存在本设备上，服务器恢复后自动发送。');

    act(() => i18n.activate('en'));
    expect(screen.getByTestId('offline-indicator').textContent).toBe('Server unreachable1');
    expect(screen.getByTestId('offline-indicator').getAttribute('aria-label')).toMatch(/^Server unreachable/);
    act(() => i18n.activate('zh'));

    act(() => reportAnswer());
    expect(screen.getByTestId('offline-indicator').dataset.state).toBe('online');
    // (the open panel hides the page from the accessibility tree: the label itself)
    expect(screen.getByTestId('offline-indicator').getAttribute('aria-label')).toBe('在线，1 条修改待发送');
  });
});

describe('OutboxPanel', { timeout: 20_000 }, () => {
  it('lists queued, conflicting and failed writes; discard asks first; keep mine re-queues', async () => {
    const answers: Record<string, unknown> = {
      a: new HttpError(40900, '已被修改', 'failure', { version: 7, status: '请假' }),
      b: new HttpError(40300, '没有权限', 'failure'),
    };
    setTransport(async (_url, body) => {
      const error = answers[(body as { student: string }).student === '张三' ? 'a' : 'b'];
      throw error;
    });
    await enqueue(kind, { entityKey: 'a', payload: { student: '张三', status: '迟到' }, baseVersion: 6 });
    await enqueue(kind, { entityKey: 'b', payload: { student: '李四', status: '缺勤' } });
    await drainOnce(currentDb()!);
    await enqueue(kind, { entityKey: 'c', payload: { student: '王五', status: '出勤' } });

    renderWithProviders(<OfflineStatus />);
    fireEvent.click(screen.getByTestId('offline-indicator'));
    const panel = await screen.findByTestId('outbox-panel');
    await waitFor(() => expect(within(panel).getAllByTestId('outbox-entry')).toHaveLength(3), { timeout: 10_000 });
    expect(within(panel).getByText('冲突（1）')).toBeTruthy();
    expect(within(panel).getByText('发送失败（1）')).toBeTruthy();
    expect(within(panel).getByText('排队中（1）')).toBeTruthy();
    expect(within(panel).getByText('没有权限')).toBeTruthy();
    // the conflict shows both values
    const conflict = within(panel).getAllByTestId('outbox-entry').find((row) => row.dataset.state === 'conflict')!;
    expect(conflict.textContent).toContain('迟到');
    expect(conflict.textContent).toContain('请假');

    // discard asks first; cancelling keeps it
    const failedRow = within(panel).getAllByTestId('outbox-entry').find((row) => row.dataset.state === 'failed')!;
    fireEvent.click(within(failedRow).getByRole('button', { name: '丢弃' }));
    // hidden: true: a dialog over the drawer; in jsdom the drawer's aria-hiding may reach it (a timing race)
    const ask = await screen.findByRole('alertdialog', { hidden: true });
    expect(ask.textContent).toContain('此操作将永久丢弃这条未发送的修改, 是否继续?');
    fireEvent.click(within(ask).getByRole('button', { name: '取消', hidden: true }));
    expect(await currentDb()!.outbox.count()).toBe(3);
    fireEvent.click(within(failedRow).getByRole('button', { name: '丢弃' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { hidden: true })).getByRole('button', { name: '确定', hidden: true }));
    await waitFor(async () => expect(await currentDb()!.outbox.count()).toBe(2), { timeout: 10_000 });

    // keep mine: pending again on the server's version (the row is looked up again: the list may have re-rendered)
    // the drawer's content may have been mounted anew meanwhile: look it up again
    await waitFor(() => expect(within(screen.getByTestId('outbox-panel')).getAllByTestId('outbox-entry')).toHaveLength(2), { timeout: 10_000 });
    const conflictNow = within(screen.getByTestId('outbox-panel'))
      .getAllByTestId('outbox-entry')
      .find((row) => row.dataset.state === 'conflict')!;
    fireEvent.click(within(conflictNow).getByRole('button', { name: '保留我的' }));
    await new Promise((r) => setTimeout(r, 1500));
    await waitFor(async () => expect((await currentDb()!.outbox.toArray()).every((entry) => entry.state === 'pending')).toBe(true), { timeout: 10_000 });
    expect((await currentDb()!.outbox.toArray()).find((entry) => entry.entityKey === 'a')?.baseVersion).toBe(7);
  });
});
