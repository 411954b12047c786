import type { Kysely } from 'kysely';

/**
 * Federation (issue 28): each person's key pairs, made the first time another server needs one: RSA for HTTP
 * Signatures (what Mastodon verifies) and Ed25519 for Object Integrity Proofs. One row per person and algorithm,
 * so two instances making a person's first keys at once keep one pair. Keys go with the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('federation_keys')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('algorithm', 'text', (column) => column.notNull())
    .addColumn('public_jwk', 'text', (column) => column.notNull())
    .addColumn('private_jwk', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('federation_keys_pkey', ['user_id', 'algorithm'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('federation_keys').execute();
}
