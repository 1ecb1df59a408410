import type { ApplicationKind } from '../../../contracts/application-rules';
import type { ApplicationDetail, ApplicationRow } from '../../../contracts/applications';

/**
 * Names seen in lists and details, so the outbox panel can name a queued audit (its payload has ids
 * only). Dependency-free: the outbox kind module (registered from the entry chunk) imports it.
 */
export const knownApplications = new Map<string, { applicantName: string; kind: ApplicationKind }>();
export function rememberApplication(row: Pick<ApplicationRow, 'id' | 'applicantName' | 'kind'>): void {
  knownApplications.set(row.id, { applicantName: row.applicantName, kind: row.kind });
}

export const isApplicationDetail = (value: unknown): value is ApplicationDetail =>
  Boolean(value) && typeof value === 'object' && typeof (value as ApplicationDetail).version === 'number' && Array.isArray((value as ApplicationDetail).events);
