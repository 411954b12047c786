import type { CurrentUser, PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { Page } from '../db/pagination';
import { findUserById, listUsers } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { NotFoundError } from '../errors';
import { toCurrentUser, toPublicUser } from './user-presenter';

export interface UserService {
  findUser(id: string): Promise<UserRow | undefined>;
  publicProfile(id: string): Promise<PublicUser>;
  currentUser(row: UserRow): Promise<CurrentUser>;
  publicUser(row: UserRow): Promise<PublicUser>;
  list(options: { limit: number; cursor?: string | undefined }): Promise<Page<PublicUser>>;
}

export function createUserService(db: Db): UserService {
  // Posts arrive with the voice-posts capability; until then nobody has published any.
  const postCountOf = async (_userId: string) => 0;

  return {
    findUser: (id) => findUserById(db, id),

    async publicProfile(id) {
      const row = await findUserById(db, id);
      if (!row) throw new NotFoundError('No user has this id.');
      return toPublicUser(row, await postCountOf(row.id));
    },

    async currentUser(row) {
      return toCurrentUser(row, await postCountOf(row.id));
    },

    async publicUser(row) {
      return toPublicUser(row, await postCountOf(row.id));
    },

    async list(options) {
      const page = await listUsers(db, options);
      return {
        items: await Promise.all(page.items.map(async (row) => toPublicUser(row, await postCountOf(row.id)))),
        nextCursor: page.nextCursor,
      };
    },
  };
}
