import type { Kysely } from 'kysely';

/**
 * A voice reply may be anchored to a moment of its post (issue 29): seconds from the post's start, null for a reply
 * to the whole post. Read with the comment's row, so it needs no index of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('at_seconds', 'real').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('at_seconds').execute();
}
