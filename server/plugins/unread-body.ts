import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Answers sent before the request body was read (an upload too large, of a refused profile, without
 * session, rate-limited…; issue 18 A). Node keeps such a connection alive with the rest of the body
 * unread: the socket stays paused (the multipart parser stopped pulling), so the client's next call
 * on it hangs until a server timeout resets it. Every route inherits this hook:
 *
 * - a small remainder is read and dropped, and the connection stays usable;
 * - a larger one is not worth the bandwidth: the answer says `Connection: close`, the rest is read
 *   and dropped while the answer and the FIN reach the client (a "lingering close": closing a socket
 *   with unread bytes sends a TCP reset, which may make the client lose the answer), and the socket
 *   is destroyed once the body has all arrived, the client ends its side, or after LINGER_MS.
 */

/** A remainder up to this is drained and the connection kept (a little more than a few TCP windows). */
export const DRAIN_AT_MOST_BYTES = 256 * 1024;
/** How long a closed connection keeps reading what the client still sends before it is destroyed. */
export const LINGER_MS = 2000;

const bytesReadAtStart = new WeakMap<FastifyRequest, number>();

/** The body bytes not received yet, by the declared length (Infinity when unknown: chunked). */
function remainingBytes(request: FastifyRequest): number {
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared)) return Infinity;
  const socket = request.raw.socket as Socket | null;
  const received = socket ? socket.bytesRead - (bytesReadAtStart.get(request) ?? socket.bytesRead) : 0;
  return Math.max(0, declared - received);
}

/** Reads and drops the rest of the request body, away from whatever was reading it (busboy). */
function discardRestOf(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.on('error', () => undefined);
  request.raw.resume();
}

/**
 * Node ends a `Connection: close` socket with destroySoon(): FIN, then destroy() once written, which
 * resets the connection while the client still sends. Keep reading instead, until the client ends
 * its side or LINGER_MS has passed.
 */
function lingerBeforeDestroy(request: FastifyRequest, socket: Socket) {
  if (typeof socket.destroySoon !== 'function') return;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    // the whole body read: nothing is left to reset the connection with
    if (request.raw.readableEnded) socket.destroy();
    else request.raw.once('end', () => socket.destroy());
    // what the HTTP parser still reads belongs to the unread body, dropped by discardRestOf
    socket.resume();
    socket.destroySoon = destroySoon;
  };
}

export function registerUnreadBodyGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket as Socket | null;
    if (socket) bytesReadAtStart.set(request, socket.bytesRead);
  });

  app.addHook('onSend', async (request, reply) => {
    // `complete`: the parser has seen the whole message (a body-less request is complete at once);
    // app.inject's requests have no such flag (nor a connection to keep)
    if (request.raw.complete !== false || request.raw.destroyed) return;
    discardRestOf(request);
    if (remainingBytes(request) <= DRAIN_AT_MOST_BYTES) return;
    reply.header('Connection', 'close');
    const socket = request.raw.socket as Socket | null;
    if (socket) lingerBeforeDestroy(request, socket);
  });
}
