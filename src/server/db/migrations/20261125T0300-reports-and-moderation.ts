import { sql, type Kysely } from 'kysely';

/**
 * Reports and moderation (issue 17).
 *
 * - `users.role` ('member' | 'moderator'), granted by ADMIN_EMAILS or the `moderator` command, never by the client;
 *   `users.suspended_at`: a suspended person cannot sign in and their content is hidden from others.
 * - Posts, comments and voice messages get `hidden_at` (hidden by a moderator) and `is_hidden`: hidden from
 *   everyone but the owner and moderators, because a moderator hid it or its author is suspended. Lists check
 *   `is_hidden = 0` on each row they read in their index's order: hidden rows are rare, so a page still stops one
 *   row past its end, and no list index grows a column.
 * - `posts.hold_visitor_comments`: visitor comments wait (`comments.held`) for the owner's approval.
 * - A moderation case is one target's open reports (one open case per target, a partial unique index); each
 *   reporter has one report in it, updated by a second report. The screen reads open cases newest first.
 * - `moderation_actions`: who did what to which target, newest first. No foreign keys: the log outlives the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('member'))
    .execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  for (const table of ['posts', 'comments', 'conversation_messages']) {
    await db.schema.alterTable(table).addColumn('hidden_at', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('is_hidden', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('posts')
    .addColumn('hold_visitor_comments', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('comments')
    .addColumn('held', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // Suspending hides a person's messages through this (and their data export reads them in this order); posts and
  // comments have an index on user_id already.
  await db.schema
    .createIndex('conversation_messages_user_created')
    .on('conversation_messages')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('moderation_cases')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('target_kind', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('report_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_reported_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('moderation_cases_status_newest')
    .on('moderation_cases')
    .columns(['status', 'last_reported_at', 'id'])
    .execute();
  await db.schema
    .createIndex('moderation_cases_open_target')
    .on('moderation_cases')
    .columns(['target_kind', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('case_id', 'text', (column) =>
      column.notNull().references('moderation_cases.id').onDelete('cascade'),
    )
    .addColumn('reporter_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('reports_case_reporter', ['case_id', 'reporter_id'])
    .execute();
  await db.schema.createIndex('reports_reporter').on('reports').column('reporter_id').execute();

  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Null once the moderator deleted their account: what they did stays in the log, unsigned.
    .addColumn('moderator_id', 'text')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target_kind', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text', (column) => column.notNull())
    .addColumn('case_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_actions_newest')
    .on('moderation_actions')
    .columns(['created_at', 'id'])
    .execute();
  // The few suspended people, as one small set: what lists leave out (notifications from them, say).
  await db.schema
    .createIndex('users_suspended')
    .on('users')
    .column('id')
    .where(sql.ref('suspended_at'), 'is not', null)
    .execute();
  // What deleting an account reads: the cases and log rows about the person or their content, open or closed,
  // and the log rows they signed.
  await db.schema
    .createIndex('moderation_cases_target')
    .on('moderation_cases')
    .columns(['target_kind', 'target_id'])
    .execute();
  await db.schema
    .createIndex('moderation_actions_target')
    .on('moderation_actions')
    .columns(['target_kind', 'target_id'])
    .execute();
  await db.schema
    .createIndex('moderation_actions_moderator')
    .on('moderation_actions')
    .column('moderator_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_suspended').execute();
  await db.schema.dropTable('moderation_actions').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('moderation_cases').execute();
  await db.schema.dropIndex('conversation_messages_user_created').execute();
  await db.schema.alterTable('comments').dropColumn('held').execute();
  await db.schema.alterTable('posts').dropColumn('hold_visitor_comments').execute();
  for (const table of ['posts', 'comments', 'conversation_messages']) {
    await db.schema.alterTable(table).dropColumn('is_hidden').execute();
    await db.schema.alterTable(table).dropColumn('hidden_at').execute();
  }
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
