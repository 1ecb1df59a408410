import { describe, expect, it } from 'vitest';
import { LIST_SCOPES } from '../../../contracts/applications';
import { QueryClient } from '@tanstack/react-query';
import { applicationKeys, applicationListInput, refreshAfterWrite, URLS } from './api';
import { makeDetail } from './test-support';
import { permittedScopes, scopeOf } from './scopes';
import { applicationSearchParams, SCOPES } from './search';

describe('applications client core', () => {
  it('uses the contract scopes (copied to keep zod out of the screens)', () => {
    expect([...SCOPES]).toEqual([...LIST_SCOPES]);
  });

  it('validates the URL search: bad values are dropped, not an error', () => {
    expect(applicationSearchParams({ scope: 'todo', page: 2, size: 20, id: 'nope', from: '2026-11-01', to: '11/30', state: 'pending:head_teacher', keyword: '  李  ' })).toEqual({
      scope: 'todo',
      page: 2,
      size: 20,
      from: '2026-11-01',
      state: 'pending:head_teacher',
      keyword: '李',
    });
    expect(applicationSearchParams({ scope: 'everything', size: 7 })).toEqual({});
  });

  it('offers mine with an add code (or the menu code alone) and todo/done/all with the audit code: an auditor who never applies starts on 待我审核', () => {
    const scopes = ['mine', 'todo', 'done', 'all'] as const;
    expect(permittedScopes(['student_leave'], scopes, ['qjgl', 'qjgl_add'])).toEqual(['mine']);
    // the seeded head teacher (banzhuren): qjgl + qjgl_audit, no qjgl_add → no empty 我的申请, 待我审核 first
    expect(permittedScopes(['student_leave'], scopes, ['qjgl', 'qjgl_audit'])).toEqual(['todo', 'done', 'all']);
    expect(scopeOf(undefined, permittedScopes(['student_leave'], scopes, ['qjgl', 'qjgl_audit']))).toBe('todo');
    expect(permittedScopes(['student_leave'], scopes, ['qjgl', 'qjgl_add', 'qjgl_audit'])).toEqual(['mine', 'todo', 'done', 'all']);
    // a student reading the score proofs a parent filed for them (cjzm without cjzm_add)
    expect(permittedScopes(['score_proof'], scopes, ['cjzm'])).toEqual(['mine']);
    expect(permittedScopes(['student_leave'], scopes, ['cxsq_audit'])).toEqual([]);
    expect(scopeOf('all', ['mine'])).toBe('mine');
    expect(scopeOf('all', ['mine', 'all'])).toBe('all');
  });

  it('lists the screen kinds unless the URL picks one of them', () => {
    const body = (search: Parameters<typeof applicationListInput>[2]) => applicationListInput(['staff_leave', 'staff_outing'], 'todo', search).filters;
    expect(body({})).toEqual({ scope: 'todo', kinds: ['staff_leave', 'staff_outing'] });
    expect(body({ kind: 'staff_outing', keyword: '李' })).toEqual({ scope: 'todo', kinds: ['staff_outing'], keyword: '李' });
    expect(body({ kind: 'student_leave' })).toEqual({ scope: 'todo', kinds: ['staff_leave', 'staff_outing'] });
  });

  it('after a write the detail takes the answer and the lists, the dashboard count and the staff summary go stale', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(applicationKeys.todoCount, { total: 3, byKind: {} });
    queryClient.setQueryData(['table', URLS.list, 'A', {}], { rows: [], total: 0 });
    queryClient.setQueryData(['applications', 'staff-summary', '2026-11', ''], { people: [] });
    const answer = makeDetail(1, { state: 'approved', auditState: 'approved', version: 2 });
    await refreshAfterWrite(queryClient, answer);
    expect(queryClient.getQueryData(applicationKeys.detail(answer.id))).toEqual(answer);
    expect(queryClient.getQueryState(applicationKeys.todoCount)!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['table', URLS.list, 'A', {}])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['applications', 'staff-summary', '2026-11', ''])!.isInvalidated).toBe(true);
  });
});
