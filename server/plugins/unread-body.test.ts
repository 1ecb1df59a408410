import net from 'node:net';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { buildTestApp, login, type TestApp } from '../test/helpers';
import { multipartAround } from '../test/multipart';

/**
 * Issue 18 A: an answer sent before the request body was read (too large, wrong profile, no session,
 * not found…) must leave the keep-alive connection usable, or close it cleanly with
 * `Connection: close`, never half-read. Real sockets: app.inject has no connection to poison.
 */

let t: TestApp;
let port: number;
let teacher: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  [teacher, admin] = await Promise.all([login(t.app, 'demo', 'teacher'), login(t.app, 'demo', 'admin')]);
});
afterAll(async () => {
  await t?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 connection spoken by hand: requests written as given, answers parsed (Content-Length only). */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  /** the server ended its side (FIN) */
  ended = false;
  /** the connection failed (ECONNRESET, EPIPE…) */
  error: Error | null = null;
  readonly closed: Promise<void>;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('error', (error) => {
      this.error = error;
      this.wake();
    });
    // the server's side is closed at its FIN (a half-open client keeps its own side until it ends)
    this.closed = new Promise((resolve) => {
      socket.once('end', () => resolve());
      socket.once('close', () => resolve());
    });
  }

  static open(): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      // half-open: like a browser, keep sending the body after the server's FIN until the server closes
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  private wake() {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  /** Writes and waits until the socket takes more (backpressure); false when the connection is gone. */
  async write(chunk: Buffer | string): Promise<boolean> {
    if (this.error || this.socket.destroyed || !this.socket.writable) return false;
    if (this.socket.write(chunk)) return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        this.socket.off('drain', onDrain);
        this.socket.off('close', onClose);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      this.socket.on('drain', onDrain);
      this.socket.on('close', onClose);
    });
  }

  /** The next complete answer; rejects after `timeoutMs`, or when the connection ends first. */
  async answer(timeoutMs: number): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.error) throw new Error(`connection failed before the answer: ${this.error.message}`);
      if (this.ended) throw new Error('connection ended before the answer');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private take(): RawAnswer | null {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    if (headers['content-length'] === undefined) throw new Error(`answer without Content-Length: ${statusLine}`);
    const length = Number(headers['content-length']);
    if (this.buffer.length < headEnd + 4 + length) return null;
    const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  }

  /** Waits until the server closes its side of the connection; false when it does not within `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    return Promise.race([this.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs))]);
  }

  destroy() {
    this.socket.destroy();
  }
}

interface UploadCase {
  name: string;
  url: string;
  token?: () => string;
  headers?: Record<string, string>;
  fields?: Record<string, string>;
  fileName: string;
  /** bytes of the file part */
  size: number;
  /** what the early answer must say */
  code: number;
  msg?: string;
}

const MiB = 1024 * 1024;

/** Streams a multipart upload of `size` zero bytes (1 MiB writes) until it is all written or the connection is gone. */
async function sendUpload(connection: RawConnection, upload: UploadCase): Promise<{ written: number; complete: boolean }> {
  const { head, tail, contentType } = multipartAround(upload.fields ?? {}, { name: 'file', filename: upload.fileName });
  const length = head.length + upload.size + tail.length;
  const headers = {
    Host: `127.0.0.1:${port}`,
    'Content-Type': contentType,
    'Content-Length': String(length),
    Connection: 'keep-alive',
    ...(upload.token ? { 'x-access-token': upload.token() } : {}),
    ...upload.headers,
  };
  const request = `POST ${upload.url} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n`;
  let written = 0;
  if (!(await connection.write(Buffer.concat([Buffer.from(request), head])))) return { written, complete: false };
  const chunk = Buffer.alloc(MiB);
  while (written < upload.size) {
    const piece = Math.min(MiB, upload.size - written);
    if (!(await connection.write(piece === MiB ? chunk : chunk.subarray(0, piece)))) return { written, complete: false };
    written += piece;
  }
  return { written, complete: await connection.write(tail) };
}

const followUp = (token: string) => `GET /api/getExpires HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-access-token: ${token}\r\nConnection: keep-alive\r\n\r\n`;

/** The five follow-up calls a user's next clicks make: each must answer within a second. */
async function fiveFollowUps(connection: RawConnection): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    expect(await connection.write(followUp(teacher)), `follow-up ${i + 1} could not be sent`).toBe(true);
    const answer = await connection.answer(1000);
    times.push(Math.round(performance.now() - started));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 1 });
  }
  return times;
}

const cases: UploadCase[] = [
  { name: 'files: 101 MB film.mp4 without category', url: '/file/upload', token: () => teacher, fileName: 'film.mp4', size: 101 * MiB, code: 40000, msg: '上传文件大小不能超过10240KB' },
  { name: 'files: picture over 2 MB', url: '/file/upload', token: () => teacher, fields: { category: 'picture' }, fileName: 'big.png', size: 24 * MiB, code: 40000, msg: '上传文件大小不能超过2048KB' },
  // a remainder this small is read and dropped: the connection stays alive
  { name: 'files: picture just over 2 MB', url: '/file/upload', token: () => teacher, fields: { category: 'picture' }, fileName: 'big.png', size: 2 * MiB + 64 * 1024, code: 40000, msg: '上传文件大小不能超过2048KB' },
  { name: 'files: no session', url: '/file/upload', fileName: 'film.mp4', size: 24 * MiB, code: 90001 },
  { name: 'APK upload without the APK permission', url: '/file/upload', token: () => teacher, fields: { category: 'apk' }, fileName: 'app.apk', size: 101 * MiB, code: 40300 },
  { name: 'user import over its limit', url: '/api/users/import', token: () => admin, fileName: 'users.xlsx', size: 24 * MiB, code: 40000 },
  { name: 'score import over its limit', url: '/api/scores/import', token: () => teacher, fileName: 'scores.xlsx', size: 24 * MiB, code: 40000 },
  {
    name: 'survey picture for an unknown questionnaire',
    url: `${SURVEY_URLS.publicUpload}?questionnaireId=${uuidv7()}&answerId=${uuidv7()}`,
    headers: { 'X-Tenant': 'demo', 'X-Device-Id': uuidv7() },
    fileName: 'photo.png',
    size: 24 * MiB,
    code: 40400,
  },
];

describe('an answer sent before the request body was read', () => {
  const figures: string[] = [];
  afterAll(() => {
    // the measured times (issue 18 asks for figures): printed, never asserted beyond the one-second bound
    console.info(`follow-up calls after an early answer (ms):\n${figures.join('\n')}`);
  });

  it.each(cases)('$name: the connection stays usable or is closed cleanly, and the next five calls answer within a second', async (upload) => {
    const connection = await RawConnection.open();
    try {
      const sending = sendUpload(connection, upload);
      const answer = await connection.answer(20_000);
      const envelope = JSON.parse(answer.body) as { code: number; msg: string };
      expect(envelope.code, envelope.msg).toBe(upload.code);
      if (upload.msg) expect(envelope.msg).toBe(upload.msg);

      let next = connection;
      let how: string;
      if (answer.headers.connection?.toLowerCase() === 'close') {
        // closed cleanly: the server ends the connection soon after its answer; the client opens another
        expect(await connection.closedWithin(3000), 'the server announced Connection: close but kept the connection open').toBe(true);
        // cleanly: the whole body went out and the connection ended with a FIN, not a reset
        expect(await sending).toMatchObject({ complete: true });
        expect(connection.error).toBeNull();
        next = await RawConnection.open();
        how = 'closed after the answer, follow-ups on a new connection';
      } else {
        // kept alive: the server must read the rest of the body, then answer on the same connection
        const sent = await Promise.race([sending, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
        expect(sent, 'the server stopped reading the body of a kept-alive connection (half-read)').not.toBeNull();
        expect(sent!.complete).toBe(true);
        how = 'kept alive, follow-ups on the same connection';
      }
      const times = await fiveFollowUps(next);
      figures.push(`${upload.name}: ${how}: ${times.join(', ')}`);
      next.destroy();
    } finally {
      connection.destroy();
    }
  }, 60_000);
});
