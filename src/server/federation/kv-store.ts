import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** How many entries a listing reads at a time (Fedify lists only its circuit breaker's few hosts). */
const LIST_BATCH = 100;

const encodeKey = (key: KvKey) => JSON.stringify(key);

/**
 * The range of encoded keys under `prefix`: each starts with the prefix's parts and a comma (`["a","b",…`); the
 * next character after a comma is a hyphen, so `["a","b"-` is just past them all.
 */
function childRange(prefix: KvKey): { from: string; to: string } {
  const open = encodeKey(prefix).slice(0, -1);
  return { from: `${open},`, to: `${open}-` };
}

/** An entry's expiry as stored text, from Fedify's `Temporal.Duration`; undefined keeps it forever. */
function expiresAt(now: Date, options: KvStoreSetOptions | undefined): string | null {
  const ttl = options?.ttl;
  if (ttl === undefined) return null;
  return new Date(now.getTime() + ttl.total('millisecond')).toISOString();
}

/**
 * Fedify's key–value store in our database (table federation_kv), so every instance shares the documents and keys
 * one fetched and the activities one has handled. Values are JSON; `cas` swaps in one statement, so two instances
 * racing on a key see one winner.
 */
export function createKvStore(db: Db, options: { now?: () => Date } = {}): KvStore {
  const now = options.now ?? (() => new Date());
  const live = () => {
    const at = now().toISOString();
    return db
      .selectFrom('federation_kv')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]));
  };
  const removeExpired = (key: string) =>
    db
      .deleteFrom('federation_kv')
      .where('key', '=', key)
      .where('expires_at', '<=', now().toISOString())
      .execute();

  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const row = await live().select('value_json').where('key', '=', encodeKey(key)).executeTakeFirst();
      return row === undefined ? undefined : (JSON.parse(row.value_json) as T);
    },

    async set(key, value, setOptions) {
      const row = {
        key: encodeKey(key),
        value_json: JSON.stringify(value),
        expires_at: expiresAt(now(), setOptions),
      };
      await db
        .insertInto('federation_kv')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ value_json: row.value_json, expires_at: row.expires_at }),
        )
        .execute();
    },

    async delete(key) {
      await db.deleteFrom('federation_kv').where('key', '=', encodeKey(key)).execute();
    },

    async cas(key, expectedValue, newValue, setOptions) {
      const encoded = encodeKey(key);
      const at = now();
      if (expectedValue === undefined) {
        await removeExpired(encoded);
        if (newValue === undefined) {
          return (await live().select('key').where('key', '=', encoded).executeTakeFirst()) === undefined;
        }
        const inserted = await db
          .insertInto('federation_kv')
          .values({
            key: encoded,
            value_json: JSON.stringify(newValue),
            expires_at: expiresAt(at, setOptions),
          })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
      }
      const holdsExpected = (eb: ExpressionBuilder<Database, 'federation_kv'>) =>
        eb.and([
          eb('key', '=', encoded),
          eb('value_json', '=', JSON.stringify(expectedValue)),
          eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at.toISOString())]),
        ]);
      const changed =
        newValue === undefined
          ? (await db.deleteFrom('federation_kv').where(holdsExpected).executeTakeFirst()).numDeletedRows
          : (
              await db
                .updateTable('federation_kv')
                .set({ value_json: JSON.stringify(newValue), expires_at: expiresAt(at, setOptions) })
                .where(holdsExpected)
                .executeTakeFirst()
            ).numUpdatedRows;
      return changed > 0n;
    },

    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const range = prefix && childRange(prefix);
      if (prefix) {
        const exact = await live()
          .select('value_json')
          .where('key', '=', encodeKey(prefix))
          .executeTakeFirst();
        if (exact) yield { key: prefix, value: JSON.parse(exact.value_json) };
      }
      let from: { op: '>=' | '>'; key: string } | undefined = range && { op: '>=', key: range.from };
      for (;;) {
        let query = live().select(['key', 'value_json']).orderBy('key').limit(LIST_BATCH);
        if (from) query = query.where('key', from.op, from.key);
        if (range) query = query.where('key', '<', range.to);
        const rows = await query.execute();
        for (const row of rows)
          yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value_json) };
        if (rows.length < LIST_BATCH) return;
        from = { op: '>', key: rows.at(-1)!.key };
      }
    },
  };
}

/** Entries past their expiry, removed hourly by maintenance; readers already skip them. */
export async function deleteExpiredFederationEntries(db: Db, at: string): Promise<void> {
  await db.deleteFrom('federation_kv').where('expires_at', '<=', at).execute();
}
