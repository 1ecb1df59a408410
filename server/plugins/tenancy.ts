import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { AppScope } from '../db/client';
import type { Tenant } from '../modules/tenants/tenants.service';
import type { Services } from '../services';
import { readSessionToken } from './session';

/**
 * The host name of a request, lower case, without port. Fastify takes it from X-Forwarded-Host
 * only when trustProxy is on (XIAOWU_TRUST_PROXY).
 */
export function requestHostName(request: FastifyRequest): string {
  return request.hostname.toLowerCase();
}

/** The tenant a host name identifies (tenants.hosts), or null. */
export async function tenantFromHost(scope: AppScope, request: FastifyRequest, services: Services): Promise<Tenant | null> {
  const host = requestHostName(request);
  return host ? services.tenants.findByHost(scope.tx, host) : null;
}

/**
 * Tenant of a public call: the session's (if a valid token came along), else the Host header's,
 * else the X-Tenant header's (a tenant code). Does not extend the session.
 */
export async function resolvePublicTenant(
  scope: AppScope,
  request: FastifyRequest,
  deps: { config: AppConfig; services: Services },
): Promise<Tenant | null> {
  const { services, config } = deps;
  const token = readSessionToken(request, config);
  if (token) {
    const session = await services.auth.resolveSession(scope, token);
    if (session) return services.tenants.findById(scope.tx, session.tenantId);
  }
  const byHost = await tenantFromHost(scope, request, services);
  if (byHost) return byHost;
  const code = request.headers['x-tenant'];
  return typeof code === 'string' && code.trim() ? services.tenants.findByCode(scope.tx, code.trim()) : null;
}
