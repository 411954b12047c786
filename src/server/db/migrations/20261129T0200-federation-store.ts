import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Federation (issue 28): Fedify's key–value store (remote documents it cached, keys it fetched, activities already
 * handled, its circuit breaker's state), shared by every instance. A key is its parts as a JSON array; a listing by
 * prefix reads a range of it, so the key compares byte by byte on both databases ("C" on PostgreSQL, SQLite's
 * default). An entry past `expires_at` is gone to readers and swept by maintenance through its index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('federation_kv')
    .addColumn('key', isPostgres(db) ? sql`text collate "C"` : 'text', (column) => column.primaryKey())
    .addColumn('value_json', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('federation_kv_expiry').on('federation_kv').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('federation_kv').execute();
}
