import type { Kysely } from 'kysely';

/**
 * The moderation queue reads each case's reports by case: how many gave each reason (counted in the index alone)
 * and the latest notes (read newest first, a few per case), from our people's reports and other servers' alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reports', 'remote_reports']) {
    await db.schema.createIndex(`${table}_case_reason`).on(table).columns(['case_id', 'reason']).execute();
    await db.schema
      .createIndex(`${table}_case_newest`)
      .on(table)
      .columns(['case_id', 'updated_at', 'id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reports', 'remote_reports']) {
    await db.schema.dropIndex(`${table}_case_newest`).execute();
    await db.schema.dropIndex(`${table}_case_reason`).execute();
  }
}
