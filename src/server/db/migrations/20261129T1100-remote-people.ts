import type { Kysely } from 'kysely';

/**
 * Federation inbound (issue 28): a remote actor we follow or hear from is a person here, a `users` row linked to its
 * `remote_actors` row (no password: it never signs in), so feeds, profiles, comments, blocks, mutes, reports and
 * moderation treat it as anyone. Our people's follows of remote actors wait in `outbound_follows` until the remote
 * server accepts (then they are ordinary `follows` too). A remote post or voice reply keeps the id of its original, and a post the page of it (`posts.original_url`, read with
 * the post, no join).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('remote_actor_id', 'text', (column) => column.references('remote_actors.id'))
    .execute();
  await db.schema.createIndex('users_remote_actor').on('users').column('remote_actor_id').unique().execute();
  await db.schema.alterTable('remote_actors').addColumn('profile_url', 'text').execute();

  await db.schema
    .createTable('outbound_follows')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remote_actor_id', 'text', (column) =>
      column.notNull().references('remote_actors.id').onDelete('cascade'),
    )
    .addColumn('follow_uri', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('outbound_follows_pkey', ['user_id', 'remote_actor_id'])
    .execute();
  await db.schema
    .createIndex('outbound_follows_actor')
    .on('outbound_follows')
    .column('remote_actor_id')
    .execute();

  await db.schema.alterTable('posts').addColumn('original_url', 'text').execute();
  await db.schema
    .createTable('remote_posts')
    .addColumn('post_id', 'text', (column) => column.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('uri', 'text', (column) => column.notNull().unique())
    .execute();
  await db.schema
    .createTable('remote_comments')
    .addColumn('comment_id', 'text', (column) =>
      column.primaryKey().references('comments.id').onDelete('cascade'),
    )
    .addColumn('uri', 'text', (column) => column.notNull().unique())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_comments').execute();
  await db.schema.dropTable('remote_posts').execute();
  await db.schema.alterTable('posts').dropColumn('original_url').execute();
  await db.schema.dropTable('outbound_follows').execute();
  await db.schema.alterTable('remote_actors').dropColumn('profile_url').execute();
  await db.schema.dropIndex('users_remote_actor').execute();
  await db.schema.alterTable('users').dropColumn('remote_actor_id').execute();
}
