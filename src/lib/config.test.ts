import { afterEach, describe, expect, it, vi } from 'vitest';
import { configUrl, getConfig, lastTenant, loadConfig, rememberTenant } from './config';

describe('runtime configuration per school', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
  });

  it('asks /config.json with the school last logged in to, or the page\'s ?tenant=', async () => {
    expect(configUrl()).toBe('/config.json');
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ loginTitle: '示范学校', pageTitle: '示范校务' }))));
    vi.stubGlobal('fetch', fetchMock);
    rememberTenant('demo');
    expect(lastTenant()).toBe('demo');
    expect(configUrl()).toBe('/config.json?tenant=demo');
    await vi.waitFor(() => expect(document.title).toBe('示范校务'));
    expect(getConfig().loginTitle).toBe('示范学校');
    window.history.replaceState(null, '', '/login?tenant=kg');
    expect(configUrl()).toBe('/config.json?tenant=kg');
    await loadConfig(fetchMock as unknown as typeof fetch);
    expect(fetchMock).toHaveBeenLastCalledWith('/config.json?tenant=kg', expect.anything());
  });
});
