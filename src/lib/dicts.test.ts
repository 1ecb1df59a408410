import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { syncDictRevision } from './dicts';

describe('syncDictRevision (dictionary changes reach offline caches on the next online start)', () => {
  beforeEach(() => localStorage.clear());

  it('drops cached dictionaries when the revision moved, keeps them while it stays', async () => {
    const client = new QueryClient();
    client.setQueryData(['dicts', 'STD_XB_XXLX'], [{ code: '1', name: '旧名称' }]);
    client.setQueryData(['other'], 1);
    expect(await syncDictRevision(client, () => Promise.resolve({ revision: 'r1' }))).toBe(true);
    expect(client.getQueryData(['dicts', 'STD_XB_XXLX'])).toBeUndefined();
    expect(client.getQueryData(['other'])).toBe(1);

    client.setQueryData(['dicts', 'STD_XB_XXLX'], [{ code: '1', name: '新名称' }]);
    expect(await syncDictRevision(client, () => Promise.resolve({ revision: 'r1' }))).toBe(false);
    expect(client.getQueryData(['dicts', 'STD_XB_XXLX'])).toEqual([{ code: '1', name: '新名称' }]);

    expect(await syncDictRevision(client, () => Promise.resolve({ revision: 'r2' }))).toBe(true);
    expect(client.getQueryData(['dicts', 'STD_XB_XXLX'])).toBeUndefined();
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
