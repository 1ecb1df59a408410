import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, mergeServerMessages } from './i18n';

describe("the server's language list", () => {
  const changes = vi.fn();
  afterEach(() => {
    i18n.removeListener('change', changes);
    changes.mockReset();
  });

  it('re-renders the app only when it changes a text (an empty list, the usual case, changes nothing)', async () => {
    await activateLocale('zh');
    i18n.on('change', changes);
    mergeServerMessages({ zh: {}, en: {} });
    expect(changes).not.toHaveBeenCalled();

    mergeServerMessages({ zh: { schoolMotto: '厚德博学' }, en: {} });
    expect(changes).toHaveBeenCalledTimes(1);
    expect(i18n._('schoolMotto')).toBe('厚德博学');

    // the same list again (after login): nothing to do
    mergeServerMessages({ zh: { schoolMotto: '厚德博学' }, en: {} });
    expect(changes).toHaveBeenCalledTimes(1);

    mergeServerMessages({ zh: { schoolMotto: '明德至善' } });
    expect(changes).toHaveBeenCalledTimes(2);
    expect(i18n._('schoolMotto')).toBe('明德至善');
  });
});
