/** The service worker's cache key of POST reads (contracts/connectivity.ts cachedReadKey, used by sw/sw.ts). */
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SCOPE, cachedReadKey, OFFLINE_SCOPE_HEADER, offlineScope } from '../../../contracts/connectivity';

/** A dictionary read as the http module sends it, for the given scope header (null: none). */
const dictRead = (scope: string | null, body = '{"typeArr":["STD_KM"]}', language = 'zh-CN') =>
  new Request('https://school.example/dicts', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language, ...(scope === null ? {} : { [OFFLINE_SCOPE_HEADER]: scope }) },
  });

describe("the worker's cache key of POST reads", () => {
  const demoTeacher = offlineScope({ token: 'secret-token-1', userId: '0190-teacher', tenant: 'demo' });
  const demoAdmin = offlineScope({ token: 'secret-token-2', userId: '0190-admin', tenant: 'demo' });
  const kgTeacher = offlineScope({ token: 'secret-token-1', userId: '0190-teacher', tenant: 'kg' });

  it('keeps two schools and two users of one device apart; the same read of one user meets its entry', async () => {
    const keys = await Promise.all([demoTeacher, demoAdmin, kgTeacher, ANONYMOUS_SCOPE].map((scope) => cachedReadKey(dictRead(scope))));
    expect(new Set(keys).size).toBe(4);
    expect(await cachedReadKey(dictRead(demoTeacher))).toBe(keys[0]);
    // the URL stays readable; the scope is hashed, and the token never takes part
    expect(keys[0]).toMatch(/^https:\/\/school\.example\/dicts\?__body=[0-9a-f]{64}$/);
    expect(keys[0]).not.toContain('demo');
    expect(offlineScope({ token: 'another-token', userId: '0190-teacher', tenant: 'demo' })).toBe(demoTeacher);
  });

  it('still tells bodies and languages apart', async () => {
    const base = await cachedReadKey(dictRead(demoTeacher));
    expect(await cachedReadKey(dictRead(demoTeacher, '{"typeArr":["XB"]}'))).not.toBe(base);
    expect(await cachedReadKey(dictRead(demoTeacher, undefined, 'en'))).not.toBe(base);
  });

  it('a call that names no scope, or a session whose school is not known yet, is never cached', async () => {
    expect(await cachedReadKey(dictRead(null))).toBeNull();
    const unknownSchool = offlineScope({ token: 't', userId: '0190-teacher', tenant: null });
    expect(unknownSchool).toBe('');
    expect(await cachedReadKey(dictRead(unknownSchool))).toBeNull();
    expect(offlineScope({ token: null, userId: '', tenant: null })).toBe(ANONYMOUS_SCOPE);
  });
});
