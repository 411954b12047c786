import type { Kysely } from 'kysely';

/**
 * Conversations (spec §2, §3): direct ones between exactly two people, found again by `direct_key` (the two user ids,
 * sorted, joined by a space) so two people share one; groups with a name. Each member's row keeps a copy of the
 * conversation's last activity and its type, so "my conversations, newest activity first" (of one type, or all) is
 * one index range of that person's rows; `last_read_at` is where their unread messages begin and `unread_count`
 * how many there are, kept with each message sent, deleted and read, so badges never count messages. Messages are voice recordings (audio_assets), listed
 * by (created_at, id) within their conversation; `message_count` is kept in the same transaction as each insert
 * and delete (with `last_message_id`), so a page of cards never reads through a conversation's messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('direct_key', 'text', (column) => column.unique())
    .addColumn('message_count', 'integer', (column) => column.notNull().defaultTo(0))
    /** The newest message, kept with each insert and delete, so a card's last message is read by its key. */
    .addColumn('last_message_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_activity_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'text', (column) =>
      column.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (column) => column.notNull())
    .addColumn('last_read_at', 'text', (column) => column.notNull())
    /** The conversation's last_activity_at and type, copied to each member for their list's indexes. */
    .addColumn('last_activity_at', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    /** Messages from others after last_read_at. */
    .addColumn('unread_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversation_members_pkey', ['conversation_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_user_activity')
    .on('conversation_members')
    .columns(['user_id', 'last_activity_at', 'conversation_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_user_type_activity')
    .on('conversation_members')
    .columns(['user_id', 'type', 'last_activity_at', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('conversation_messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('conversation_id', 'text', (column) =>
      column.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('audio_id', 'text', (column) => column.notNull().references('audio_assets.id'))
    .addColumn('transcription', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_messages_newest')
    .on('conversation_messages')
    .columns(['conversation_id', 'created_at', 'id'])
    .execute();
  // Media serving finds the message an audio file belongs to.
  await db.schema
    .createIndex('conversation_messages_audio')
    .on('conversation_messages')
    .column('audio_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_messages').execute();
  await db.schema.dropTable('conversation_members').execute();
  await db.schema.dropTable('conversations').execute();
}
