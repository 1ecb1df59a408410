import { i18n } from '@lingui/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupStatusAnswer } from '../../../contracts/backups';
import { setConfig } from '../../lib/config';
import { fakeFetch, ok, renderWithProviders } from '../../test/render';
import { DashboardScreen } from './DashboardScreen';

const user = { username: 'admin', id: 'u1', name: '王校长', userType: '1' as const, tenant: 'demo', tenantName: '示范学校' };

const status = (overrides: Partial<Extract<BackupStatusAnswer, { visible: true }>> = {}): BackupStatusAnswer => ({
  visible: true,
  mode: 'embedded',
  directory: '/srv/backups',
  nightlyAt: '02:30',
  keep: { daily: 7, weekly: 4, manual: 5 },
  pointInTimeDays: 7,
  backups: [],
  recoveryPoint: null,
  archiveFailing: null,
  newestGoodBackupAt: '2026-11-20T18:30:04.000Z',
  stale: false,
  ...overrides,
});

function renderDashboard(answer: BackupStatusAnswer, backupWarning = true) {
  const fake = fakeFetch({ '/api/backups/status': ok(answer) });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const root = createRootRoute({ component: () => <DashboardScreen user={user} shortcuts={[]} cards={[]} pending={[]} backupWarning={backupWarning} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/dashboard'] }) });
  renderWithProviders(<RouterProvider router={router as never} />);
  return fake;
}

describe('the dashboard’s backup warning', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => vi.unstubAllGlobals());

  it('stale: when the newest good backup was taken, linking to 系统配置', async () => {
    renderDashboard(status({ stale: true }));
    const warning = await screen.findByTestId('dashboard-backup-warning');
    expect(warning.textContent).toMatch(/最近一次校验通过的备份在 2026年11月21日 02:30，已超过 2 天/);
    expect(warning.querySelector('a')?.getAttribute('href')).toBe('/system/xtpz');
  });

  it('no good backup, and a failing archiver: both said', async () => {
    renderDashboard(status({ stale: true, newestGoodBackupAt: null, archiveFailing: { at: '2026-11-28T05:00:00.000Z', segment: '00000001000000000000000A' } }));
    const warning = await screen.findByTestId('dashboard-backup-warning');
    expect(warning.textContent).toContain('数据库日志归档失败');
    expect(warning.textContent).toContain('还没有校验通过的备份');
  });

  it('English: no Chinese', async () => {
    i18n.activate('en');
    renderDashboard(status({ archiveFailing: { at: '2026-11-28T05:00:00.000Z', segment: '00000001000000000000000A' } }));
    const warning = await screen.findByTestId('dashboard-backup-warning');
    expect(warning.textContent).toContain('Archiving the database log is failing');
    expect(warning.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('all well, or another school: nothing', async () => {
    for (const answer of [status(), { visible: false } as const]) {
      const fake = renderDashboard(answer);
      await waitFor(() => expect(fake.calls.length).toBe(1));
      await screen.findByTestId('dashboard-today');
      expect(screen.queryByTestId('dashboard-backup-warning')).toBeNull();
      document.body.innerHTML = '';
    }
  });

  it('who may not see backups: no request at all', async () => {
    const fake = renderDashboard(status({ stale: true }), false);
    await screen.findByTestId('dashboard-today');
    expect(fake.calls).toEqual([]);
    expect(screen.queryByTestId('dashboard-backup-warning')).toBeNull();
  });
});
