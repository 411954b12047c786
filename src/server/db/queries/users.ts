import type { Db } from '../database';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { NewUserRow, UserRow } from '../schema';

export function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function usernamesStartingWith(db: Db, prefix: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('username', '>=', prefix)
    .where('username', '<', `${prefix}\uffff`)
    .execute();
  return new Set(rows.map((row) => row.username));
}

/** Newest first, keyset-paginated on (created_at, id). */
export function listUsers(db: Db, page: PageRequest): Promise<Page<UserRow>> {
  return newestFirstPage(
    db.selectFrom('users').selectAll(),
    { createdAt: 'created_at', id: 'id' },
    page,
    byCreation,
  );
}

export function findUsersByIds(db: Db, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}
