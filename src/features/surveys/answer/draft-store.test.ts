import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, flushDrafts, keepPicture, loadDraft, localTokensOf, openDraft, pictureOf, saveDraftSoon, type DraftKey } from './draft-store';

let n = 0;
const key = (): DraftKey => ({ tenant: 'demo', who: 'd:device', questionnaireId: `q-${++n}` });
const ids = () => {
  let i = 0;
  return () => `id-${++i}`;
};

afterEach(() => vi.useRealTimers());

describe('survey drafts on the device', () => {
  it('the answer id is made once: opening again (a reload) continues the same draft', async () => {
    const draft = key();
    const first = await openDraft(draft, ids());
    expect(first).toMatchObject({ answerId: 'id-1', values: {} });
    const again = await openDraft(draft, () => 'another');
    expect(again.answerId).toBe('id-1');
    expect(await openDraft({ ...draft, who: 'u:someone' }, () => 'theirs')).toMatchObject({ answerId: 'theirs' });
  });

  it('typing is saved after a pause (the last values win), or at once on flush', async () => {
    const draft = key();
    const { answerId } = await openDraft(draft, ids());
    vi.useFakeTimers();
    saveDraftSoon(draft, { answerId, values: { a: 'x' }, updatedAt: 0 });
    saveDraftSoon(draft, { answerId, values: { a: 'xy' }, updatedAt: 0 });
    vi.useRealTimers();
    expect((await loadDraft(draft))?.values).toEqual({});
    await flushDrafts();
    expect((await loadDraft(draft))?.values).toEqual({ a: 'xy' });
  });

  it('pictures are kept as local: tokens and go with the draft after a confirmed submit', async () => {
    const draft = key();
    const { answerId } = await openDraft(draft, ids());
    const token = await keepPicture(new File(['bytes'], 'a.jpg', { type: 'image/jpeg' }), { questionnaireId: draft.questionnaireId, answerId }, () => 'p1');
    expect(token).toBe('local:p1');
    expect(await pictureOf(token)).toMatchObject({ name: 'a.jpg', type: 'image/jpeg', answerId });
    const values = { pic: [token, 'server-file'], text: 'hi' };
    expect(localTokensOf(values)).toEqual(['local:p1']);
    saveDraftSoon(draft, { answerId, values, updatedAt: 0 });
    await flushDrafts();
    await clearDraft(draft);
    expect(await loadDraft(draft)).toBeUndefined();
    expect(await pictureOf(token)).toBeUndefined();
  });
});
