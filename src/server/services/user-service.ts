import type { CurrentUser, PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { Page } from '../db/pagination';
import { publicPostCounts } from '../db/queries/posts';
import { findUserById, findUsersByIds, listUsers } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { NotFoundError } from '../errors';
import { toCurrentUser, toPublicUser } from './user-presenter';

export interface UserService {
  findUser(id: string): Promise<UserRow | undefined>;
  publicProfile(id: string): Promise<PublicUser>;
  currentUser(row: UserRow): Promise<CurrentUser>;
  publicUser(row: UserRow): Promise<PublicUser>;
  /** Public profiles of several people in two queries, for lists that show authors. */
  publicUsersByIds(ids: string[]): Promise<Map<string, PublicUser>>;
  list(options: { limit: number; cursor?: string | undefined }): Promise<Page<PublicUser>>;
}

export function createUserService(db: Db): UserService {
  async function present(rows: UserRow[]): Promise<PublicUser[]> {
    const counts = await publicPostCounts(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toPublicUser(row, counts.get(row.id) ?? 0));
  }

  const postCountOf = async (userId: string) => (await publicPostCounts(db, [userId])).get(userId) ?? 0;

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

    async publicUsersByIds(ids) {
      const users = await present(await findUsersByIds(db, [...new Set(ids)]));
      return new Map(users.map((user) => [user.id, user]));
    },

    async list(options) {
      const page = await listUsers(db, options);
      return { items: await present(page.items), nextCursor: page.nextCursor };
    },
  };
}
