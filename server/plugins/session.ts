import type { FastifyRequest } from 'fastify';
import { DEFAULT_TOKEN_HEADER } from '../../contracts/session';
import type { AppConfig } from '../config';

/** Tokens are 32 random bytes in base64url; anything else cannot be one and never reaches the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/**
 * The session token of a request: the configured header (the login answer's headerName), the
 * runtime configuration's default header name, or `Authorization: Bearer`.
 */
export function readSessionToken(request: FastifyRequest, config: AppConfig): string | null {
  const bearer = headerValue(request, 'authorization');
  const candidate =
    headerValue(request, config.tokenHeaderName) ??
    headerValue(request, DEFAULT_TOKEN_HEADER) ??
    (bearer?.toLowerCase().startsWith('bearer ') ? bearer.slice(7).trim() : undefined);
  return candidate && TOKEN_PATTERN.test(candidate) ? candidate : null;
}
