import type { CurrentUser, PublicUser } from '@shared/contract/users';
import { requirePerson } from '../access/people';
import { VISITOR, type Actor } from '../access/policy';
import type { Db } from '../db/database';
import type { Page, PageRequest } from '../db/pagination';
import { findUserById, findUsersByIds, listUsers } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { toCurrentUser, toPublicUser } from './user-presenter';

export interface UserService {
  findUser(id: string): Promise<UserRow | undefined>;
  /** 404 for a suspended person, unless `viewer` is that person or a moderator. */
  publicProfile(id: string, viewer?: Actor): Promise<PublicUser>;
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

    async publicProfile(id, viewer = VISITOR) {
      // A suspended person is gone for others (issue 17), and a person for whom they block: as if there were no such account.
      return toPublicUser(await requirePerson(db, viewer, id, 'view-profile'));
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
