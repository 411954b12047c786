import type { DomainBlock } from '@shared/contract/moderation';
import { authorize } from '../access/guard';
import type { Actor, Resource } from '../access/policy';
import type { Db } from '../db/database';
import {
  addDomainBlock,
  blockedDomainAmong,
  listDomainBlocks,
  remoteActorsAfter,
  removeDomainBlock,
  removeFollowsBy,
  type DomainBlockRow,
} from '../db/queries/domain-blocks';
import type { Page, PageRequest } from '../db/pagination';
import { NotFoundError } from '../errors';

const MODERATION_QUEUE: Resource = { kind: 'moderation-queue' };
/** Remote actors looked at per query when a block removes the followers under it. */
const ACTOR_BATCH = 500;

/** `host` and every domain above it: `a.b.example`, `b.example`, `example`. */
export function domainsAbove(host: string): string[] {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  return labels.map((_label, at) => labels.slice(at).join('.'));
}

const covers = (domain: string, host: string) => host === domain || host.endsWith(`.${domain}`);

const shown = (row: DomainBlockRow): DomainBlock => ({
  domain: row.domain,
  reason: row.reason,
  createdAt: row.created_at,
});

export interface DomainBlocks {
  /** The blocked domain `host` is on or under, if any: federation neither takes from it nor calls it. */
  blockedDomainOf(host: string): Promise<string | undefined>;
  list(moderator: Actor, page: PageRequest): Promise<Page<DomainBlock>>;
  /** Blocks the domain and its subdomains, and ends every follow of ours by an actor there. */
  block(moderator: Actor, block: { domain: string; reason: string }): Promise<DomainBlock>;
  unblock(moderator: Actor, domain: string): Promise<void>;
}

/** Whole remote domains moderators refuse (issue 28), with their reasons. */
export function createDomainBlocks(db: Db): DomainBlocks {
  async function removeFollowersUnder(trx: Db, domain: string): Promise<void> {
    let after = '';
    for (;;) {
      const actors = await remoteActorsAfter(trx, after, ACTOR_BATCH);
      const under = actors.filter((actor) => covers(domain, new URL(actor.uri).hostname));
      await removeFollowsBy(
        trx,
        under.map((actor) => actor.id),
      );
      if (actors.length < ACTOR_BATCH) return;
      after = actors.at(-1)!.id;
    }
  }

  return {
    blockedDomainOf: (host) => blockedDomainAmong(db, domainsAbove(host)),

    async list(moderator, page) {
      authorize(moderator, 'moderate', MODERATION_QUEUE);
      const blocks = await listDomainBlocks(db, page);
      return { items: blocks.items.map(shown), nextCursor: blocks.nextCursor };
    },

    async block(moderator, { domain, reason }) {
      authorize(moderator, 'moderate', MODERATION_QUEUE);
      const row = await db.transaction().execute(async (trx) => {
        const added = await addDomainBlock(trx, {
          domain,
          reason,
          created_by: moderator.kind === 'user' ? moderator.userId : null,
          created_at: new Date().toISOString(),
        });
        await removeFollowersUnder(trx, domain);
        return added;
      });
      return shown(row);
    },

    async unblock(moderator, domain) {
      authorize(moderator, 'moderate', MODERATION_QUEUE);
      if (!(await removeDomainBlock(db, domain.toLowerCase())))
        throw new NotFoundError(`${domain} is not blocked.`);
    },
  };
}
