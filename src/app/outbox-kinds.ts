import { registerOutboxKindModules } from '../lib/offline/kinds';

/**
 * The features' outbox kinds (OFFLINE.md §4), loaded by the drain when a queued write's kind is not
 * loaded yet, so it is delivered with its kind's cache update whichever page is open. Add a feature's
 * kind module here when it queues writes.
 */
registerOutboxKindModules(() => import('../features/attendance/outbox-kind'));
registerOutboxKindModules(() => import('../features/scores/outbox-kind'));
registerOutboxKindModules(() => import('../features/applications/outbox-kind'));
registerOutboxKindModules(() => import('../features/surveys/outbox-kind'));
