import type { Kysely } from 'kysely';

/**
 * Federation (issue 28): the address of the picture (`icon`) a remote actor's document named when we last took it
 * as their avatar, so a changed one is fetched again and an unchanged one is not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_actors').addColumn('icon_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_actors').dropColumn('icon_url').execute();
}
