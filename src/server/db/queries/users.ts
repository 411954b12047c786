import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import type { Db } from '../database';
import { forUpdate } from '../dialect';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { Database, NewUserRow, UserRow, UsersTable } from '../schema';
import { isNotSuspended, withoutHidden } from './safety';

export function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inside a transaction: the pictures the person has now, their row held until it ends. */
export function lockUserPictures(db: Db, id: string) {
  return forUpdate(
    db,
    db.selectFrom('users').select(['profile_image_id', 'background_image_id']).where('id', '=', id),
  ).executeTakeFirstOrThrow();
}

export function updateUser(db: Db, id: string, changes: Updateable<UsersTable>): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * Spec §5 Feed and discover filters: bot and test accounts are left out, an id starting `bot_` or an e-mail or
 * name containing `testbot`, and nobody suspended (safety.ts's fragment). Checked on each matching row (no index
 * can find a substring): the feed, everyone's posts, the people list, Discover and search all use this one rule.
 */
export const isRealPerson = (eb: ExpressionBuilder<Database, 'users'>) => {
  const names = sql<string>`lower(coalesce(${eb.ref('users.first_name')}, '') || ' ' || coalesce(${eb.ref('users.last_name')}, '') || ' ' || ${eb.ref('users.username')})`;
  return eb.and([
    eb(sql<string>`substr(${eb.ref('users.id')}, 1, 4)`, '<>', 'bot_'),
    eb(sql<string>`lower(${eb.ref('users.email')})`, 'not like', '%testbot%'),
    eb(names, 'not like', '%testbot%'),
    isNotSuspended,
  ]);
};

/**
 * Newest first, keyset-paginated on (created_at, id); never anyone hidden from the viewer (blocks and mutes), nor a
 * bot or test account.
 */
export function listUsers(db: Db, page: PageRequest, viewerId?: string): Promise<Page<UserRow>> {
  return newestFirstPage(
    withoutHidden(
      db,
      db.selectFrom('users').selectAll().where(isRealPerson),
      'users.id',
      viewerId,
      'blocks-and-mutes',
    ),
    { createdAt: 'created_at', id: 'id' },
    page,
    byCreation,
  );
}

export function findUsersByIds(db: Db, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}
