import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';

const day = new Date(2026, 10, 20, 14, 5);

describe('locale formatting', () => {
  it('writes dates the Chinese or the English way', () => {
    expect(formatDate(day, undefined, 'zh')).toBe('2026年11月20日');
    expect(formatDate(day, undefined, 'en')).toBe('Nov 20, 2026');
    expect(formatDate('not a date', undefined, 'en')).toBe('');
  });

  it('follows the active language by default', () => {
    i18n.activate('en');
    expect(formatDate(day)).toBe('Nov 20, 2026');
    expect(formatDateTime(day)).toMatch(/^Nov 20, 2026, 2:05\sPM$/);
    i18n.activate('zh');
    expect(formatDate(day)).toBe('2026年11月20日');
  });

  it('groups numbers', () => {
    expect(formatNumber(1234567, {}, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, {}, 'zh')).toBe('1,234,567');
    expect(formatNumber(0.5, { style: 'percent' }, 'en')).toBe('50%');
  });
});
