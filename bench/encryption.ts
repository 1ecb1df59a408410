/**
 * The cost of request encryption (SPEC §7) on a typical POST: the message list
 * (`POST /api/message/info/getInfoByRecipient`, form page/size, teacher) with
 * XIAOWU_REQUEST_ENCRYPTION off, then on. Measured in-process with app.inject (no sockets), 10
 * requests in flight, a fixed number of requests per mode after a warm-up. Every encrypted
 * request is sealed beforehand with a fresh key, IV and nonce (a replayed nonce would be refused),
 * with Node's crypto, byte-for-byte the browser's format; so the figure is the server's cost:
 * RSA-OAEP decryption, AES both ways, the nonce insert.
 *
 *   npx tsx bench/encryption.ts
 */
import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SIGN_HEADER } from '../contracts/encryption';
import { buildApp } from '../server/app';
import { defaultConfig } from '../server/config';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase } from '../server/db/client';
import { openScratchDatabase } from '../server/db/scratch';

const REQUESTS = Number(process.env.BENCH_ENC_REQUESTS ?? 3000);
const IN_FLIGHT = 10;
const URL_ = '/api/message/info/getInfoByRecipient';
const FORM = 'page=0&size=10&status=&type=';

interface Prepared {
  headers: Record<string, string>;
  payload: string;
}

function seal(publicKey: string, kid: string, token: string): Prepared {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const signed = JSON.stringify({ k: key.toString('base64'), i: iv.toString('base64'), t: Date.now(), u: '', n: randomBytes(16).toString('base64') });
  const sign = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(signed)).toString('base64');
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const inner = JSON.stringify({ type: 'application/x-www-form-urlencoded;charset=UTF-8', body: FORM });
  const data = Buffer.concat([cipher.update(inner, 'utf8'), cipher.final()]).toString('base64');
  return {
    headers: { 'content-type': 'application/json', [SIGN_HEADER]: `${kid}.${sign}`, 'x-access-token': token },
    payload: JSON.stringify({ data }),
  };
}

async function drive(app: FastifyInstance, requests: Prepared[]): Promise<{ rps: number; failures: number }> {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const response = await app.inject({ method: 'POST', url: URL_, headers: request.headers, payload: request.payload });
      const body = response.json() as { code?: number; encrypted?: string };
      if (body.code !== 1 && typeof body.encrypted !== 'string') failures += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { rps: Math.round((requests.length / (performance.now() - started)) * 1000), failures };
}

export interface EncryptionBenchResult {
  plainRps: number;
  encryptedRps: number;
}

export async function runEncryptionBench(log: (line: string) => void = console.log): Promise<EncryptionBenchResult> {
  const database = await openScratchDatabase('xiaowu_bench_enc');
  const db = connectDatabase(database.url, { maxConnections: 10 });
  try {
    await bootstrapDatabase(db, { seedDemo: true });
    const result: Partial<EncryptionBenchResult> = {};
    let token = '';
    for (const enabled of [false, true]) {
      const config = defaultConfig({
        captchaEnabled: false,
        logLevel: 'silent',
        staticDir: '/nonexistent',
        requestEncryption: { enabled, windowSeconds: 300, keyGraceMinutes: 60 },
      });
      const app = await buildApp({ db, config, logger: false });
      try {
        const { publicKey, kid } = (await app.inject({ method: 'POST', url: '/api/security/get' })).json().data as { publicKey: string; kid: string };
        // logged in once, plain, by the first (encryption off) app; the session serves both
        if (!token) {
          const answer = await app.inject({
            method: 'POST',
            url: '/api/login/v3',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'username=teacher&password=Xiaowu%402026&tenant=demo',
          });
          token = (answer.json() as { data: { token: string } }).data.token;
        }
        const session = token;
        const make = (): Prepared =>
          enabled ? seal(publicKey, kid, session) : { headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-access-token': session }, payload: FORM };
        await drive(app, Array.from({ length: 300 }, make)); // warm-up
        const run = await drive(app, Array.from({ length: REQUESTS }, make));
        if (run.failures) throw new Error(`${run.failures} failed requests with encryption ${enabled ? 'on' : 'off'}`);
        log(`[bench] ${URL_} encryption ${enabled ? 'on ' : 'off'}: ${run.rps} req/s (${REQUESTS} requests, ${IN_FLIGHT} in flight, in-process)`);
        if (enabled) result.encryptedRps = run.rps;
        else result.plainRps = run.rps;
      } finally {
        await app.close();
      }
    }
    return result as EncryptionBenchResult;
  } finally {
    await db.close();
    await database.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runEncryptionBench().then(
    (r) => console.log(`[bench] request encryption: ${r.plainRps} → ${r.encryptedRps} req/s (${Math.round((1 - r.encryptedRps / r.plainRps) * 100)}% less)`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
