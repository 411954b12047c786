import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createDatabase, migrateToLatest, pingDatabase } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/index';
import { databaseUrl, withPgClient } from './support/postgres';
import { databaseKind, postgresUrl } from './support/test-app';

const INSTANCES = 4;

describe.runIf(databaseKind === 'postgres')('instances starting at once on PostgreSQL', () => {
  it('migrate a fresh schema once between them, and each can use it', async () => {
    // A database of its own: Kysely's migrator reads every schema's tables, and other tests drop theirs meanwhile.
    const name = `test_race_${randomBytes(6).toString('hex')}`;
    const admin = (query: string) => withPgClient(postgresUrl!, (client) => client.query(query));
    await admin(`create database ${name}`);
    // The schema is not created beforehand: the first start of a new deployment creates it too.
    const schema = name;
    const { database } = loadConfig({
      DATABASE_URL: databaseUrl(postgresUrl!, name),
      DATABASE_SCHEMA: schema,
    });
    const instances = Array.from({ length: INSTANCES }, () => createDatabase(database));
    try {
      // Each pool holds an open connection first, so the migrations start as close together as they can.
      await Promise.all(instances.map((db) => pingDatabase(db)));
      const applied = await Promise.all(instances.map((db) => migrateToLatest(db, database)));

      expect(applied.flat().sort()).toEqual(Object.keys(migrations).map((name) => `Up ${name}`));
      const recorded = await sql<{
        name: string;
      }>`select name from ${sql.table(`${schema}.kysely_migration`)}`.execute(instances[0]!);
      expect(recorded.rows.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());

      for (const [index, db] of instances.entries()) {
        await db
          .insertInto('users')
          .values({
            id: `user-${index}`,
            email: `person-${index}@example.com`,
            password_hash: 'not-a-hash',
            username: `person_${index}`,
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      const users = await instances.at(-1)!.selectFrom('users').select('id').orderBy('id').execute();
      expect(users.map((user) => user.id)).toEqual(instances.map((_, index) => `user-${index}`));
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
      await admin(`drop database ${name} with (force)`);
    }
  });
});
