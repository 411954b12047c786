import type { Updateable } from 'kysely';
import type { Db } from '../database';
import { forUpdate } from '../dialect';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { NewUserRow, UserRow, UsersTable } from '../schema';
import { withoutHidden, withoutSuspended } from './safety';

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
 * Newest first, keyset-paginated on (created_at, id); never anyone hidden from the viewer (blocks and mutes), nor
 * anyone suspended.
 */
export function listUsers(db: Db, page: PageRequest, viewerId?: string): Promise<Page<UserRow>> {
  return newestFirstPage(
    withoutSuspended(
      withoutHidden(db, db.selectFrom('users').selectAll(), 'users.id', viewerId, 'blocks-and-mutes'),
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
