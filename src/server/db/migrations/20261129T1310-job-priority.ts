import type { Kysely } from 'kysely';

/**
 * Background work waits for what people are waiting on (issue 29): a job of a lower priority (a greater number;
 * 0 is the default) is claimed only when no due job of a higher one is queued, so uploads' renditions go before
 * the speech recogniser's transcripts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('priority', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('jobs_status_run_after').execute();
  await db.schema
    .createIndex('jobs_status_priority_run_after')
    .on('jobs')
    .columns(['status', 'priority', 'run_after'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_status_priority_run_after').execute();
  await db.schema.createIndex('jobs_status_run_after').on('jobs').columns(['status', 'run_after']).execute();
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
}
