import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('allow_visitor_comments', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  // One reaction per person per post: a like and a dislike cannot both stand.
  await db.schema
    .createTable('post_reactions')
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('post_reactions_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('post_reactions_post_kind')
    .on('post_reactions')
    .columns(['post_id', 'kind'])
    .execute();
  await db.schema.createIndex('post_reactions_user_id').on('post_reactions').column('user_id').execute();

  await db.schema
    .createTable('reposts')
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('reposts_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reposts_user_id').on('reposts').column('user_id').execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('following_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'following_id'])
    .execute();
  await db.schema
    .createIndex('follows_following_newest')
    .on('follows')
    .columns(['following_id', 'created_at', 'follower_id'])
    .execute();
  await db.schema
    .createIndex('follows_follower_newest')
    .on('follows')
    .columns(['follower_id', 'created_at', 'following_id'])
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('visitor_name', 'text')
    .addColumn('visitor_email', 'text')
    .addColumn('audio_id', 'text', (column) => column.notNull().references('audio_assets.id'))
    .addColumn('transcription', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('comments_post_newest')
    .on('comments')
    .columns(['post_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_user_id').on('comments').column('user_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('post_id', 'text', (column) => column.references('posts.id').onDelete('cascade'))
    // What makes a repeat: a like, unlike and like again notifies once.
    .addColumn('dedupe_key', 'text', (column) => column.notNull().unique())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_newest')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('follows').execute();
  await db.schema.dropTable('reposts').execute();
  await db.schema.dropTable('post_reactions').execute();
  await db.schema.alterTable('posts').dropColumn('allow_visitor_comments').execute();
}
