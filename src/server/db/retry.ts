import { isTransientConflict } from './dialect';

/** Attempts in all: a deadlock between the same two writers rarely repeats twice. */
const ATTEMPTS = 3;

/** Runs `work` again, up to three attempts in all, while it fails with an error `worthRetrying` accepts. */
export async function retryWhen<T>(
  worthRetrying: (error: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !worthRetrying(error)) throw error;
    }
  }
}

/**
 * Runs `transaction` (a whole transaction, so that a retry starts it over) again when PostgreSQL broke it off for a
 * deadlock or serialization failure; any other error, or the last attempt's, is thrown.
 */
export function retryOnTransientConflict<T>(transaction: () => Promise<T>): Promise<T> {
  return retryWhen(isTransientConflict, transaction);
}
