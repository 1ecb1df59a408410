import { describe, expect, it } from 'vitest';
import { questionnaires } from '../modules/surveys/surveys.table';
import { datedRowsOf, timestampFromText } from './rows';

describe('datedRowsOf', () => {
  const { datedRows, datedFirst } = datedRowsOf(['starts_at', 'created_at']);

  it('turns the named text columns into Dates and leaves the rest', () => {
    const [row] = datedRows<{ starts_at: Date; created_at: Date | null; title: string; ends_at: string }>({
      rows: [{ starts_at: '2026-09-01T08:00:00+08:00', created_at: null, title: '2026-09-01', ends_at: '2026-09-02T00:00:00Z' }],
    });
    expect(row.starts_at).toBeInstanceOf(Date);
    expect(row.starts_at.toISOString()).toBe('2026-09-01T00:00:00.000Z');
    expect(row.created_at).toBeNull();
    expect(row.title).toBe('2026-09-01');
    expect(row.ends_at).toBe('2026-09-02T00:00:00Z');
  });

  it('answers the first row, or undefined when there is none', () => {
    expect(datedFirst<{ created_at: Date }>({ rows: [{ created_at: '2026-01-01T00:00:00Z' }, { created_at: 'x' }] })?.created_at).toEqual(
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(datedFirst({ rows: [] })).toBeUndefined();
  });
});

describe('timestampFromText', () => {
  it('reads PostgreSQL timestamptz text exactly, years below 100 included (V8 read 0001 as 2001)', () => {
    expect(new Date('0001-01-01 00:00:00+00').getUTCFullYear()).toBe(2001);
    expect(timestampFromText('0001-01-01 00:00:00+00').toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(timestampFromText('0099-12-31 23:59:59.999+00').toISOString()).toBe('0099-12-31T23:59:59.999Z');
    expect(timestampFromText('2026-03-01 08:00:00.123456+08').toISOString()).toBe('2026-03-01T00:00:00.123Z');
    expect(timestampFromText('2026-03-01 05:30:00+05:30').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(timestampFromText('2026-02-28 19:00:00-05').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    // Asia/Shanghai before 1901 is local mean time, +08:05:43
    expect(timestampFromText('1900-01-01 08:05:43+08:05:43').toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(timestampFromText('0001-12-31 00:00:00+00 BC').getUTCFullYear()).toBe(0);
    // ISO text (a JSON column's) goes to the Date constructor, which reads it exactly
    expect(timestampFromText('0001-01-01T00:00:00.000Z').toISOString()).toBe('0001-01-01T00:00:00.000Z');
  });

  it('is what the timestamptz columns and the raw row mappers use', () => {
    const column = questionnaires.startsAt;
    expect((column.mapFromDriverValue('0001-01-01 00:00:00+00') as Date).toISOString()).toBe('0001-01-01T00:00:00.000Z');
    const { withDates } = datedRowsOf(['at']);
    expect(withDates({ at: '0050-06-15 12:00:00+00' as unknown }).at).toEqual(new Date('0050-06-15T12:00:00Z'));
  });
});
