import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode, type Envelope, type ResponseCodeValue } from '../../contracts/envelope';
import { type Lang, type MessageKey, type MessageParams, translate } from '../i18n/messages';
import { noteFailure } from './app-log';

/**
 * A failure the caller should see: an envelope code and a message from the catalogue (or a
 * message already composed per language, e.g. validation). Thrown anywhere in a handler.
 */
export class AppError extends Error {
  constructor(
    readonly code: ResponseCodeValue,
    private readonly text: MessageKey | ((lang: Lang) => string),
    private readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(typeof text === 'string' ? text : 'AppError');
  }

  messageIn(lang: Lang): string {
    return typeof this.text === 'string' ? translate(lang, this.text, this.params) : this.text(lang);
  }
}

export const okEnvelope = <T>(data: T, msg: string): Envelope<T> => ({ code: ResponseCode.ok, result: true, msg, data });

export const failEnvelope = (code: number, msg: string, data: unknown = null): Envelope => ({ code, result: false, msg, data });

/** Unexpected faults go out as HTTP 500 (see contracts/envelope.ts); every other answer as 200. */
const httpStatusFor = (code: number) => (code === ResponseCode.fault ? 500 : 200);

export function sendFailure(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
  noteFailure(reply.request, code, msg);
  return reply.status(httpStatusFor(code)).type('application/json; charset=utf-8').send(failEnvelope(code, msg, data));
}

/** Fastify's own request errors (body parsing, content type, size) are the caller's fault: 40000. */
function describeFrameworkError(error: FastifyError, request: FastifyRequest): string | null {
  const status = error.statusCode ?? 500;
  if (status === 413) return translate(request.lang, 'bodyTooLarge');
  if (status === 415) return translate(request.lang, 'unsupportedMediaType', { type: request.headers['content-type'] ?? '' });
  if (status >= 400 && status < 500) return translate(request.lang, 'requestMalformed', { detail: error.message });
  return null;
}

/** Every error becomes an envelope; only real faults are logged as errors (and answered 59000). */
export function registerEnvelopeErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: Error, request, reply) => {
    if (error instanceof AppError) {
      return sendFailure(reply, error.code, error.messageIn(request.lang), error.data);
    }
    const frameworkMessage = describeFrameworkError(error as FastifyError, request);
    if (frameworkMessage !== null) {
      request.log.info({ err: error }, 'rejected request');
      return sendFailure(reply, ResponseCode.invalidInput, frameworkMessage);
    }
    request.log.error({ err: error }, 'unexpected fault');
    return sendFailure(reply, ResponseCode.fault, translate(request.lang, 'fault'));
  });
}
