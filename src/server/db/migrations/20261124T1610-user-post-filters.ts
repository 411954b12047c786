import type { Kysely } from 'kysely';

/**
 * A person's posts of one type (the profile's Pods tab) or one category (its Categories tab), read in order like
 * the lists of 20261124T1300-list-indexes. A visitor's view reads the same index and skips the person's private
 * rows (queries/posts.ts says why): an index per filter and view would be two more on every post written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('posts_user_type_newest')
    .on('posts')
    .columns(['user_id', 'type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_user_category_newest')
    .on('posts')
    .columns(['user_id', 'category', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_user_category_newest').execute();
  await db.schema.dropIndex('posts_user_type_newest').execute();
}
