import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledPerShape } from './compiled-query';
import { createDatabase, type Db } from './database';

describe('compiledPerShape', () => {
  let directory: string;
  let db: Db;

  beforeEach(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'earshot-compiled-'));
    db = createDatabase({ kind: 'sqlite', file: path.join(directory, 'test.sqlite') });
    await sql`create table sessions (id text primary key, user_id text, created_at text, expires_at text)`.execute(
      db,
    );
    await sql`insert into sessions values ('a', 'ann', '1', '5'), ('b', 'bob', '2', '6'), ('c', 'cy', '3', '7')`.execute(
      db,
    );
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  const sessionsAfter = compiledPerShape(
    ({ limit }: { limit: number }) => String(limit),
    (handle, { limit }, { after }: { after: string }) =>
      handle
        .selectFrom('sessions')
        .select('user_id')
        .where('expires_at', '>', after)
        .orderBy('id')
        .limit(limit),
  );

  it('binds each run its own values, the SQL of each shape fixed once', async () => {
    expect(await sessionsAfter(db, { limit: 5 }, { after: '5' })).toEqual([
      { user_id: 'bob' },
      { user_id: 'cy' },
    ]);
    expect(await sessionsAfter(db, { limit: 5 }, { after: '6' })).toEqual([{ user_id: 'cy' }]);
    expect(await sessionsAfter(db, { limit: 1 }, { after: '0' })).toEqual([{ user_id: 'ann' }]);
  });

  it('refuses to compute with a placeholder, which would fix one value in the SQL', async () => {
    const misbuilt = compiledPerShape(
      () => 'one',
      (handle, _shape: undefined, { after }: { after: string }) =>
        handle.selectFrom('sessions').select('user_id').where('expires_at', '>', `${after}0`),
    );
    await expect(misbuilt(db, undefined, { after: '5' })).rejects.toThrow(/not one to compute with/);
  });
});
