import { describe, expect, it, vi } from 'vitest';
import { loadOutboxKindModules, outboxKind, registerOutboxKindModules, defineOutboxKind } from './kinds';

describe('outbox kind modules', () => {
  it('loads every registered module once per call, so their kinds are defined before the drain; a failing one does not stop the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const good = vi.fn(async () => defineOutboxKind({ kind: 'test.kind', url: '/api/test', describe: () => 'x' }));
    const bad = vi.fn(async () => {
      throw new Error('chunk missing');
    });
    registerOutboxKindModules(good, bad);
    registerOutboxKindModules(good);
    expect(outboxKind('test.kind')).toBeUndefined();
    await loadOutboxKindModules();
    expect(good).toHaveBeenCalledTimes(1);
    expect(bad).toHaveBeenCalledTimes(1);
    expect(outboxKind('test.kind')?.url).toBe('/api/test');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
