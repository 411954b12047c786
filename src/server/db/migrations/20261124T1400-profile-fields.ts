import { sql, type Kysely } from 'kysely';

/**
 * Usernames are unique whatever their case (`Ada` and `ada` are one handle), enforced by the database so two
 * people claiming one at once cannot both win. Existing handles were made lower case from e-mails, so none clash.
 * The profile and cover pictures are images rows of their own, named here so a replaced one is deleted.
 * Images stored before uploads were re-encoded (post photos kept as uploaded, metadata and all, WebP ones too)
 * have `reencoded` 0 and are found through a partial index until a background job has re-encoded each; posts are
 * found by their image for that job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_username_lower')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.alterTable('users').addColumn('profile_image_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('background_image_id', 'text').execute();
  await db.schema
    .alterTable('images')
    .addColumn('reencoded', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('images_not_reencoded')
    .on('images')
    .column('id')
    .where(sql.ref('reencoded'), '=', 0)
    .execute();
  await db.schema.createIndex('posts_image').on('posts').column('image_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_image').execute();
  await db.schema.dropIndex('images_not_reencoded').execute();
  await db.schema.alterTable('images').dropColumn('reencoded').execute();
  await db.schema.alterTable('users').dropColumn('background_image_id').execute();
  await db.schema.alterTable('users').dropColumn('profile_image_id').execute();
  await db.schema.dropIndex('users_username_lower').execute();
}
