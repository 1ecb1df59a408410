import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingsData } from '../../../../contracts/settings';
import { setConfig } from '../../../lib/config';
import { fakeFetch, ok, renderScreen } from '../../../test/render';
import { SettingsScreen } from './SettingsScreen';

vi.mock('../../../lib/notify', async (original) => ({
  ...(await original<typeof import('../../../lib/notify')>()),
  notify: { error: () => undefined, success: () => undefined, info: () => undefined, warning: () => undefined },
}));

const data = (platformEditable: boolean): SettingsData => ({
  tenant: { loginTitle: '', loginFooter: '', pageTitle: '', publicOrigin: '', version: 2 },
  deployment: { recordNumber: null, requestEncryption: null, version: 5 },
  defaults: { loginTitle: '校务管理平台', loginFooter: '校务 Xiaowu', pageTitle: '校务', recordNumber: '京ICP备1号', requestEncryption: false, publicOrigin: 'http://localhost' },
  platformEditable,
  platformTenantName: '示范中学',
});

describe('系统配置 screen', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => vi.unstubAllGlobals());

  it('another school: the platform fields read-only with a note; the preview follows typing; the save leaves the platform row out', async () => {
    const fake = fakeFetch({ '/api/settings/get': ok(data(false)), '/api/settings/save': ok({ version: 3 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<SettingsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_config', 'system_config_edit'] });
    expect((await screen.findByTestId('settings-platform-note')).textContent).toContain('示范中学');
    expect((screen.getByTestId('settings-record-number') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByTestId('settings-preview-title').textContent).toBe('校务管理平台');
    expect(screen.getByTestId('settings-preview-footer').textContent).toContain('京ICP备1号');
    fireEvent.change(screen.getByTestId('settings-login-title'), { target: { value: '实验小学' } });
    expect(screen.getByTestId('settings-preview-title').textContent).toBe('实验小学');
    fireEvent.change(screen.getByTestId('settings-public-origin'), { target: { value: 'https://x.example/a' } });
    expect(screen.getByText('对外访问地址应为 http(s)://域名[:端口]，不带路径')).toBeTruthy();
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('settings-public-origin'), { target: { value: 'https://x.example' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(fake.calls.some((call) => call.url.pathname === '/api/settings/save')).toBe(true));
    const body = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/settings/save')!.init.body)) as Record<string, unknown>;
    expect(body).toEqual({ version: 2, loginTitle: '实验小学', loginFooter: '', pageTitle: '', publicOrigin: 'https://x.example' });
  });

  it('the platform school sends its row with its version; without the edit permission everything is read-only', async () => {
    const fake = fakeFetch({ '/api/settings/get': ok(data(true)), '/api/settings/save': ok({ version: 3 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const view = renderScreen(<SettingsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_config', 'system_config_edit'] });
    fireEvent.change(await screen.findByTestId('settings-record-number'), { target: { value: '沪ICP备2号' } });
    fireEvent.change(screen.getByTestId('settings-encryption'), { target: { value: 'on' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(fake.calls.some((call) => call.url.pathname === '/api/settings/save')).toBe(true));
    const body = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/settings/save')!.init.body)) as { deployment: unknown };
    expect(body.deployment).toEqual({ version: 5, recordNumber: '沪ICP备2号', requestEncryption: true });
    view.unmount();

    renderScreen(<SettingsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_config'] });
    expect((await screen.findByTestId('settings-login-title') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });
  it('语言词条: rows can be ticked (for 批量删除) only with the edit permission', async () => {
    const rows = [{ key: 'login.hello', zh: '你好', en: 'Hello', version: 1 }];
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/settings/get': ok(data(false)), '/api/i18n/entries': ok({ total: 1, rows }) }).impl));
    const view = renderScreen(<SettingsScreen search={{ tab: 'language' }} onSearchChange={vi.fn()} />, { permissions: ['system_config', 'system_config_edit'] });
    expect(await screen.findByText('你好')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '选择 login.hello' })).toBeTruthy();
    view.unmount();

    renderScreen(<SettingsScreen search={{ tab: 'language' }} onSearchChange={vi.fn()} />, { permissions: ['system_config'] });
    expect(await screen.findByText('你好')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
