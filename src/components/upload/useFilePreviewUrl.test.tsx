import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../lib/config';
import { filePreviewQuery, PREVIEW_CACHE } from './useFilePreviewUrl';

/** A Cache API stand-in: one named cache of URL → Response. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (key: string, response: Response) => void store.set(new URL(key, 'http://localhost').href, response),
      match: async (key: string) => store.get(new URL(key, 'http://localhost').href)?.clone(),
      delete: async (key: string) => store.delete(new URL(key, 'http://localhost').href),
    };
  };
  return {
    stores,
    api: { open, match: async (key: string, options?: { cacheName?: string }) => (await open(options?.cacheName ?? '')).match(key) },
  };
}

describe('file previews', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a fetched preview in the Cache API and serves it when the network is gone; not in the persisted cache', async () => {
    const caches = fakeCaches();
    vi.stubGlobal('caches', caches.api);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('PNG', { status: 200, headers: { 'Content-Type': 'image/png' } })));
    const online = await new QueryClient().fetchQuery(filePreviewQuery('f1'));
    expect(await online!.text()).toBe('PNG');
    expect(caches.stores.get(PREVIEW_CACHE)?.size).toBe(1);

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const offline = await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(filePreviewQuery('f1'));
    expect(await offline!.text()).toBe('PNG');
    await expect(new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(filePreviewQuery('never-seen'))).rejects.toBeTruthy();
    expect(filePreviewQuery('f1').meta).toEqual({ persist: false });
  });

  it('a refusal from the server (40300: no right to the file) is not overridden by the copy on the device, which goes', async () => {
    const caches = fakeCaches();
    vi.stubGlobal('caches', caches.api);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('PNG', { status: 200, headers: { 'Content-Type': 'image/png' } })));
    await new QueryClient().fetchQuery(filePreviewQuery('f2'));
    expect(caches.stores.get(PREVIEW_CACHE)?.size).toBe(1);

    const refusal = { code: 40300, result: false, msg: '无权查看此文件：它属于您无权查看的记录', data: null };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(refusal), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    await expect(new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(filePreviewQuery('f2'))).rejects.toMatchObject({ code: 40300 });
    expect(caches.stores.get(PREVIEW_CACHE)?.size).toBe(0);
  });
});
