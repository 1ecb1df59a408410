import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveyAnswerResult } from '../../../contracts/surveys';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { DEMO_SURVEY_IDS } from '../../db/seed/surveys';
import { buildTestApp, call, login, type TestApp, uniqueIp } from '../../test/helpers';

/**
 * Rate limits of the public survey calls and the proof verification page (plugins/rate-limit.ts),
 * with limits lowered through the app's config so a few requests reach them. Against the demo
 * school's 家长满意度调查 without answering it (every answer here is refused before it is stored:
 * each one leaves out a required question).
 */

let t: TestApp;
const limits = {
  ...RATE_LIMITS,
  surveyAnswer: { perAddress: { max: 4, windowSeconds: 600 }, perDevice: { max: 2, windowSeconds: 60 } },
  surveyRead: { perAddress: { max: 3, windowSeconds: 600 }, perDevice: { max: 100, windowSeconds: 60 } },
  proofVerify: { perAddress: { max: 2, windowSeconds: 600 } },
};

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: limits });
});
afterAll(async () => {
  await t?.close();
});

/** an answer the server refuses (40000: required questions left out): counted, never stored */
const answer = (device: string, ip: string) =>
  call<SurveyAnswerResult>(t.app, 'POST', '/api/surveys/public/answer', {
    json: { questionnaireId: DEMO_SURVEY_IDS.satisfaction, answerId: uuidv7(), values: {} },
    headers: { 'x-tenant': 'demo', 'x-device-id': device },
    ip,
  });

describe('rate limits (42900)', () => {
  it('per device: the third answer of one device within the minute is refused, from any address', async () => {
    const device = uuidv7();
    expect((await answer(device, uniqueIp())).body.code).toBe(40000);
    expect((await answer(device, uniqueIp())).body.code).toBe(40000);
    const third = await answer(device, uniqueIp());
    expect(third.body).toMatchObject({ code: 42900, result: false, msg: expect.stringMatching(/^操作过于频繁，请\d+秒后再试$/), data: { retryAfterSeconds: expect.any(Number) } });
    expect(third.body.data).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    // another device is not affected
    expect((await answer(uuidv7(), uniqueIp())).body.code).toBe(40000);
  });

  it('per address: the fifth answer from one address is refused whatever the device', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 4; i += 1) expect((await answer(uuidv7(), ip)).body.code).toBe(40000);
    const fifth = await answer(uuidv7(), ip);
    expect(fifth.body.code).toBe(42900);
    const en = await call(t.app, 'POST', '/api/surveys/public/answer', {
      json: {},
      headers: { 'x-tenant': 'demo', 'x-device-id': uuidv7(), 'accept-language': 'en' },
      ip,
    });
    expect(en.body.msg).toMatch(/^Too many requests; please try again in \d+ second\(s\)$/);
  });

  it('the public list and the proof verification page are limited per address too; session calls are not', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1) expect((await call(t.app, 'POST', '/api/surveys/public/list', { json: {}, headers: { 'x-tenant': 'demo' }, ip })).body.code).toBe(1);
    expect((await call(t.app, 'POST', '/api/surveys/public/list', { json: {}, headers: { 'x-tenant': 'demo' }, ip })).body.code).toBe(42900);

    const verifyIp = uniqueIp();
    const verify = () => t.app.inject({ method: 'GET', url: '/api/proofs/verify/demo/NOSUCHCODE', remoteAddress: verifyIp });
    expect((await verify()).statusCode).toBe(404);
    expect((await verify()).statusCode).toBe(404);
    // a page opened in a browser: over the limit it is a small page, 429 with Retry-After
    const third = await verify();
    expect(third.statusCode).toBe(429);
    expect(third.headers['content-type']).toContain('text/html');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.body).toMatch(/<p>操作过于频繁，请\d+秒后再试<\/p>/);

    const token = await login(t.app, 'demo', 'admin');
    const sessionIp = uniqueIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await call(t.app, 'POST', '/api/surveys/get', { token, json: { id: DEMO_SURVEY_IDS.satisfaction }, ip: sessionIp })).body.code).toBe(1);
    }
  });

  it('IPv6 addresses of one /64 share a counter; another /56 has its own', async () => {
    const list = (ip: string) => call(t.app, 'POST', '/api/surveys/public/list', { json: {}, headers: { 'x-tenant': 'demo' }, ip });
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(1).toString('hex')}`;
    for (let i = 1; i <= 3; i += 1) expect((await list(`${prefix}01::${i}`)).body.code).toBe(1);
    expect((await list(`${prefix}01::99`)).body.code).toBe(42900);
    expect((await list(`${prefix}ff:1:2:3:4`)).body.code).toBe(42900);
    expect((await list(`2001:db8:${randomBytes(2).toString('hex')}::1`)).body.code).toBe(1);
  });
});

describe('rate limits behind a proxy (XIAOWU_TRUST_PROXY as a hop count)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ rateLimits: limits, trustProxy: 1 });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('a forged X-Forwarded-For entry does not reset the counter: the address is the one the proxy saw', async () => {
    const client = uniqueIp();
    const proxy = uniqueIp();
    const list = (forged: string) =>
      proxied.app.inject({ method: 'POST', url: '/api/surveys/public/list', headers: { 'x-tenant': 'demo', 'content-type': 'application/json', 'x-forwarded-for': `${forged}, ${client}` }, payload: '{}', remoteAddress: proxy });
    for (let i = 0; i < 3; i += 1) expect((await list(uniqueIp())).json()).toMatchObject({ code: 1 });
    expect((await list(uniqueIp())).json()).toMatchObject({ code: 42900 });
  });
});
