import type { Kysely } from 'kysely';

/**
 * Whether a person's private posts may go to the operator's speech recogniser to be transcribed (issue 29): off
 * unless they turn it on, since the recogniser is a server outside this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('transcribe_private', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('transcribe_private').execute();
}
