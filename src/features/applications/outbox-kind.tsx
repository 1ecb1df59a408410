import { APPLICATION_URLS } from '../../../contracts/application-urls';
import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import type { ApplicationAuditRequest } from '../../../contracts/applications';
import { defineOutboxKind, type OutboxEntry } from '../../lib/offline/outbox';
import { isApplicationDetail, knownApplications } from './known';
import { loadApplicationsCatalog } from './catalog';

// the feature's strings (describe, the conflict view) are not in the main catalog
void loadApplicationsCatalog();

// the conflict view loads only when the conflict inbox shows one
const LazyConflictView = lazy(() => import('./AuditConflictView'));

function ConflictView(props: { entry: OutboxEntry<ApplicationAuditRequest> }) {
  return (
    <Suspense fallback={null}>
      <LazyConflictView {...props} />
    </Suspense>
  );
}

export const AUDIT_KIND = 'applications.audit';
export const auditEntityKey = (id: string) => `application:${id}`;

export const decisionText = (decision: string): string => (decision === 'reject' ? t`驳回` : t`通过`);

/**
 * Outbox kind 'applications.audit' (contracts/applications.ts applicationAuditRequest): one audit
 * decision, entity `application:<id>`, baseVersion = the version the auditor saw (also the payload's
 * `version`). Delivered → the answer (the application now) goes into the detail's cache and the lists
 * refresh. A 40900 (another auditor got there first) → the conflict inbox shows what they did beside
 * my decision; 'keep mine' only while the application still waits for my audit (the server's `can.audit`
 * for me), re-sent on its new version; else only 'take the server's' (accept) and discard.
 */
export const auditApplicationKind = defineOutboxKind<ApplicationAuditRequest, unknown>({
  kind: AUDIT_KIND,
  url: APPLICATION_URLS.audit,
  describe(payload) {
    const known = knownApplications.get(payload.id);
    const decision = decisionText(payload.decision);
    const name = known?.applicantName;
    return name ? t`申请审核：${name} → ${decision}` : t`申请审核 → ${decision}`;
  },
  async onDelivered(result, _entry, queryClient) {
    // the api module loads here, not with the entry chunk that registers this kind
    const { refreshAfterWrite } = await import('./api');
    await refreshAfterWrite(queryClient, result);
  },
  rebase(payload, serverData) {
    const version = isApplicationDetail(serverData) ? serverData.version : payload.version;
    return { payload: { ...payload, version }, baseVersion: version };
  },
  canKeepMine(entry) {
    return isApplicationDetail(entry.serverData) && entry.serverData.can.audit && !entry.serverData.expired;
  },
  async onTakeServers(serverData, _entry, queryClient) {
    const { refreshAfterWrite } = await import('./api');
    await refreshAfterWrite(queryClient, serverData);
  },
  ConflictView,
});
