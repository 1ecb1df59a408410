import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleMenuNode, RoleMenusData, RoleRow } from '../../../../contracts/roles';
import { setConfig } from '../../../lib/config';
import { fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { useRolesCatalog } from './catalog';
import RoleMenusDrawer from './RoleMenusDrawer';
import { recordNotices, type Notices } from '../../../test/notices';

let notified: Notices;

const node = (id: string, name: string, type: RoleMenuNode['type'], children: RoleMenuNode[] = []): RoleMenuNode => ({ id, parentId: null, type, name, perms: [], children });
const tree = [node('d1', '系统管理', 'directory', [node('m1', '角色管理', 'menu', [node('b1', '新增', 'button')]), node('m2', '角色类型', 'menu')])];
const row = { id: '01900000-0000-7000-8000-000000000009', code: 'club', name: '社团负责人', nameEn: '', version: 5 } as RoleRow;

function Drawer({ onSaved = vi.fn() }: { onSaved?: () => void }) {
  return useRolesCatalog() ? <RoleMenusDrawer row={row} onClose={vi.fn()} onSaved={onSaved} /> : null;
}
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('RoleMenusDrawer', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the administrator’s tree is all ticked and read-only; nothing is sent', async () => {
    const fake = fakeFetch({ '/api/roles/menus': ok<RoleMenusData>({ tree, granted: [], all: true }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithProviders(<Drawer />);
    await screen.findByTestId('role-menus-all');
    await waitFor(() => expect(box('角色类型').checked).toBe(true));
    // buttons sit folded under their menu (the tree opens one level)
    for (const name of ['系统管理', '角色管理', '角色类型']) {
      expect(box(name).checked).toBe(true);
      expect(box(name).disabled).toBe(true);
    }
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(fake.calls.some((call) => call.url.pathname === '/api/roles/menus/save')).toBe(false);
  });

  it('shows the grants, sends the ticked rows with the role’s version and says when users see them', async () => {
    const fake = fakeFetch({ '/api/roles/menus': ok<RoleMenusData>({ tree, granted: ['d1', 'm2'], all: false }), '/api/roles/menus/save': ok(null) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSaved = vi.fn();
    renderWithProviders(<Drawer onSaved={onSaved} />);
    await waitFor(() => expect(box('角色类型').checked).toBe(true));
    expect(box('角色管理').checked).toBe(false);
    // ticking a menu ticks its (folded) buttons too
    fireEvent.click(box('角色管理'));
    expect(box('角色管理').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/roles/menus/save')?.init.body)) as { id: string; version: number; menuIds: string[] };
    expect({ ...sent, menuIds: [...sent.menuIds].sort() }).toEqual({ id: row.id, version: 5, menuIds: ['b1', 'd1', 'm1', 'm2'] });
    expect(notified.info).toEqual(['受影响的用户在点击“刷新菜单”或下次登录后生效']);
  });
});
