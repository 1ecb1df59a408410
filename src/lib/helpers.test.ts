import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';
import { debounce, DEBOUNCE_MS } from './debounce';
import { randomId, RANDOM_ID_LENGTH } from './random-id';
import { toaster } from './toaster';
import { i18n } from '@lingui/core';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('debounce', () => {
  it('waits 500 ms by default and calls once with the last arguments', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn);
    debounced(1);
    debounced(2);
    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(DEBOUNCE_MS).toBe(500);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
  });

  it('can be cancelled and takes another wait', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('randomId', () => {
  it('is 8 letters or digits by default, and as long as asked', () => {
    expect(RANDOM_ID_LENGTH).toBe(8);
    expect(randomId()).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(randomId(20)).toHaveLength(20);
    expect(randomId()).not.toBe(randomId());
  });
});

describe('copyText', () => {
  it('copies through the Clipboard API and says 复制成功!', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const toast = vi.spyOn(toaster, 'create');
    expect(await copyText('abc')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '复制成功!', type: 'success' }));
  });

  it('says Copied! in English, falling back to execCommand without the Clipboard API', async () => {
    i18n.activate('en');
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    const toast = vi.spyOn(toaster, 'create');
    expect(await copyText('abc')).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Copied!' }));
  });
});
