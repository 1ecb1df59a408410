import type { AppError } from '../plugins/envelope';

/** A unique index refused the write (PostgreSQL 23505), directly or as the cause of a driver error. */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505';
};

/**
 * Runs a write whose uniqueness was checked before: when a concurrent write of the same key wins
 * between the check and the write, the caller gets the same clear refusal instead of a fault.
 * The write must run in a savepoint of its own when the transaction goes on after a refusal.
 */
export async function uniquely<T>(work: () => Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isUniqueViolation(error) ? refusal() : error;
  }
}
