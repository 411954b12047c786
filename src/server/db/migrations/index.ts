import type { Migration } from 'kysely';
import * as accounts from './20261121T2200-accounts';

/** Explicit registry, applied in key order. Add new migrations at the end with a later timestamp. */
export const migrations: Record<string, Migration> = {
  '20261121T2200-accounts': accounts,
};
