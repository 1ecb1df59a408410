import { describe, expect, it } from 'vitest';
import { createQueryClient, OFFLINE_GC_TIME_MS } from './query-client';

describe('query client', () => {
  it('reads are offlineFirst and stay in memory as long as a timer can wait (a longer gcTime drops them at once)', () => {
    expect(OFFLINE_GC_TIME_MS).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(createQueryClient().getDefaultOptions().queries).toMatchObject({ gcTime: OFFLINE_GC_TIME_MS, networkMode: 'offlineFirst', retry: false });
  });

  it('an unused query is not dropped right away', async () => {
    const client = createQueryClient();
    client.setQueryData(['x'], 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.getQueryData(['x'])).toBe(1);
  });
});
