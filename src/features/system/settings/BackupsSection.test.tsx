import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupItem, BackupStatus, BackupStatusAnswer } from '../../../../contracts/backups';
import { setConfig } from '../../../lib/config';
import { loadFeatureCatalog } from '../../../lib/i18n';
import { fail, fakeFetch, ok, renderScreen } from '../../../test/render';
import { BackupsSection } from './BackupsSection';
import { settingsCatalog } from './catalog';
import { SettingsScreen } from './SettingsScreen';

const notices = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../lib/notify', async (original) => ({ ...(await original<typeof import('../../../lib/notify')>()), notify: notices }));

const backup = (id: string, overrides: Partial<BackupItem> = {}): BackupItem => ({
  id,
  kind: 'daily',
  database: 'embedded',
  startedAt: '2026-11-27T18:30:00.000Z',
  finishedAt: '2026-11-27T18:30:04.000Z',
  sizeBytes: 48 * 1024 * 1024,
  wal: { startSegment: '000000010000000000000007', stopSegment: '000000010000000000000008' },
  verification: { at: '2026-11-27T18:30:05.000Z', ok: true, problems: [] },
  ...overrides,
});

const status = (overrides: Partial<BackupStatus> = {}): BackupStatusAnswer => ({
  visible: true,
  mode: 'embedded',
  directory: '/srv/xiaowu/data/backups',
  nightlyAt: '02:30',
  keep: { daily: 7, weekly: 4, manual: 5 },
  pointInTimeDays: 7,
  backups: [backup('20261128-023000-daily')],
  recoveryPoint: '2026-11-28T06:41:00.000Z',
  archiveFailing: null,
  newestGoodBackupAt: '2026-11-27T18:30:04.000Z',
  stale: false,
  ...overrides,
});

const ADMIN = ['system_config', 'system_config_edit'];

async function renderSection(answer: BackupStatusAnswer, more: Parameters<typeof fakeFetch>[0] = {}) {
  await loadFeatureCatalog(settingsCatalog);
  const fake = fakeFetch({ '/api/backups/status': ok(answer), ...more });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const view = renderScreen(<BackupsSection />, { permissions: ADMIN });
  return { fake, view };
}

describe('系统配置: 数据备份', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('all well: the mode, folder, schedule, retention and recovery point; each backup with its kind, school times, size, WAL range and verification; no alert', async () => {
    await renderSection(status());
    expect((await screen.findByTestId('backups-mode')).textContent).toContain('内置数据库');
    expect(screen.getByTestId('backups-directory').textContent).toBe('/srv/xiaowu/data/backups');
    expect(screen.getByTestId('backups-nightly').textContent).toBe('每天 02:30（学校时间），备份后自动校验');
    expect(screen.getByTestId('backups-keep').textContent).toBe('每日 7 份，每周 4 份，手动 5 份');
    // school time (UTC+8), whatever the device's zone
    expect(screen.getByTestId('backups-recovery-point').textContent).toContain('14:41');
    const row = screen.getByTestId('backup-row');
    expect(row.getAttribute('data-id')).toBe('20261128-023000-daily');
    expect(within(row).getByTestId('backup-kind').textContent).toBe('每日');
    expect(row.textContent).toContain('02:30');
    expect(within(row).getByTestId('backup-size').textContent).toBe('48.0 MB');
    expect(row.textContent).toContain('000000010000000000000007 – 000000010000000000000008');
    expect(within(row).getByTestId('backup-verification').textContent).toContain('通过');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('backups-alert-stale')).toBeNull();
  });

  it('stale and a failing archiver: both said plainly, with the time of the newest good backup and the failing segment', async () => {
    await renderSection(status({ stale: true, archiveFailing: { at: '2026-11-28T05:00:00.000Z', segment: '00000001000000000000000A' } }));
    expect((await screen.findByTestId('backups-alert-archive')).textContent).toContain('数据库日志归档失败');
    expect(screen.getByTestId('backups-alert-archive').textContent).toContain('00000001000000000000000A');
    expect(screen.getByTestId('backups-alert-stale').textContent).toMatch(/最近一次校验通过的备份在 .*02:30.*已超过 2 天/);
  });

  it('no good backup at all: says so; a backup with problems lists each by its translated code and file', async () => {
    const broken = backup('20261128-100000-manual', {
      kind: 'manual',
      verification: {
        at: '2026-11-28T02:00:00.000Z',
        ok: false,
        problems: [
          { issue: 'missing', file: 'pg/base/5/1259' },
          { issue: 'changed', file: 'files/demo/a.bin' },
          { issue: 'wal-missing', file: '000000010000000000000009' },
          { issue: 'wal-short', file: '00000001000000000000000A' },
        ],
      },
    });
    await renderSection(status({ stale: true, newestGoodBackupAt: null, backups: [broken, backup('20261127-023000-weekly', { kind: 'weekly', verification: null })] }));
    expect((await screen.findByTestId('backups-alert-stale')).textContent).toContain('还没有校验通过的备份');
    const [first, second] = screen.getAllByTestId('backup-row');
    expect(first.getAttribute('data-id')).toBe('20261128-100000-manual');
    expect(within(first).getAllByTestId('backup-problem').map((item) => item.textContent)).toEqual([
      '文件缺失：pg/base/5/1259',
      '文件与校验和不符（损坏或被改动）：files/demo/a.bin',
      '日志段不在归档中：000000010000000000000009',
      '归档中的日志段不完整或损坏：00000001000000000000000A',
    ]);
    expect(within(second).getByTestId('backup-kind').textContent).toBe('每周');
    expect(within(second).getByTestId('backup-verification').textContent).toBe('未校验');
  });

  it('off: what it means, no 立即备份 and no list', async () => {
    await renderSection(status({ mode: 'off', backups: [], recoveryPoint: null, newestGoodBackupAt: null }));
    expect((await screen.findByTestId('backups-alert-off')).textContent).toContain('XIAOWU_BACKUP=on');
    expect(screen.getByTestId('backups-mode').textContent).toContain('XIAOWU_BACKUP=off');
    expect(screen.queryByTestId('backups-take')).toBeNull();
    expect(screen.queryByTestId('backup-row')).toBeNull();
  });

  it('another school ({ visible: false }) sees nothing', async () => {
    const { fake } = await renderSection({ visible: false });
    await waitFor(() => expect(fake.calls.length).toBe(1));
    expect(screen.queryByTestId('backups-section')).toBeNull();
  });

  it('立即备份: disabled while it runs, then says the size and reads the list again; a refusal shows the server’s words', async () => {
    let finish: (() => void) | undefined;
    const taken = backup('20261128-150000-manual', { kind: 'manual' });
    let reads = 0;
    const { fake } = await renderSection(status(), {
      '/api/backups/status': () => ok(reads++ === 0 ? status() : status({ backups: [taken, backup('20261128-023000-daily')] })),
    });
    const button = await screen.findByTestId('backups-take');
    // the answer waits until the test lets it go, so "while it runs" can be looked at
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/api/backups/take')) await new Promise<void>((resolve) => (finish = resolve));
        return new URL(String(input), 'http://localhost').pathname === '/api/backups/take'
          ? new Response(JSON.stringify(ok(taken).body), { headers: { 'Content-Type': 'application/json' } })
          : fake.impl(input, init);
      }),
    );
    fireEvent.click(button);
    await waitFor(() => expect((screen.getByTestId('backups-take') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('backup-verify').hasAttribute('disabled')).toBe(true);
    finish!();
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(2));
    expect(notices.success).toHaveBeenCalledWith('备份完成（48.0 MB），校验通过');
    expect((screen.getByTestId('backups-take') as HTMLButtonElement).disabled).toBe(false);

    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/backups/status': ok(status()), '/api/backups/take': fail(40900, '另一个备份正在进行') }).impl));
    fireEvent.click(screen.getByTestId('backups-take'));
    await waitFor(() => expect(notices.error).toHaveBeenCalledWith('另一个备份正在进行'));
  });

  it('校验 re-verifies one backup and reads the list again', async () => {
    const { fake } = await renderSection(status(), { '/api/backups/verify': ok(backup('20261128-023000-daily')) });
    fireEvent.click(await screen.findByRole('button', { name: '校验备份 20261128-023000-daily' }));
    await waitFor(() => expect(notices.success).toHaveBeenCalledWith('校验通过：20261128-023000-daily'));
    const sent = fake.calls.find((call) => call.url.pathname === '/api/backups/verify')!;
    expect(JSON.parse(String(sent.init.body))).toEqual({ id: '20261128-023000-daily' });
    await waitFor(() => expect(fake.calls.filter((call) => call.url.pathname === '/api/backups/status')).toHaveLength(2));
  });

  it('English: no Chinese', async () => {
    i18n.activate('en');
    await renderSection(status({ stale: true, archiveFailing: { at: '2026-11-28T05:00:00.000Z', segment: '00000001000000000000000A' } }));
    const section = await screen.findByTestId('backups-section');
    expect(screen.getByTestId('backups-keep').textContent).toBe('7 daily, 4 weekly, 5 manual');
    expect(section.textContent).toContain('Back up now');
    expect(section.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('系统配置 asks for the backups only with the edit permission', async () => {
    await loadFeatureCatalog(settingsCatalog);
    const settings = {
      tenant: { loginTitle: '', loginFooter: '', pageTitle: '', publicOrigin: '', version: 1 },
      deployment: { recordNumber: null, requestEncryption: null, version: 1 },
      defaults: { loginTitle: '校务', loginFooter: '', pageTitle: '校务', recordNumber: '', requestEncryption: false, publicOrigin: '' },
      platformEditable: true,
      platformTenantName: '示范中学',
    };
    const fake = fakeFetch({ '/api/settings/get': ok(settings), '/api/backups/status': ok(status()) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const view = renderScreen(<SettingsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ADMIN });
    expect(await screen.findByTestId('backups-section')).toBeTruthy();
    view.unmount();
    fake.calls.length = 0;
    renderScreen(<SettingsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_config'] });
    await screen.findByTestId('settings-form');
    expect(fake.calls.map((call) => call.url.pathname)).toEqual(['/api/settings/get']);
    expect(screen.queryByTestId('backups-section')).toBeNull();
  });
});
