import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationAuditRequest, ApplicationDetail } from '../../../contracts/applications';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { enqueue, keepMine, outboxKind, takeServers, type OutboxEntry } from '../../lib/offline/outbox';
import { renderWithProviders } from '../../test/render';
import { applicationKeys, knownApplications } from './api';
import AuditConflictView from './AuditConflictView';
import { auditApplicationKind } from './outbox-kind';
import { app, makeDetail } from './test-support';

const payload: ApplicationAuditRequest = { id: app(1), version: 2, decision: 'pass', opinion: '同意' };
/** teacher2 rejected it meanwhile: decided, nothing left for me to audit */
const rejected: ApplicationDetail = makeDetail(1, {
  version: 3,
  state: 'rejected',
  auditState: 'rejected',
  events: [
    makeDetail(1).events[0]!,
    { id: app(700), action: 'reject', step: 0, actorId: 'u2', actorName: '周雅琴', opinion: '证明不清楚', at: '2026-11-21T10:05:00+08:00' },
  ],
  can: { audit: false, withdraw: false, cancel: false, edit: false, proof: false },
});
/** passed at step 0 by another auditor, now at a step I may audit too */
const stillMine: ApplicationDetail = makeDetail(1, { version: 3, step: 1, steps: [{ kind: 'head_teacher' }, { kind: 'grade_leader' }], auditState: 'pending:grade_leader', can: { audit: true, withdraw: false, cancel: false, edit: false, proof: false } });
let serial = 0;

const entryOf = (serverData: unknown): OutboxEntry<ApplicationAuditRequest> => ({
  opId: '01900000-0000-7000-8000-00000000e001',
  kind: 'applications.audit',
  entityKey: `application:${app(1)}`,
  payload,
  baseVersion: 2,
  createdAt: 1,
  attempts: 1,
  state: 'conflict',
  lastError: { code: 40900, msg: '该申请已被他人处理，请刷新后查看' },
  serverData,
  nextAttemptAt: 0,
});

describe("outbox kind 'applications.audit'", () => {
  beforeEach(() => {
    serial += 1;
    setScope({ tenant: 'demo', userId: `a${serial}` });
  });
  afterEach(() => resetOfflineDbForTests());

  it('is registered with the audit URL and names the applicant when known', () => {
    expect(outboxKind('applications.audit')).toBe(auditApplicationKind);
    expect(auditApplicationKind.url).toBe('/api/applications/audit');
    knownApplications.delete(app(1));
    expect(auditApplicationKind.describe(payload)).toBe('申请审核 → 通过');
    knownApplications.set(app(1), { applicantName: '王小明', kind: 'student_leave' });
    expect(auditApplicationKind.describe({ ...payload, decision: 'reject' })).toBe('申请审核：王小明 → 驳回');
  });

  it("offers keep mine only while the application still waits for my audit; keep mine re-sends on the server's version", async () => {
    expect(auditApplicationKind.canKeepMine!(entryOf(rejected))).toBe(false);
    expect(auditApplicationKind.canKeepMine!(entryOf({ ...stillMine, expired: true }))).toBe(false);
    expect(auditApplicationKind.canKeepMine!(entryOf(stillMine))).toBe(true);
    expect(auditApplicationKind.canKeepMine!(entryOf(null))).toBe(false);

    const db = currentDb()!;
    const queued = await enqueue(auditApplicationKind, { entityKey: `application:${app(1)}`, payload, baseVersion: 2 });
    await db.outbox.update(queued.opId, { state: 'conflict', serverData: stillMine });
    await keepMine(queued.opId);
    const [kept] = (await db.outbox.toArray()) as OutboxEntry<ApplicationAuditRequest>[];
    expect(kept).toMatchObject({ state: 'pending', baseVersion: 3, payload: { ...payload, version: 3 } });
  });

  it("accepting the server's puts the application as it is now into the detail cache", async () => {
    const queryClient = new QueryClient();
    const db = currentDb()!;
    const queued = await enqueue(auditApplicationKind, { entityKey: `application:${app(1)}`, payload, baseVersion: 2 });
    await db.outbox.update(queued.opId, { state: 'conflict', serverData: rejected });
    await takeServers(queued.opId, queryClient);
    expect(await db.outbox.count()).toBe(0);
    expect(queryClient.getQueryData<ApplicationDetail>(applicationKeys.detail(app(1)))!.state).toBe('rejected');
  });

  it('the conflict view shows my decision beside what the other auditor did (who, when, opinion)', () => {
    renderWithProviders(<AuditConflictView entry={entryOf(rejected)} />);
    expect(screen.getByTestId('audit-conflict-mine').textContent).toBe('我的审核通过同意');
    expect(screen.getByTestId('audit-conflict-server').textContent).toBe('服务器上已驳回 · 周雅琴2026-11-21 10:05证明不清楚');
    expect(screen.getByTestId('audit-conflict-state').textContent).toBe('审核不通过');
    expect(screen.getByTestId('audit-conflict-closed')).toBeTruthy();
  });
});
