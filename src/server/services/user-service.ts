import type { CurrentUser, PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { Page, PageRequest } from '../db/pagination';
import { findUserById, findUsersByIds, listUsers } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { NotFoundError } from '../errors';
import { toCurrentUser, toPublicUser } from './user-presenter';

export interface UserService {
  findUser(id: string): Promise<UserRow | undefined>;
  publicProfile(id: string): Promise<PublicUser>;
  currentUser(row: UserRow): CurrentUser;
  publicUser(row: UserRow): PublicUser;
  /** Public profiles of several people in one query, for lists that show authors. */
  publicUsersByIds(ids: string[]): Promise<Map<string, PublicUser>>;
  /** Everyone, newest first, but the people the viewer blocks or mutes, or who block them. */
  list(viewerId: string, page: PageRequest): Promise<Page<PublicUser>>;
}

export function createUserService(db: Db): UserService {
  return {
    findUser: (id) => findUserById(db, id),

    async publicProfile(id) {
      const row = await findUserById(db, id);
      if (!row) throw new NotFoundError('No user has this id.');
      return toPublicUser(row);
    },

    currentUser: toCurrentUser,
    publicUser: toPublicUser,

    async publicUsersByIds(ids) {
      const rows = await findUsersByIds(db, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, toPublicUser(row)]));
    },

    async list(viewerId, page) {
      const rows = await listUsers(db, page, viewerId);
      return { items: rows.items.map(toPublicUser), nextCursor: rows.nextCursor };
    },
  };
}
