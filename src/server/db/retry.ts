import { isTransientConflict } from './dialect';

/** Attempts in all: a deadlock between the same two writers rarely repeats twice. */
const ATTEMPTS = 3;

/**
 * Runs `transaction` (a whole transaction, so that a retry starts it over) again when PostgreSQL broke it off for a
 * deadlock or serialization failure; any other error, or the last attempt's, is thrown.
 */
export async function retryOnTransientConflict<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
    }
  }
}
