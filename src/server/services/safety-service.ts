import type { SafetyRelation } from '@shared/contract/safety';
import type { PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { Page, PageRequest } from '../db/pagination';
import {
  deleteBlock,
  deleteMute,
  insertBlock,
  insertMute,
  listBlockedPeople,
  listMutedPeople,
  relationTo,
} from '../db/queries/safety';
import { findUserById } from '../db/queries/users';
import { BadRequestError, NotFoundError } from '../errors';
import { toPublicUser } from './user-presenter';

export interface SafetyService {
  /** Blocks `otherId`: no follow is left between the two, either way; unblocking gives none back. */
  block(userId: string, otherId: string): Promise<SafetyRelation>;
  unblock(userId: string, otherId: string): Promise<SafetyRelation>;
  mute(userId: string, otherId: string): Promise<SafetyRelation>;
  unmute(userId: string, otherId: string): Promise<SafetyRelation>;
  relation(userId: string, otherId: string): Promise<SafetyRelation>;
  blocked(userId: string, page: PageRequest): Promise<Page<PublicUser>>;
  muted(userId: string, page: PageRequest): Promise<Page<PublicUser>>;
}

export function createSafetyService(db: Db): SafetyService {
  async function relation(userId: string, otherId: string): Promise<SafetyRelation> {
    const { blocks, mutes } = await relationTo(db, userId, otherId);
    return { userId: otherId, viewerBlocks: blocks, viewerMutes: mutes };
  }

  /** Someone else who exists: 400 for oneself, 404 for nobody. */
  async function requireOther(userId: string, otherId: string, verb: 'block' | 'mute'): Promise<void> {
    if (otherId === userId) throw new BadRequestError(`You cannot ${verb} yourself.`);
    if (!(await findUserById(db, otherId))) throw new NotFoundError('No user has this id.');
  }

  const page = (rows: Page<Parameters<typeof toPublicUser>[0]>) => ({
    items: rows.items.map(toPublicUser),
    nextCursor: rows.nextCursor,
  });

  return {
    async block(userId, otherId) {
      await requireOther(userId, otherId, 'block');
      const at = new Date().toISOString();
      await db.transaction().execute((trx) => insertBlock(trx, userId, otherId, at));
      return relation(userId, otherId);
    },

    async unblock(userId, otherId) {
      await requireOther(userId, otherId, 'block');
      await deleteBlock(db, userId, otherId);
      return relation(userId, otherId);
    },

    async mute(userId, otherId) {
      await requireOther(userId, otherId, 'mute');
      await insertMute(db, userId, otherId, new Date().toISOString());
      return relation(userId, otherId);
    },

    async unmute(userId, otherId) {
      await requireOther(userId, otherId, 'mute');
      await deleteMute(db, userId, otherId);
      return relation(userId, otherId);
    },

    relation,

    blocked: async (userId, request) => page(await listBlockedPeople(db, userId, request)),
    muted: async (userId, request) => page(await listMutedPeople(db, userId, request)),
  };
}
