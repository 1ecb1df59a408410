import { i18n } from '@lingui/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_KINDS, KIND_PATHS, KIND_PERMISSIONS, STAFF_APPLICATION_KINDS, STAFF_AUDIT_PATH } from '../../../../contracts/application-rules';
import { allows } from '../../../lib/permissions';
import { fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { APPLICATIONS_TODO_REQUIREMENT, ApplicationsTodoCard } from './index';
import { STAFF_TODO_KINDS, STAFF_TODO_PATH, STUDENT_TODO_PATHS } from './TodoCard';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('zh');
});

function renderCard(byKind: Record<string, number>) {
  const total = Object.values(byKind).reduce((sum, n) => sum + n, 0);
  vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/applications/todo-count': ok({ total, byKind }) }).impl));
  const root = createRootRoute({ component: ApplicationsTodoCard });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/dashboard'] }) });
  return renderWithProviders(<RouterProvider router={router as never} />);
}

describe('待我审核的申请 card', () => {
  it('restates the contract’s kinds and paths', () => {
    expect([...Object.keys(STUDENT_TODO_PATHS), ...STAFF_TODO_KINDS]).toEqual([...APPLICATION_KINDS]);
    expect([...STAFF_TODO_KINDS]).toEqual([...STAFF_APPLICATION_KINDS]);
    for (const [kind, path] of Object.entries(STUDENT_TODO_PATHS)) expect(KIND_PATHS[kind as keyof typeof KIND_PATHS]).toBe(path);
    expect(STAFF_TODO_PATH).toBe(STAFF_AUDIT_PATH);
  });

  it('is for holders of an audit code only', () => {
    expect([...APPLICATIONS_TODO_REQUIREMENT.anyOf].sort()).toEqual([...new Set(Object.values(KIND_PERMISSIONS).map((codes) => codes.audit))].sort());
    const grants = (permissions: string[]) => ({ permissions, roles: [] });
    expect(allows(grants(['kqsp_audit']), APPLICATIONS_TODO_REQUIREMENT)).toBe(true);
    expect(allows(grants(['qjgl_audit']), APPLICATIONS_TODO_REQUIREMENT)).toBe(true);
    expect(allows(grants(['qjgl', 'qjgl_add', 'jskq', 'jskq_add']), APPLICATIONS_TODO_REQUIREMENT)).toBe(false);
  });

  it('shows the total and a line per kind, each linking to its todo list (staff kinds: 考勤审批)', async () => {
    renderCard({ student_leave: 2, staff_leave: 1, staff_makeup: 3 });
    const card = await screen.findByTestId('applications-todo-card');
    await waitFor(() => expect(within(card).getByTestId('applications-todo-card-figure').textContent).toBe('6'));
    expect(within(card).getByTestId('todo-student_leave').getAttribute('href')).toBe('/xssw/qjgl?scope=todo');
    expect(within(card).getByTestId('todo-student_leave').textContent).toBe('学生请假2');
    expect(within(card).getByTestId('todo-staff_leave').getAttribute('href')).toBe('/jzg/kqsp?scope=todo&kind=staff_leave');
    expect(within(card).getByTestId('todo-staff_makeup').textContent).toBe('教师补课3');
    // the total opens the first kind's list
    expect(within(card).getByTestId('applications-todo-card-header').getAttribute('href')).toBe('/xssw/qjgl?scope=todo');
    expect(within(card).getByRole('link', { name: '待我审核的申请 6' })).toBe(within(card).getByTestId('applications-todo-card-header'));
  });

  it('says nothing waits when the count is 0 (in English too)', async () => {
    i18n.activate('en');
    renderCard({});
    expect(await screen.findByText('Nothing awaits your audit')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('applications-todo-card-figure').textContent).toBe('0'));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
