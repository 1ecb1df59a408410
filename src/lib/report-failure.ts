import { HttpError } from './http';
import { notify } from './notify';

/**
 * A refused action's toast: the server's msg when it refused (HttpError kind 'failure'), nothing
 * otherwise (network errors and expiry were already reported by lib/http: no second toast). SPEC §8:
 * a failed delete is a warning; `level` 'error' for the rest where a screen wants it.
 */
export function reportFailure(error: unknown, level: 'warning' | 'error' = 'warning'): void {
  if (error instanceof HttpError && error.kind === 'failure') notify[level](error.msg);
}
