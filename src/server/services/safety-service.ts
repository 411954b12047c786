import type { SafetyRelation } from '@shared/contract/safety';
import type { PublicUser } from '@shared/contract/users';
import { notFound } from '../access/guard';
import { requirePerson } from '../access/people';
import { actorOf } from '../access/policy';
import type { Db } from '../db/database';
import type { Page, PageRequest } from '../db/pagination';
import { recountUnread } from '../db/queries/conversations';
import {
  countListed,
  deleteBlock,
  deleteMute,
  insertBlock,
  insertMute,
  listBlockedPeople,
  listMutedPeople,
  lockPair,
  relationTo,
} from '../db/queries/safety';
import { BadRequestError, UnprocessableError } from '../errors';
import type { InteractionAnnouncements } from '../federation/interactions';
import { toPublicUser } from './user-presenter';

type Verb = 'block' | 'unblock' | 'mute' | 'unmute';

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

/** Most people one person may block, and mute: each list is left out of every feed, so it stays bounded. */
export const SAFETY_LIST_MAX = 5000;

const fullMessage = (list: 'blocks' | 'mutes', max: number) =>
  list === 'blocks'
    ? `You already block ${max.toLocaleString('en')} people, the most you can. Unblock someone to block someone else.`
    : `You already mute ${max.toLocaleString('en')} people, the most you can. Unmute someone to mute someone else.`;

export function createSafetyService(
  db: Db,
  /** Blocks of people of other servers, told to their server (issue 28). */
  fediverse: InteractionAnnouncements,
  listMax = SAFETY_LIST_MAX,
): SafetyService {
  async function relation(userId: string, otherId: string): Promise<SafetyRelation> {
    const { blocks, mutes } = await relationTo(db, userId, otherId);
    return { userId: otherId, viewerBlocks: blocks, viewerMutes: mutes };
  }

  /** Someone else the asker may see: 400 for oneself, 404 for nobody (or someone suspended). */
  async function requireOther(userId: string, otherId: string, verb: Verb): Promise<void> {
    if (otherId === userId) throw new BadRequestError(`You cannot ${verb} yourself.`);
    await requirePerson(db, actorOf(userId), otherId);
  }

  /**
   * Adds `otherId` to the asker's blocks (mutes) with both people's rows held: 404 if either went meanwhile (an
   * account deleted at that moment), 422 once the list is full; listing someone already listed changes nothing.
   */
  async function addTo(list: 'blocks' | 'mutes', userId: string, otherId: string): Promise<SafetyRelation> {
    await requireOther(userId, otherId, list === 'blocks' ? 'block' : 'mute');
    const at = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      if (!(await lockPair(trx, userId, otherId))) throw notFound('person');
      const already = await relationTo(trx, userId, otherId);
      const listed = list === 'blocks' ? already.blocks : already.mutes;
      if (!listed && (await countListed(trx, list, userId, listMax)) >= listMax) {
        throw new UnprocessableError(fullMessage(list, listMax));
      }
      if (list === 'blocks') {
        await insertBlock(trx, userId, otherId, at);
        if (!already.blocks) await fediverse.announce(trx, { userId, kind: 'block', targetId: otherId });
        // Neither hears the other in a group they share any more: nor counts the other's messages unread.
        await recountUnread(trx, [userId, otherId]);
      } else await insertMute(trx, userId, otherId, at);
    });
    return relation(userId, otherId);
  }

  const page = (rows: Page<Parameters<typeof toPublicUser>[0]>) => ({
    items: rows.items.map(toPublicUser),
    nextCursor: rows.nextCursor,
  });

  return {
    block: (userId, otherId) => addTo('blocks', userId, otherId),

    async unblock(userId, otherId) {
      await requireOther(userId, otherId, 'unblock');
      await db.transaction().execute(async (trx) => {
        if (await deleteBlock(trx, userId, otherId)) {
          await fediverse.announce(trx, { userId, kind: 'block', targetId: otherId });
        }
        await recountUnread(trx, [userId, otherId]);
      });
      return relation(userId, otherId);
    },

    mute: (userId, otherId) => addTo('mutes', userId, otherId),

    async unmute(userId, otherId) {
      await requireOther(userId, otherId, 'unmute');
      await deleteMute(db, userId, otherId);
      return relation(userId, otherId);
    },

    relation,

    blocked: async (userId, request) => page(await listBlockedPeople(db, userId, request)),
    muted: async (userId, request) => page(await listMutedPeople(db, userId, request)),
  };
}
