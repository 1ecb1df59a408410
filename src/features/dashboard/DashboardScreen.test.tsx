import { i18n } from '@lingui/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../contracts/session';
import { renderWithProviders } from '../../test/render';
import type { DashboardCard, PendingCount } from './cards';
import { DashboardScreen, type DashboardScreenProps } from './DashboardScreen';

const user = { username: 'admin', id: 'u1', name: '王校长', userType: '1' as const, tenant: 'demo', tenantName: '示范学校' };
const shortcut: MenuNode = {
  id: 's1',
  menuname: '成绩录入',
  menuurl: '/jxgl/cjlr',
  icon: 'edit',
  remark: '{"menuNameEng":"Score entry","sfswsy":"1"}',
  sort: 1,
  hidden: false,
  alwaysShow: false,
  perms: [],
  children: [],
};

function renderDashboard(props: Partial<DashboardScreenProps> = {}) {
  const screenProps: DashboardScreenProps = { user, shortcuts: [], cards: [], pending: [], today: new Date(2026, 10, 20), ...props };
  const root = createRootRoute({ component: () => <DashboardScreen {...screenProps} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/dashboard'] }) });
  return renderWithProviders(<RouterProvider router={router as never} />);
}

describe('dashboard', () => {
  it('greets the user with the school and the date in the active language', async () => {
    renderDashboard();
    expect((await screen.findByTestId('dashboard-today')).textContent).toBe('示范学校 · 2026年11月20日星期五');
  });

  it('shows no empty to-do list: the card comes with the first count a feature contributes', async () => {
    renderDashboard();
    await screen.findByTestId('dashboard-today');
    expect(screen.queryByTestId('pending-card')).toBeNull();
    expect(screen.queryByTestId('dashboard-card-pending')).toBeNull();
  });

  it('shows contributed counts with the locale grouping, each linking where the items are handled', async () => {
    const pending: PendingCount[] = [
      {
        id: 'leave',
        title: () => 'Leave requests',
        to: '/xssw/qjgl',
        count: async () => 12345,
      },
    ];
    i18n.activate('en');
    renderDashboard({ pending });
    expect(await screen.findByText('12,345')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Leave requests/ }).getAttribute('href')).toBe('/xssw/qjgl');
    expect(screen.getByTestId('dashboard-today').textContent).toBe('示范学校 · Fri, Nov 20, 2026');
  });

  it('shows the home shortcuts by title and the cards it is given', async () => {
    const cards: DashboardCard[] = [{ id: 'demo', Component: () => <p>contributed card</p> }];
    i18n.activate('en');
    renderDashboard({ shortcuts: [shortcut], cards });
    expect((await screen.findByRole('link', { name: 'Score entry' })).getAttribute('href')).toBe('/jxgl/cjlr');
    expect(screen.getByText('contributed card')).toBeTruthy();
  });

  it('shows only the cards of the order, in that order (首页卡片)', async () => {
    const cards: DashboardCard[] = [{ id: 'demo', Component: () => <p>contributed card</p> }];
    renderDashboard({ cards, order: ['shortcuts', 'demo', 'welcome'] });
    await screen.findByTestId('shortcuts-card');
    const shown = [...screen.getByTestId('dashboard').children].map((child) => child.getAttribute('data-testid'));
    expect(shown).toEqual(['dashboard-card-shortcuts', 'dashboard-card-demo', 'dashboard-card-welcome']);
    expect(screen.queryByTestId('pending-card')).toBeNull();
  });
});
