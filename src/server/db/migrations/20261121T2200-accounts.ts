import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('username', 'text', (column) => column.notNull().unique())
    .addColumn('bio', 'text')
    .addColumn('links_json', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('profile_image_url', 'text')
    .addColumn('background_image_url', 'text')
    .addColumn('profile_image_offset_x', 'double precision', (column) => column.notNull().defaultTo(0))
    .addColumn('profile_image_offset_y', 'double precision', (column) => column.notNull().defaultTo(0))
    .addColumn('voice_bio_url', 'text')
    .addColumn('location', 'text')
    .addColumn('website', 'text')
    .addColumn('interests', 'text')
    // Public, published posts: kept with every change so author lists need no counting query.
    .addColumn('post_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('users_created_at_id').on('users').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('window_started_at', 'text', (column) => column.notNull())
    .addColumn('hits', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_window_started_at')
    .on('rate_limits')
    .column('window_started_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
