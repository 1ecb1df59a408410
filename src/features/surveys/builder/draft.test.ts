import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetOfflineDbForTests, setScope } from '../../../lib/offline/db';
import { clearSession, saveLogin } from '../../../lib/session';
import { blankDraft, draftsOfUser, unsavedNewDrafts, dropDraft, keepDraft, requestOfDraft, sameDraft, selectorValueOf, settingsProblems, storedDraft, targetOfSelectorValue } from './draft';

const ID = '01900000-0000-7000-8000-000000000001';
const USER = '01900000-0000-7000-8000-0000000000a1';
const ORG = '01900000-0000-7000-8000-0000000000b1';

describe('survey draft', () => {
  beforeEach(() => {
    localStorage.clear();
    setScope({ tenant: 'demo', userId: 'teacher-a' });
  });
  afterEach(() => resetOfflineDbForTests());

  it('a new questionnaire opens at the next full hour for two weeks, in school time', () => {
    const draft = blankDraft(ID, Date.parse('2026-11-21T09:20:00+08:00'));
    expect(draft.startsAt).toBe('2026-11-21T10:00');
    expect(draft.endsAt).toBe('2026-12-05T10:00');
    expect(requestOfDraft(draft).startsAt).toBe('2026-11-21T10:00:00+08:00');
    expect(draft.version).toBe(0);
  });

  it('checks the title, the times and a targeted questionnaire’s target as typed', () => {
    const draft = blankDraft(ID);
    expect(settingsProblems(draft)).toEqual({ title: 'title_missing' });
    expect(settingsProblems({ ...draft, title: '问卷', endsAt: draft.startsAt })).toEqual({ time: 'end_before_start' });
    expect(settingsProblems({ ...draft, title: '问卷', startsAt: '' })).toEqual({ time: 'time_missing' });
    expect(settingsProblems({ ...draft, title: '问卷', audience: 'targeted' })).toEqual({ target: 'target_empty' });
    expect(settingsProblems({ ...draft, title: '问卷', audience: 'targeted', target: { userIds: [], orgIds: [ORG], roleCodes: [] } })).toEqual({});
  });

  it('a targeted questionnaire is saved once per person (per device is only for everyone)', () => {
    const draft = { ...blankDraft(ID), title: '问卷', audience: 'targeted' as const, oncePer: 'device' as const };
    expect(requestOfDraft(draft).oncePer).toBe('person');
    expect(requestOfDraft({ ...draft, audience: 'everyone' }).oncePer).toBe('device');
  });

  it('the target goes to the selector as prefixed codes and back', () => {
    const target = { userIds: [USER], orgIds: [ORG], roleCodes: ['parent'] };
    const value = selectorValueOf(target);
    expect(value).toBe(`U_${USER},O_${ORG},R_parent`);
    expect(targetOfSelectorValue(value)).toEqual(target);
    expect(targetOfSelectorValue('')).toEqual({ userIds: [], orgIds: [], roleCodes: [] });
  });

  it('keeps the draft on the device per questionnaire and drops it', () => {
    const draft = { ...blankDraft(ID), title: '家长会反馈' };
    expect(storedDraft(ID)).toBeNull();
    keepDraft(draft, 123);
    expect(storedDraft(ID)).toEqual({ draft, at: 123 });
    expect(sameDraft(storedDraft(ID)!.draft, draft)).toBe(true);
    expect(storedDraft('01900000-0000-7000-8000-000000000002')).toBeNull();
    dropDraft(ID);
    expect(storedDraft(ID)).toBeNull();
  });

  it('a draft kept by one user is never restored for another user or another school, and stays for its user after logout', () => {
    const draft = { ...blankDraft(ID), title: '秋季运动会报名意向（改）' };
    keepDraft(draft, 123);
    setScope({ tenant: 'demo', userId: 'admin' });
    expect(storedDraft(ID)).toBeNull();
    expect(draftsOfUser()).toEqual([]);
    keepDraft({ ...draft, title: '管理员的' }, 456);
    setScope({ tenant: 'other', userId: 'teacher-a' });
    expect(storedDraft(ID)).toBeNull();
    // logged out: nothing kept, nothing restored
    setScope(null);
    expect(storedDraft(ID)).toBeNull();
    keepDraft({ ...draft, title: '无人' });
    expect(draftsOfUser()).toEqual([]);
    // the same user again: theirs is still there
    setScope({ tenant: 'demo', userId: 'teacher-a' });
    expect(storedDraft(ID)?.draft.title).toBe('秋季运动会报名意向（改）');
    setScope({ tenant: 'demo', userId: 'admin' });
    expect(storedDraft(ID)?.draft.title).toBe('管理员的');
  });

  it('right after a login, before the offline store is open, the session’s user and school are used', () => {
    setScope(null);
    saveLogin({ token: 't', userId: 'teacher-a' });
    localStorage.setItem('xiaowu-offline-tenant:teacher-a', 'demo');
    try {
      keepDraft({ ...blankDraft(ID), title: '刚登录' }, 5);
      setScope({ tenant: 'demo', userId: 'teacher-a' });
      expect(storedDraft(ID)?.draft.title).toBe('刚登录');
      setScope(null);
      clearSession();
      expect(storedDraft(ID)).toBeNull();
    } finally {
      clearSession();
    }
  });

  it('lists this user’s drafts newest first and drops the first builder’s drafts of nobody in particular', () => {
    localStorage.setItem(`xiaowu.survey-draft.${ID}`, JSON.stringify({ draft: { ...blankDraft(ID), title: '旧' }, at: 1 }));
    const other = '01900000-0000-7000-8000-000000000002';
    keepDraft({ ...blankDraft(ID), title: '一' }, 100);
    keepDraft({ ...blankDraft(other), title: '二' }, 200);
    localStorage.setItem('xiaowu.survey-draft.demo.teacher-a.broken', '{');
    expect(draftsOfUser().map((kept) => kept.draft.title)).toEqual(['二', '一']);
    expect(localStorage.getItem(`xiaowu.survey-draft.${ID}`)).toBeNull();
    expect(localStorage.getItem('xiaowu.survey-draft.demo.teacher-a.broken')).toBeNull();
  });
});

describe('unsaved new questionnaires on the device', () => {
  beforeEach(() => {
    localStorage.clear();
    setScope({ tenant: 'demo', userId: 'teacher-a' });
  });
  afterEach(() => resetOfflineDbForTests());

  const NOW = Date.parse('2026-11-21T10:00:00+08:00');
  const DAYS = (n: number) => n * 24 * 60 * 60 * 1000;
  const other = '01900000-0000-7000-8000-000000000002';
  const blank = '01900000-0000-7000-8000-000000000003';
  const saved = '01900000-0000-7000-8000-000000000004';

  it('lists this user’s new ones with something typed (not saved questionnaires’ edits, not empty ones)', () => {
    keepDraft({ ...blankDraft(ID), title: '家长会反馈' }, NOW - DAYS(1));
    keepDraft({ ...blankDraft(other), questions: [{ id: 'q', kind: 'text', title: '', description: '', required: false } as never] }, NOW - 1000);
    keepDraft(blankDraft(blank), NOW - DAYS(2));
    keepDraft({ ...blankDraft(saved), version: 3, title: '已保存的' }, NOW);
    const listed = unsavedNewDrafts(NOW, NOW - 5000);
    expect(listed.map((kept) => [kept.draft.id, kept.old])).toEqual([
      [other, false],
      [ID, false],
    ]);
    // an empty one older than a day goes; the saved questionnaire's edits stay for its editor
    expect(storedDraft(blank)).toBeNull();
    expect(storedDraft(saved)?.draft.title).toBe('已保存的');
    setScope({ tenant: 'demo', userId: 'admin' });
    expect(unsavedNewDrafts(NOW, NOW - 5000)).toEqual([]);
  });

  it('one older than 30 days is shown once (marked), and dropped only at a later visit', () => {
    keepDraft({ ...blankDraft(ID), title: '旧问卷' }, NOW - DAYS(31));
    const visit1 = NOW - 5000;
    expect(unsavedNewDrafts(NOW, visit1).map((kept) => [kept.draft.title, kept.old])).toEqual([['旧问卷', true]]);
    expect(storedDraft(ID)?.shownAt).toBe(NOW);
    // the same visit (a re-render, back to the list): still shown
    expect(unsavedNewDrafts(NOW + 1000, visit1)).toHaveLength(1);
    // the next page load: it was seen, it goes
    expect(unsavedNewDrafts(NOW + DAYS(1), NOW + DAYS(1) - 5000)).toEqual([]);
    expect(storedDraft(ID)).toBeNull();
  });
});

describe('short range', () => {
  it('drops this year on narrow screens and keeps another year', async () => {
    const { shortRange } = await import('./time');
    const now = new Date('2026-11-21T09:00:00+08:00');
    expect(shortRange('2026-11-22T17:15:00+08:00', '2026-12-11T17:15:00+08:00', now)).toBe('11-22 17:15 ~ 12-11 17:15');
    expect(shortRange('2026-12-22T08:00:00+08:00', '2027-01-05T08:00:00+08:00', now)).toBe('12-22 08:00 ~ 2027-01-05 08:00');
  });
});
