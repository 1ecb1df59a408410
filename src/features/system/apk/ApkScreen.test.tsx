import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApkVersionRow } from '../../../../contracts/apk-versions';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, ok, renderScreen } from '../../../test/render';
import { ApkScreen } from './ApkScreen';
import { recordNotices } from '../../../test/notices';

let notified: string[];

const row = (over: Partial<ApkVersionRow>): ApkVersionRow => ({
  id: 'a1',
  versionName: '2.1.0',
  versionCode: 210,
  fileId: 'f1',
  fileName: 'xiaowu-2.1.0.apk',
  fileSize: 12_900_000,
  changelog: '',
  forceUpdate: false,
  published: false,
  publishedAt: null,
  updatedAt: '2026-11-01T08:00:00+08:00',
  version: 1,
  ...over,
});

const rows = [
  row({ id: 'a3', versionName: '3.0.0', versionCode: 300, forceUpdate: true }),
  row({ id: 'a2', versionName: '2.1.0', versionCode: 210, published: true, publishedAt: '2026-11-02T09:30:00+08:00' }),
  row({ id: 'a1', versionName: '2.0.9', versionCode: 209, fileId: '', fileName: '', fileSize: 0 }),
];
const ALL = ['system_apk', 'system_apk_add', 'system_apk_edit', 'system_apk_delete', 'system_apk_publish'];
const line = (code: number) => screen.getAllByTestId('apk-row').find((tr) => tr.getAttribute('data-code') === String(code))!;
const publishBodies = (fake: ReturnType<typeof fakeFetch>) => fake.calls.filter((call) => call.url.pathname === '/api/apk/publish').map((call) => JSON.parse(String(call.init.body)) as unknown);

describe('APK版本管理 screen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices().all;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the list shows each state; a published version cannot be edited or deleted, and the screen says why', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/apk/list': ok({ total: 3, rows }) }).impl));
    renderScreen(<ApkScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await screen.findAllByTestId('apk-row');
    expect(within(line(300)).getByTestId('apk-published').textContent).toBe('未发布');
    expect(within(line(210)).getByTestId('apk-published').textContent).toBe('已发布');
    expect(line(300).textContent).toContain('是');
    expect(line(300).textContent).toContain('12.3 MB');
    expect(line(209).textContent).toContain('未上传');
    expect(within(line(210)).getByTestId('apk-publish').textContent).toBe('取消发布');
    expect((within(line(210)).getByTestId('apk-edit') as HTMLButtonElement).disabled).toBe(true);
    expect((within(line(210)).getByTestId('apk-delete') as HTMLButtonElement).disabled).toBe(true);
    expect((within(line(300)).getByTestId('apk-edit') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('apk-published-note').textContent).toBe('已发布的版本不能修改或删除，请先取消发布。');
  });

  it('发布 asks first (and says when the update is forced); cancelling sends nothing; 取消发布 needs no confirm', async () => {
    const fake = fakeFetch({ '/api/apk/list': ok({ total: 3, rows }), '/api/apk/publish': ok({ published: true }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<ApkScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await screen.findAllByTestId('apk-row');

    fireEvent.click(within(line(300)).getByTestId('apk-publish'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('发布后，本校App将提示用户更新到版本 3.0.0。是否继续?');
    expect(dialog.textContent).toContain('这是强制更新：不更新将无法继续使用App。');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(publishBodies(fake)).toEqual([]);

    fireEvent.click(within(line(300)).getByTestId('apk-publish'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(notified).toContain('发布成功'));
    expect(publishBodies(fake)).toEqual([{ id: 'a3', published: true, version: 1 }]);

    fireEvent.click(within(line(210)).getByTestId('apk-publish'));
    await waitFor(() => expect(notified).toContain('已取消发布'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(publishBodies(fake)[1]).toEqual({ id: 'a2', published: false, version: 1 });
  });

  it('publishing a version without its file: the confirm does not say forced, the refusal is shown and the state stays', async () => {
    const fake = fakeFetch({ '/api/apk/list': ok({ total: 3, rows }), '/api/apk/publish': fail(40900, '请先上传安装包再发布') });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<ApkScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await screen.findAllByTestId('apk-row');
    fireEvent.click(within(line(209)).getByTestId('apk-publish'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).not.toContain('强制更新');
    fireEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(notified).toEqual(['请先上传安装包再发布']));
    expect(within(line(209)).getByTestId('apk-published').textContent).toBe('未发布');
  });

  it('without the publish, edit and delete permissions: no such buttons, no selection', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/apk/list': ok({ total: 3, rows }) }).impl));
    renderScreen(<ApkScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_apk'] });
    await screen.findAllByTestId('apk-row');
    expect(screen.queryByTestId('apk-add')).toBeNull();
    expect(screen.queryByTestId('apk-publish')).toBeNull();
    expect(screen.queryByTestId('apk-edit')).toBeNull();
    expect(screen.queryByTestId('apk-delete')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
