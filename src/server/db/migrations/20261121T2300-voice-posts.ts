import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audio_assets')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_private', 'integer', (column) => column.notNull())
    .addColumn('original_key', 'text', (column) => column.notNull())
    .addColumn('original_mime', 'text', (column) => column.notNull())
    .addColumn('original_bytes', 'integer', (column) => column.notNull())
    .addColumn('rendition_key', 'text')
    .addColumn('rendition_mime', 'text')
    .addColumn('duration', 'double precision', (column) => column.notNull())
    .addColumn('waveform_json', 'text', (column) => column.notNull())
    .addColumn('peaks_json', 'text', (column) => column.notNull())
    .addColumn('peaks_per_second', 'double precision', (column) => column.notNull())
    .addColumn('loudness_lufs', 'double precision')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('audio_assets_owner_id').on('audio_assets').column('owner_id').execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_private', 'integer', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('mime', 'text', (column) => column.notNull())
    .addColumn('bytes', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('images_owner_id').on('images').column('owner_id').execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('is_draft', 'integer', (column) => column.notNull())
    .addColumn('is_private', 'integer', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('category', 'text', (column) => column.notNull())
    .addColumn('transcription', 'text')
    .addColumn('affiliate_link', 'text')
    .addColumn('affiliate_link_title', 'text')
    .addColumn('chapters_json', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('audio_id', 'text', (column) => column.notNull().references('audio_assets.id'))
    .addColumn('image_id', 'text', (column) => column.references('images.id'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('posts_public_newest')
    .on('posts')
    .columns(['is_private', 'is_draft', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_user_newest')
    .on('posts')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('posts_newest').on('posts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('posts_audio_id').on('posts').column('audio_id').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('payload_json', 'text', (column) => column.notNull())
    .addColumn('unique_key', 'text', (column) => column.unique())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (column) => column.notNull())
    .addColumn('run_after', 'text', (column) => column.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('jobs_status_run_after').on('jobs').columns(['status', 'run_after']).execute();

  await db.schema
    .createTable('autosave_sessions')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (column) => column.notNull())
    .addColumn('last_chunk_at', 'text', (column) => column.notNull())
    .addColumn('total_duration', 'double precision', (column) => column.notNull())
    .addColumn('published_at', 'text')
    .addPrimaryKeyConstraint('autosave_sessions_pk', ['user_id', 'session_id'])
    .execute();
  await db.schema
    .createIndex('autosave_sessions_last_chunk_at')
    .on('autosave_sessions')
    .column('last_chunk_at')
    .execute();

  await db.schema
    .createTable('autosave_chunks')
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('session_id', 'text', (column) => column.notNull())
    .addColumn('chunk_number', 'integer', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('bytes', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('autosave_chunks_pk', ['user_id', 'session_id', 'chunk_number'])
    .addForeignKeyConstraint(
      'autosave_chunks_session_fk',
      ['user_id', 'session_id'],
      'autosave_sessions',
      ['user_id', 'session_id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('autosave_chunks').execute();
  await db.schema.dropTable('autosave_sessions').execute();
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('posts').execute();
  await db.schema.dropTable('images').execute();
  await db.schema.dropTable('audio_assets').execute();
}
