import type { Federation } from '@fedify/fedify';
import { importJwk } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { Db } from '../db/database';
import { followerInboxes, type FollowerInbox } from '../db/queries/federation';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { deliverableRecipients } from './recipients';
import type { PublicAddresses } from './public-addresses';

/**
 * The job `federation.actor-deleted`: a deleted account's Delete{Person}, carrying what it needs once the account's
 * rows are gone. Fedify's own queued deliveries carry their signing keys the same way.
 */
export interface ActorDeletion {
  userId: string;
  /** The account's RSA key (JWK), which remote servers know it by. */
  privateJwk: string;
  inboxes: FollowerInbox[];
}

/** Remote inboxes read per query while the account is deleted. */
const INBOX_PAGE = 500;

export interface ActorFarewells {
  /** Inside the deletion's transaction, before its rows go: the Delete exists only if the deletion commits. */
  announce(db: Db, userId: string): Promise<void>;
}

/** What account deletion tells federation; nothing while this instance does not federate. */
export function createActorFarewells(jobs: JobQueue, federates: boolean): ActorFarewells {
  async function allInboxes(db: Db, userId: string): Promise<FollowerInbox[]> {
    const all: FollowerInbox[] = [];
    for (;;) {
      const page = await followerInboxes(db, userId, { after: all.at(-1)?.inbox, limit: INBOX_PAGE });
      all.push(...page);
      if (page.length < INBOX_PAGE) return all;
    }
  }

  return {
    async announce(db, userId) {
      if (!federates) return;
      const key = await db
        .selectFrom('federation_keys')
        .select('private_jwk')
        .where('user_id', '=', userId)
        .where('algorithm', '=', 'RSASSA-PKCS1-v1_5')
        .executeTakeFirst();
      // Without a key the account never signed anything, so no remote server follows it.
      if (!key) return;
      const inboxes = await allInboxes(db, userId);
      if (inboxes.length === 0) return;
      await jobs.enqueue(
        'federation.actor-deleted',
        { userId, privateJwk: key.private_jwk, inboxes },
        { db },
      );
    },
  };
}

export interface ActorDeletionSender {
  send(deletion: ActorDeletion): Promise<JobOutcome>;
}

/**
 * Sends Delete{Person} to every server that followed the account (one delivery per shared inbox), signed with the
 * account's key as it was: Mastodon removes the account and its posts. Suspension sends nothing (the actor answers
 * 410 while it lasts, and servers that look see it gone), and lifting it sends nothing either.
 */
export function createActorDeletionSender(deps: {
  federation: Federation<void>;
  origin: string;
  addresses: PublicAddresses;
}): ActorDeletionSender {
  return {
    async send({ userId, privateJwk, inboxes }) {
      const ctx = deps.federation.createContext(new URL(deps.origin), undefined);
      const actor = ctx.getActorUri(userId);
      const recipients = await deliverableRecipients(deps.addresses, inboxes);
      if (recipients.length === 0) return 'skipped';
      const privateKey = await importJwk(JSON.parse(privateJwk) as JsonWebKey, 'private');
      await ctx.sendActivity(
        { keyId: new URL('#main-key', actor), privateKey },
        recipients,
        new Delete({ id: new URL('#delete', actor), actor, to: PUBLIC_COLLECTION, object: actor }),
      );
      return 'done';
    },
  };
}
