import { SELECTOR_PREFIX } from '../../../../contracts/selector-constants';
import type { SurveyDetail, SurveySaveRequest } from '../../../../contracts/surveys';
import { EMPTY_TARGET, isEmptyTarget, type Audience, type OncePer, type SurveyQuestion, type SurveyTarget } from '../../../../contracts/survey-rules';
import { knownTenant } from '../../../lib/offline/boot';
import { currentScope } from '../../../lib/offline/db';
import { session } from '../../../lib/session';
import { isoOfLocal, localOfIso, localOfMs, msOfLocal } from './time';

/**
 * The questionnaire as the editor holds it (times as school-time datetime-local values), the request
 * it saves as, the settings' checks as typed, and the draft kept on the device per questionnaire id
 * (localStorage, per school and user): restored on return, cleared after a successful save; the
 * preview reads it too.
 */
export interface SurveyDraft {
  id: string;
  /** the version it was read at (0: new) */
  version: number;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  audience: Audience;
  target: SurveyTarget;
  anonymous: boolean;
  oncePer: OncePer;
  questions: SurveyQuestion[];
}

const DAY = 24 * 60 * 60 * 1000;

/** A new questionnaire: opens at the next full hour, for two weeks; everyone; named; once per person. */
export function blankDraft(id: string, now = Date.now()): SurveyDraft {
  const start = Math.ceil(now / 3_600_000) * 3_600_000;
  return {
    id,
    version: 0,
    title: '',
    description: '',
    startsAt: localOfMs(start),
    endsAt: localOfMs(start + 14 * DAY),
    audience: 'everyone',
    target: { ...EMPTY_TARGET },
    anonymous: false,
    oncePer: 'person',
    questions: [],
  };
}

export function draftOfDetail(detail: SurveyDetail): SurveyDraft {
  return {
    id: detail.id,
    version: detail.version,
    title: detail.title,
    description: detail.description,
    startsAt: localOfIso(detail.startsAt),
    endsAt: localOfIso(detail.endsAt),
    audience: detail.audience,
    target: { userIds: [...detail.target.userIds], orgIds: [...detail.target.orgIds], roleCodes: [...detail.target.roleCodes] },
    anonymous: detail.anonymous,
    oncePer: detail.oncePer,
    questions: detail.questions,
  };
}

export function requestOfDraft(draft: SurveyDraft): SurveySaveRequest {
  return {
    id: draft.id,
    version: draft.version,
    title: draft.title.trim(),
    description: draft.description.trim(),
    startsAt: isoOfLocal(draft.startsAt),
    endsAt: isoOfLocal(draft.endsAt),
    audience: draft.audience,
    target: draft.target,
    anonymous: draft.anonymous,
    // once per device only makes sense for everyone (a targeted survey needs a login: the person)
    oncePer: draft.audience === 'targeted' ? 'person' : draft.oncePer,
    questions: draft.questions.map((q) => ({ ...q, title: q.title.trim(), description: q.description.trim() })),
  };
}

/** The same questionnaire, for 'unsaved changes' (the draft vs what was read or saved). */
export const sameDraft = (a: SurveyDraft, b: SurveyDraft) => JSON.stringify(requestOfDraft(a)) === JSON.stringify(requestOfDraft(b));

export type SettingsField = 'title' | 'time' | 'target';
export type SettingsProblem = 'title_missing' | 'time_missing' | 'end_before_start' | 'target_empty';

/** The settings' checks as typed (the server's: title, times, start before end, a targeted one's target). */
export function settingsProblems(draft: SurveyDraft): Partial<Record<SettingsField, SettingsProblem>> {
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  if (!draft.title.trim()) problems.title = 'title_missing';
  const start = msOfLocal(draft.startsAt);
  const end = msOfLocal(draft.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end)) problems.time = 'time_missing';
  else if (start >= end) problems.time = 'end_before_start';
  if (draft.audience === 'targeted' && isEmptyTarget(draft.target)) problems.target = 'target_empty';
  return problems;
}

/* ------------------------------------------------------------------ target ↔ selector value */

/** The selector's value (comma-separated prefixed codes: U_<user id>, O_<org id>, R_<role code>). */
export function selectorValueOf(target: SurveyTarget): string {
  return [
    ...target.userIds.map((id) => SELECTOR_PREFIX.people + id),
    ...target.orgIds.map((id) => SELECTOR_PREFIX.org + id),
    ...target.roleCodes.map((code) => SELECTOR_PREFIX.role + code),
  ].join(',');
}

export function targetOfSelectorValue(value: string): SurveyTarget {
  const target: SurveyTarget = { userIds: [], orgIds: [], roleCodes: [] };
  for (const code of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    if (code.startsWith(SELECTOR_PREFIX.people)) target.userIds.push(code.slice(SELECTOR_PREFIX.people.length));
    else if (code.startsWith(SELECTOR_PREFIX.org)) target.orgIds.push(code.slice(SELECTOR_PREFIX.org.length));
    else if (code.startsWith(SELECTOR_PREFIX.role)) target.roleCodes.push(code.slice(SELECTOR_PREFIX.role.length));
  }
  return target;
}

/* ------------------------------------------------------------------ the draft kept on the device */

export interface StoredDraft {
  draft: SurveyDraft;
  /** when it was kept (ms) */
  at: number;
  /** when 问卷管理 first showed it as an old unsaved new questionnaire (ms) */
  shownAt?: number;
}

/**
 * Drafts are kept per school and user (`xiaowu.survey-draft.<tenant>.<user id>.<questionnaire id>`,
 * from the offline store's scope, as answering/draft.ts does): another user of the device never sees,
 * restores or saves them. Logout keeps them for that user, like the outbox (OFFLINE.md §8: the queue
 * stays with that user and tenant; another user never sends or sees it); they come back when the same
 * user logs in again. Without a logged-in scope nothing is kept. Keys of the first builder (no school
 * or user: nobody can tell whose) are dropped when this user's drafts are listed.
 */
const KEY_PREFIX = 'xiaowu.survey-draft.';
const UNSCOPED_KEY = /^xiaowu\.survey-draft\.[0-9a-f-]{36}$/i;
const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/**
 * This user's key prefix, or null when nobody is logged in: the offline store's scope, or (while it
 * is still opening right after a login) the session's user with the school remembered for them.
 */
function userPrefix(): string | null {
  const scope = currentScope();
  if (scope) return `${KEY_PREFIX}${scope.tenant}.${scope.userId}.`;
  const userId = session.loggedIn ? session.userId : '';
  const tenant = userId ? knownTenant(userId) : null;
  return userId && tenant ? `${KEY_PREFIX}${tenant}.${userId}.` : null;
}

const isStored = (parsed: StoredDraft | null, id?: string): parsed is StoredDraft =>
  Boolean(parsed && parsed.draft && typeof parsed.draft.id === 'string' && (id === undefined || parsed.draft.id === id) && Array.isArray(parsed.draft.questions) && typeof parsed.at === 'number');

export function keepDraft(draft: SurveyDraft, at = Date.now()): void {
  const prefix = userPrefix();
  if (!prefix) return;
  try {
    storage()?.setItem(prefix + draft.id, JSON.stringify({ draft, at } satisfies StoredDraft));
  } catch {
    // storage full or denied: the draft stays in memory only
  }
}

export function storedDraft(id: string): StoredDraft | null {
  const prefix = userPrefix();
  if (!prefix) return null;
  try {
    const raw = storage()?.getItem(prefix + id);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft;
    return isStored(parsed, id) ? parsed : null;
  } catch {
    return null;
  }
}

export function dropDraft(id: string): void {
  const prefix = userPrefix();
  if (!prefix) return;
  try {
    storage()?.removeItem(prefix + id);
  } catch {
    // nothing to drop
  }
}

/** This user's drafts of this school on the device, newest first (unreadable ones and the first builder's unscoped keys go). */
export function draftsOfUser(): StoredDraft[] {
  const prefix = userPrefix();
  const store = storage();
  if (!prefix || !store) return [];
  const found: StoredDraft[] = [];
  try {
    const keys: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key) keys.push(key);
    }
    for (const key of keys) {
      if (UNSCOPED_KEY.test(key)) {
        store.removeItem(key);
        continue;
      }
      if (!key.startsWith(prefix)) continue;
      let parsed: StoredDraft | null = null;
      try {
        parsed = JSON.parse(store.getItem(key) ?? 'null') as StoredDraft | null;
      } catch {
        parsed = null;
      }
      if (isStored(parsed, key.slice(prefix.length))) found.push(parsed);
      else store.removeItem(key);
    }
  } catch {
    return found;
  }
  return found.sort((a, b) => b.at - a.at);
}

/** A new questionnaire's draft as 问卷管理 lists it; old: kept more than DEVICE_DRAFT_DAYS ago. */
export interface DeviceDraft extends StoredDraft {
  old: boolean;
}

export const DEVICE_DRAFT_DAYS = 30;
/** When this page load started: an old draft shown before it has been seen and goes. */
const VISIT_STARTED = Date.now();

/**
 * This user's unsaved new questionnaires (version 0) on the device, newest first, for 问卷管理
 * (继续编辑 / 丢弃). One kept more than DEVICE_DRAFT_DAYS days ago is listed with `old` and marked
 * shown; it is dropped at a later visit (a page load after the one that showed it), never unseen.
 * Drafts with nothing typed (no title, description or question) are not listed; they go after a day.
 */
export function unsavedNewDrafts(now = Date.now(), visitStartedAt = VISIT_STARTED): DeviceDraft[] {
  const listed: DeviceDraft[] = [];
  for (const kept of draftsOfUser()) {
    const { draft } = kept;
    if (draft.version !== 0) continue;
    if (!draft.title.trim() && !draft.description.trim() && draft.questions.length === 0) {
      if (now - kept.at > DAY) dropDraft(draft.id);
      continue;
    }
    const old = now - kept.at > DEVICE_DRAFT_DAYS * DAY;
    if (old && kept.shownAt !== undefined && kept.shownAt < visitStartedAt) {
      dropDraft(draft.id);
      continue;
    }
    if (old && kept.shownAt === undefined) markShown(kept, now);
    listed.push({ ...kept, old });
  }
  return listed;
}

function markShown(kept: StoredDraft, now: number): void {
  const prefix = userPrefix();
  if (!prefix) return;
  try {
    storage()?.setItem(prefix + kept.draft.id, JSON.stringify({ ...kept, shownAt: now } satisfies StoredDraft));
  } catch {
    // not marked: shown again next time
  }
}

/* ------------------------------------------------------------------ the preview round trip */

const TRIP_KEY = 'xiaowu.survey-preview-trip';

/** The editor opens its preview: back from there, what is typed comes back without the 'restored' notice. */
export function markPreviewTrip(id: string): void {
  try {
    sessionStorage.setItem(TRIP_KEY, id);
  } catch {
    // no session storage: the notice shows, nothing is lost
  }
}

/** Whether the editor of `id` comes back from its preview (asked once). */
export function takePreviewTrip(id: string): boolean {
  try {
    const trip = sessionStorage.getItem(TRIP_KEY);
    sessionStorage.removeItem(TRIP_KEY);
    return trip === id;
  } catch {
    return false;
  }
}
