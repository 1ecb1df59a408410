import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHED_ANSWER_HEADER, CONNECTIVITY_PROBE_URL } from '../../../contracts/connectivity';
import { setConfig } from '../config';
import { checkServer, connectivity, onServerBack, PROBE_TIMEOUT_MS, reportAnswer, reportNoAnswer, resetConnectivity, START_CHECK_MS, watchServer } from './connectivity';

/** The server as the probe meets it: 'up' answers, 'down' refuses the connection, 'cache' is the worker's cached answer, 'hang' never answers. */
let server: 'up' | 'down' | 'cache' | 'hang' | 'proxy-502' = 'down';
const probes: { url: string; init: RequestInit }[] = [];

function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  probes.push({ url: String(input), init });
  switch (server) {
    case 'up':
      return Promise.resolve(new Response('{"code":1,"result":true,"msg":"","data":{}}', { status: 200 }));
    case 'cache':
      return Promise.resolve(new Response('{}', { status: 200, headers: { [CACHED_ANSWER_HEADER]: '1' } }));
    case 'proxy-502':
      return Promise.resolve(new Response('bad gateway', { status: 502 }));
    case 'hang':
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    default:
      return Promise.reject(new TypeError('Failed to fetch'));
  }
}

/** Runs the fake clock `ms` forward and lets the probe's promises settle. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  // no jitter: the probe delays are exactly 1 s, 2 s, 4 s, 4 s…
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  setConfig({ apiBaseUrl: '' });
  resetConnectivity();
  probes.length = 0;
  server = 'down';
});

afterEach(() => {
  resetConnectivity();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connectivity', () => {
  it('a transport failure makes the server unreachable; the probe backs off 1 s, 2 s, 4 s, 4 s and sees it come back', async () => {
    const back = vi.fn();
    const off = onServerBack(back);
    expect(reportNoAnswer(Date.now())).toBe(true); // the first failure: one toast
    expect(connectivity()).toBe('unreachable');
    expect(reportNoAnswer(Date.now())).toBe(false); // later ones stay quiet

    const probeTimes: number[] = [];
    const start = Date.now();
    (fetch as ReturnType<typeof vi.fn>).mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      probeTimes.push(Date.now() - start);
      return fakeFetch(input, init);
    });
    await advance(1000 + 2000 + 4000 + 4000);
    expect(probeTimes).toEqual([1000, 3000, 7000, 11000]);
    expect(connectivity()).toBe('unreachable');
    expect(back).not.toHaveBeenCalled();
    // the probe asks the API's cheap route, past every cache, without the session
    expect(probes[0]!.url).toBe(CONNECTIVITY_PROBE_URL);
    expect(probes[0]!.init).toMatchObject({ cache: 'no-store', credentials: 'omit' });

    server = 'up';
    await advance(4000);
    expect(connectivity()).toBe('online');
    expect(back).toHaveBeenCalledTimes(1);
    // online again: no more probes
    const count = probes.length;
    await advance(60_000);
    expect(probes.length).toBe(count);
    off();
  });

  it("an answer served from the worker's cache is no answer of the server, and never a toast", async () => {
    expect(reportNoAnswer(Date.now(), true)).toBe(false);
    expect(connectivity()).toBe('unreachable');
    // the probe itself meets the worker's cache or a proxy's 502: still unreachable
    server = 'cache';
    await advance(1000);
    expect(probes).toHaveLength(1);
    expect(connectivity()).toBe('unreachable');
    server = 'proxy-502';
    await advance(2000);
    expect(probes).toHaveLength(2);
    expect(connectivity()).toBe('unreachable');
    server = 'up';
    await advance(4000);
    expect(connectivity()).toBe('online');
  });

  it('a failure of a call that started before the latest real answer changes nothing', async () => {
    const startedAt = Date.now();
    await advance(100);
    reportAnswer();
    await advance(3000); // e.g. the worker's cache answered after its own network timeout
    expect(reportNoAnswer(startedAt, true)).toBe(false);
    expect(reportNoAnswer(startedAt)).toBe(false);
    expect(connectivity()).toBe('online');
    expect(probes).toHaveLength(0);
    // a call started after that answer counts
    expect(reportNoAnswer(Date.now())).toBe(true);
    expect(connectivity()).toBe('unreachable');
  });

  it('a probe that gets no answer gives up after PROBE_TIMEOUT_MS', async () => {
    server = 'hang';
    reportNoAnswer(Date.now());
    await advance(1000);
    expect(probes).toHaveLength(1);
    await advance(PROBE_TIMEOUT_MS);
    expect(probes[0]!.init.signal?.aborted).toBe(true);
    expect(connectivity()).toBe('unreachable');
    // the next probe follows its own delay
    server = 'up';
    await advance(2000);
    expect(connectivity()).toBe('online');
  });

  it('offline: no probes; back online, one at once', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reportNoAnswer(Date.now())).toBe(false); // the browser is offline: the indicator says it, no toast
    expect(connectivity()).toBe('offline');
    await advance(30_000);
    expect(probes).toHaveLength(0);

    onLine.mockReturnValue(true);
    server = 'up';
    window.dispatchEvent(new Event('online'));
    await advance(0);
    expect(probes).toHaveLength(1);
    expect(connectivity()).toBe('online');
  });

  it('a start that hears nothing from the server within START_CHECK_MS probes it once', async () => {
    watchServer();
    await advance(START_CHECK_MS - 1);
    expect(probes).toHaveLength(0);
    await advance(1);
    expect(probes).toHaveLength(1);
    await advance(0);
    expect(connectivity()).toBe('unreachable');
  });

  it('a start that heard the server answer makes no probe', async () => {
    watchServer();
    await advance(500);
    reportAnswer();
    await advance(60_000);
    expect(probes).toHaveLength(0);
    expect(connectivity()).toBe('online');
  });

  it('checkServer coalesces: one probe at a time', async () => {
    server = 'hang';
    void checkServer();
    void checkServer();
    await advance(0);
    expect(probes).toHaveLength(1);
  });
});
