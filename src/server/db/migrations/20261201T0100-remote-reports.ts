import type { Kysely } from 'kysely';

/**
 * Federation (issue 28), reports both ways. A remote server's report (a `Flag`) joins the target's case as a
 * report of its own kind: its reporter is a server, not a person here, so it has a table beside `reports` (whose
 * reporter is a user, by foreign key) with one report per server and case, updated by a second `Flag`. Our instance
 * actor, which forwards our people's reports without naming them, signs with key pairs of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_reports')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('case_id', 'text', (column) =>
      column.notNull().references('moderation_cases.id').onDelete('cascade'),
    )
    .addColumn('reporter_host', 'text', (column) => column.notNull())
    .addColumn('reporter_actor', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('remote_reports_case_host', ['case_id', 'reporter_host'])
    .execute();

  await db.schema
    .createTable('instance_keys')
    .addColumn('algorithm', 'text', (column) => column.primaryKey())
    .addColumn('public_jwk', 'text', (column) => column.notNull())
    .addColumn('private_jwk', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance_keys').execute();
  await db.schema.dropTable('remote_reports').execute();
}
