import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * An audio asset's voice bio found by index: deleting or sweeping an asset checks the voice_bios that reference
 * it, which was a scan. The first migration's case-sensitive unique on users.username is redundant beside
 * users_username_lower (one name in any case is already one row) and costs every write an index: PostgreSQL drops
 * it. SQLite cannot drop a column's UNIQUE without rebuilding users, which most tables reference, so it stays there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('voice_bios_audio_id').on('voice_bios').column('audio_id').execute();
  if (isPostgres(db)) await sql`alter table users drop constraint users_username_key`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table users add constraint users_username_key unique (username)`.execute(db);
  }
  await db.schema.dropIndex('voice_bios_audio_id').execute();
}
