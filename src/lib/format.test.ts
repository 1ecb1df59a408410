import { i18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatList, formatNumber, formatTime, instantOf } from './format';

// 14:05 at the school (Asia/Shanghai) is 06:05 UTC and 22:05 the evening before in Los Angeles.
const day = new Date('2026-11-20T14:05:00+08:00');

// A device clock outside China: what the screens show must not change with it.
// (Node reads a new TZ at once; vi.stubEnv sets it, unstubAllEnvs puts the device's back)
beforeAll(() => {
  vi.stubEnv('TZ', 'America/Los_Angeles');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('locale formatting', () => {
  it('runs with the device in Los Angeles', () => {
    expect(new Date('2026-11-20T06:05:00Z').getHours()).toBe(22);
  });

  it('writes dates the Chinese or the English way, in the school time zone', () => {
    expect(formatDate(day, undefined, 'zh')).toBe('2026年11月20日');
    expect(formatDate(day, undefined, 'en')).toBe('Nov 20, 2026');
    expect(formatDate('not a date', undefined, 'en')).toBe('');
    // the device's calendar says the 19th at 22:05; the school's, the 20th at 14:05
    expect(formatTime(day, 'en')).toBe('14:05');
    expect(formatDate(Date.parse('2026-11-19T16:30:00Z'), undefined, 'en')).toBe('Nov 20, 2026');
  });

  it('reads a day or a wall time without a zone as the school’s', () => {
    expect(instantOf('2026-11-28').toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(instantOf('2026-11-28T08:00').toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(instantOf('2026-11-28T08:00:30').toISOString()).toBe('2026-11-28T00:00:30.000Z');
    expect(instantOf('2026-11-28T08:00:00Z').toISOString()).toBe('2026-11-28T08:00:00.000Z');
  });

  it('names a day with its weekday as each language does', () => {
    expect(formatDay('2026-11-28', 'zh')).toBe('2026年11月28日星期六');
    expect(formatDay('2026-11-28', 'en')).toBe('Sat, Nov 28, 2026');
    // 23:30 on Friday in Los Angeles is already Saturday at the school
    expect(formatDay(new Date('2026-11-27T23:30:00-08:00'), 'en')).toBe('Sat, Nov 28, 2026');
  });

  it('follows the active language by default', () => {
    i18n.activate('en');
    expect(formatDate(day)).toBe('Nov 20, 2026');
    expect(formatDateTime(day)).toMatch(/^Nov 20, 2026, 2:05\sPM$/);
    i18n.activate('zh');
    expect(formatDate(day)).toBe('2026年11月20日');
    expect(formatDateTime(day)).toBe('2026年11月20日 14:05');
  });

  it('groups numbers', () => {
    expect(formatNumber(1234567, {}, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, {}, 'zh')).toBe('1,234,567');
    expect(formatNumber(0.5, { style: 'percent' }, 'en')).toBe('50%');
  });
});

describe('lists', () => {
  it('joins names as each language does', () => {
    expect(formatList(['语文', '数学', '英语'], 'zh')).toBe('语文、数学、英语');
    expect(formatList(['Chinese', 'Mathematics'], 'en')).toBe('Chinese, Mathematics');
    expect(formatList([], 'en')).toBe('');
  });
});
