import { describe, expect, it } from 'vitest';
import { datedRowsOf } from './rows';

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
