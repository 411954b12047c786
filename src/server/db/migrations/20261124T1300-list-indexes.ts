import type { Kysely } from 'kysely';

/**
 * Each post list gets an index that leads with all its equality columns and then gives its order, so a page is
 * read in order and stops one row past the page, at any depth. Without them SQLite, which plans without
 * statistics, read a visitor's view of a profile through posts_public_newest, walking everyone's public posts
 * newer than the page until it had that person's (5.3 s for a person with a few posts among a million; 0.24 ms
 * now), and found drafts by filtering all of a person's posts. posts_newest served no query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('posts_user_published_newest')
    .on('posts')
    .columns(['user_id', 'is_private', 'is_draft', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_user_drafts_newest')
    .on('posts')
    .columns(['user_id', 'is_draft', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('posts_newest').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('posts_newest').on('posts').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('posts_user_drafts_newest').execute();
  await db.schema.dropIndex('posts_user_published_newest').execute();
}
