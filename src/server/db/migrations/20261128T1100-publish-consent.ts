import type { Kysely } from 'kysely';

/**
 * Posting a conversation that holds others' voices (issue 25): a request to post it, each voice's answer, and which
 * parts (one per message, in the post's audio) a conversation's post carries, so a person who leaves the
 * conversation or deletes their account can be taken back out of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A person asked is told in their notifications, which link to the conversation.
  await db.schema
    .alterTable('notifications')
    .addColumn('conversation_id', 'text', (column) =>
      column.references('conversations.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('notifications_conversation')
    .on('notifications')
    .column('conversation_id')
    .execute();
  await db.schema
    .createTable('publish_requests')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('conversation_id', 'text', (column) =>
      column.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('requester_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    /** asking, posted or withdrawn. */
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('post_id', 'text', (column) => column.references('posts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  // The open request of a conversation; what deleting a requester's account cascades through.
  await db.schema
    .createIndex('publish_requests_conversation')
    .on('publish_requests')
    .columns(['conversation_id', 'status'])
    .execute();
  await db.schema
    .createIndex('publish_requests_requester')
    .on('publish_requests')
    .column('requester_id')
    .execute();
  await db.schema.createIndex('publish_requests_post').on('publish_requests').column('post_id').execute();

  await db.schema
    .createTable('publish_answers')
    .addColumn('request_id', 'text', (column) =>
      column.notNull().references('publish_requests.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    /** pending, agreed or declined. */
    .addColumn('answer', 'text', (column) => column.notNull())
    .addColumn('answered_at', 'text')
    .addPrimaryKeyConstraint('publish_answers_pkey', ['request_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('publish_answers_user')
    .on('publish_answers')
    .columns(['user_id', 'request_id'])
    .execute();

  // A post made from a conversation; `rendered_parts` is how many parts its audio holds now.
  await db.schema
    .createTable('conversation_posts')
    .addColumn('post_id', 'text', (column) => column.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (column) => column.notNull())
    .addColumn('rendered_parts', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_posts_conversation')
    .on('conversation_posts')
    .columns(['conversation_id', 'post_id'])
    .execute();

  await db.schema
    .createTable('conversation_post_parts')
    .addColumn('post_id', 'text', (column) =>
      column.notNull().references('conversation_posts.post_id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_ms', 'integer', (column) => column.notNull())
    .addColumn('end_ms', 'integer', (column) => column.notNull())
    .addColumn('transcription', 'text')
    .addPrimaryKeyConstraint('conversation_post_parts_pkey', ['post_id', 'position'])
    .execute();
  await db.schema
    .createIndex('conversation_post_parts_user')
    .on('conversation_post_parts')
    .columns(['user_id', 'post_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_post_parts').execute();
  await db.schema.dropTable('conversation_posts').execute();
  await db.schema.dropTable('publish_answers').execute();
  await db.schema.dropTable('publish_requests').execute();
  await db.schema.dropIndex('notifications_conversation').execute();
  await db.schema.alterTable('notifications').dropColumn('conversation_id').execute();
}
