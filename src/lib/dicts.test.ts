import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { syncDictRevision } from './dicts';

describe('syncDictRevision (dictionary changes reach offline caches on the next online start)', () => {
  beforeEach(() => localStorage.clear());

  it('fetches every cached dictionary again when the revision moved (also unused ones), not while it stays', async () => {
    const client = new QueryClient();
    let served = '新名称';
    const fetches: string[] = [];
    // a dictionary cached by an earlier visit: no screen uses it now
    client.setQueryDefaults(['dicts'], {
      queryFn: ({ queryKey }) => {
        fetches.push(String(queryKey[1]));
        return [{ code: '1', name: served }];
      },
    });
    client.setQueryData(['dicts', 'STD_XB_XXLX'], [{ code: '1', name: '旧名称' }]);
    client.setQueryData(['other'], 1);
    expect(await syncDictRevision(client, () => Promise.resolve({ revision: 'r1' }))).toBe(true);
    expect(client.getQueryData(['dicts', 'STD_XB_XXLX'])).toEqual([{ code: '1', name: '新名称' }]);
    expect(client.getQueryData(['other'])).toBe(1);

    served = '再改';
    expect(await syncDictRevision(client, () => Promise.resolve({ revision: 'r1' }))).toBe(false);
    expect(fetches).toEqual(['STD_XB_XXLX']);
    expect(client.getQueryData(['dicts', 'STD_XB_XXLX'])).toEqual([{ code: '1', name: '新名称' }]);

    expect(await syncDictRevision(client, () => Promise.resolve({ revision: 'r2' }))).toBe(true);
    expect(client.getQueryData(['dicts', 'STD_XB_XXLX'])).toEqual([{ code: '1', name: '再改' }]);
  });

  it('keeps the cached copy when the new one cannot be fetched', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryDefaults(['dicts'], { queryFn: () => Promise.reject(new Error('network')) });
    client.setQueryData(['dicts', 'STD_KM'], [{ code: 'YW', name: '语文' }]);
    expect(await syncDictRevision(client, () => Promise.resolve({ revision: 'r9' }))).toBe(true);
    expect(client.getQueryData(['dicts', 'STD_KM'])).toEqual([{ code: 'YW', name: '语文' }]);
  });

  it('changes nothing offline or when the server cannot be asked', async () => {
    const client = new QueryClient();
    client.setQueryData(['dicts', 'STD_KM'], []);
    expect(await syncDictRevision(client, () => Promise.reject(new Error('network')))).toBe(false);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchRevision = vi.fn(() => Promise.resolve({ revision: 'x' }));
    expect(await syncDictRevision(client, fetchRevision)).toBe(false);
    expect(fetchRevision).not.toHaveBeenCalled();
    online.mockRestore();
    expect(client.getQueryData(['dicts', 'STD_KM'])).toEqual([]);
  });
});
