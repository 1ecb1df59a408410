import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, ok } from '../test/render';
import { setConfig } from './config';
import { syncDictRevision } from './dicts';

/** The server's /dicts: answers `served()` for each asked type, recording the asked types. */
function serveDicts(served: () => string | Error) {
  const fetches: string[] = [];
  const fake = fakeFetch({
    '/dicts': (init) => {
      const { typeArr } = JSON.parse(String(init.body)) as { typeArr: string[] };
      fetches.push(...typeArr);
      const name = served();
      return name instanceof Error ? { error: name } : ok(Object.fromEntries(typeArr.map((type) => [type, [{ code: '1', name }]])));
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  return fetches;
}

describe('syncDictRevision (dictionary changes reach offline caches on the next online start)', () => {
  beforeEach(() => {
    localStorage.clear();
    setConfig({ apiBaseUrl: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches every cached dictionary again when the revision moved (also unused ones), not while it stays', async () => {
    const client = new QueryClient();
    let served = '新名称';
    // a dictionary restored from the device (no queryFn: no screen has used it since the start)
    const fetches = serveDicts(() => served);
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
    serveDicts(() => new TypeError('Failed to fetch'));
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
