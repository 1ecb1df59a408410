import type { AppError } from '../plugins/envelope';

/** The PostgreSQL error code (SQLSTATE) of an error, directly or as the cause of a driver error. */
export const pgErrorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/** A unique index refused the write (PostgreSQL 23505). */
export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';

/** A foreign key refused the write or delete (PostgreSQL 23503). */
export const isForeignKeyViolation = (error: unknown): boolean => pgErrorCode(error) === '23503';

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
