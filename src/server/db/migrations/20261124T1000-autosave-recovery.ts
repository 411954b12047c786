import type { Kysely } from 'kysely';

/** The sweep records each session's failed recoveries, so a broken one is given up instead of tried forever. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('autosave_sessions')
    .addColumn('recovery_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('autosave_sessions').addColumn('recovery_tried_at', 'text').execute();
  await db.schema.alterTable('autosave_sessions').addColumn('recovery_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('autosave_sessions').dropColumn('recovery_error').execute();
  await db.schema.alterTable('autosave_sessions').dropColumn('recovery_tried_at').execute();
  await db.schema.alterTable('autosave_sessions').dropColumn('recovery_attempts').execute();
}
