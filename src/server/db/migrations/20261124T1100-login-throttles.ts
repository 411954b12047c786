import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('failures', 'integer', (column) => column.notNull())
    .addColumn('blocked_until', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('login_throttles_blocked_until')
    .on('login_throttles')
    .column('blocked_until')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_throttles').execute();
}
