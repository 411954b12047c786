import type { Kysely } from 'kysely';

/**
 * Federation (issue 28): whole remote domains moderators refuse, with their reason. A block covers the domain and
 * its subdomains; the moderators' list is newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domain_blocks')
    .addColumn('domain', 'text', (column) => column.primaryKey())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('domain_blocks_newest')
    .on('domain_blocks')
    .columns(['created_at', 'domain'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('domain_blocks').execute();
}
