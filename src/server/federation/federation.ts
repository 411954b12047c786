import { createFederation, type Federation, type KvStore, type MessageQueue } from '@fedify/fedify';
import { Note, Tombstone } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import packageJson from '../../../package.json' with { type: 'json' };
import {
  FEDERATED_POST_TYPES,
  federatingPerson,
  mayFederatePerson,
  mayFederatePost,
} from '../access/federatable';
import type { FederationConfig } from '../config';
import type { Db } from '../db/database';
import {
  countRemoteFollowers,
  deletedActorAt,
  findUserByHandle,
  listRemoteFollowers,
  publicUsage,
} from '../db/queries/federation';
import { findPostWithMedia, listPosts } from '../db/queries/posts';
import { findUserById } from '../db/queries/users';
import { findVoiceBio } from '../db/queries/voice-bios';
import type { FollowerNews } from '../services/follow-service';
import { audioSourcesOf } from '../services/post-presenter';
import { listenToInboxes } from './inbox';
import { listenToInteractions, type InteractionDeps } from './interactions';
import { listenToFollowAnswers } from './remote-follows';
import { listenToRemotePosts, type RemotePostDeps } from './remote-posts';
import { instanceKeyPairs, keyPairsOf } from './keys';
import { createOf, instanceActor, instant, personActor, postNote } from './objects';
import { INSTANCE_ACTOR } from './our-uris';
import { listenToFlags, type RemoteReports } from './reports';
import type { PublicAddresses } from './public-addresses';

/** Items on one page of an outbox or followers collection. */
const PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FederationDeps {
  db: Db;
  config: FederationConfig;
  kv: KvStore;
  queue: MessageQueue;
  addresses: PublicAddresses;
  log: FastifyBaseLogger;
  /** What the inboxes need to keep remote people's posts and voice replies, and other servers' reports. */
  inbound: Omit<RemotePostDeps, 'db' | 'log'> &
    Pick<InteractionDeps, 'reactions' | 'safety'> & {
      followerNews: FollowerNews;
      reports: RemoteReports;
    };
}

/**
 * The ActivityPub side of Earshot (issue 28), on Fedify: people as actors at their profile URLs, public posts as
 * Notes at theirs, WebFinger, NodeInfo, outboxes, followers, and the inboxes (inbox.ts). What it
 * shows is decided by access/federatable.ts alone.
 */
export function createEarshotFederation(deps: FederationDeps): Federation<void> {
  const { db, config, log } = deps;
  // A federating person's collections start at the first page (cursor ''); without a first cursor Fedify asks the
  // dispatcher, which finds nothing for anyone else: 404.
  const firstPageOf = async (_ctx: unknown, identifier: string) =>
    (await federatingPerson(db, identifier))?.federates ? '' : null;
  const federation = createFederation<void>({
    kv: deps.kv,
    queue: deps.queue,
    // The job worker starts the queue (app.ts), on every instance that runs jobs.
    manuallyStartQueue: true,
    origin: config.origin,
    allowPrivateAddress: config.allowPrivateAddresses,
    userAgent: { software: `Earshot/${packageJson.version}` },
    // Fedify retries the delivery on its backoff; each failure is an operator's to see.
    onOutboxError: (error, activity) => {
      log.warn({ err: error, activity: activity?.id?.href }, 'a delivery to a remote inbox failed');
    },
  });

  federation
    .setActorDispatcher('/profile/{identifier}', async (ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return instanceActor(ctx);
      const person = await federatingPerson(db, identifier);
      if (!person) {
        const deletedAt = await deletedActorAt(db, identifier);
        return deletedAt
          ? new Tombstone({ id: ctx.getActorUri(identifier), deleted: instant(deletedAt) })
          : null;
      }
      if (!person.federates) {
        // Mastodon removes a suspended account it follows when its actor answers 410 Gone.
        return new Tombstone({ id: ctx.getActorUri(identifier) });
      }
      const bio = await findVoiceBio(db, identifier);
      const bioAudio = bio && { ...audioSourcesOf(bio.audio_id, bio)[0]!, duration: bio.duration };
      return personActor(ctx, person.user, bioAudio);
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return instanceKeyPairs(db);
      const person = await federatingPerson(db, identifier);
      return person?.federates ? keyPairsOf(db, identifier) : [];
    })
    .mapHandle(async (_ctx, handle) => {
      const user = await findUserByHandle(db, handle);
      return user && mayFederatePerson(user) ? user.id : null;
    });

  federation.setObjectDispatcher(Note, '/posts/{id}', async (ctx, { id }) => {
    const post = await findPostWithMedia(db, id);
    if (!post) return null;
    const author = await findUserById(db, post.user_id);
    return author && mayFederatePost(post, author) ? postNote(ctx, post) : null;
  });

  federation
    .setOutboxDispatcher('/ap/users/{identifier}/outbox', async (ctx, identifier, cursor) => {
      const person = await federatingPerson(db, identifier);
      if (!person?.federates) return null;
      const page = await listPosts(
        db,
        { kind: 'by-user', userId: identifier, includePrivate: false },
        { limit: PAGE_SIZE, cursor: cursor || undefined },
      );
      const items = page.items
        .filter((post) => mayFederatePost(post, person.user))
        .map((post) => createOf(ctx, postNote(ctx, post), post));
      return { items, nextCursor: page.nextCursor };
    })
    .setFirstCursor(firstPageOf)
    .setCounter(async (_ctx, identifier) => {
      const person = await federatingPerson(db, identifier);
      return person?.federates ? person.user.post_count : null;
    });

  federation
    .setFollowersDispatcher('/ap/users/{identifier}/followers', async (_ctx, identifier, cursor) => {
      const person = await federatingPerson(db, identifier);
      if (!person?.federates) return null;
      const page = await listRemoteFollowers(db, identifier, {
        limit: PAGE_SIZE,
        cursor: cursor || undefined,
      });
      const items = page.items.map((follower) => ({
        id: new URL(follower.uri),
        inboxId: new URL(follower.inbox_url),
        endpoints: { sharedInbox: follower.shared_inbox_url ? new URL(follower.shared_inbox_url) : null },
      }));
      return { items, nextCursor: page.nextCursor };
    })
    .setFirstCursor(firstPageOf)
    .setCounter(async (_ctx, identifier) => {
      const person = await federatingPerson(db, identifier);
      return person?.federates ? countRemoteFollowers(db, identifier) : null;
    });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const now = Date.now();
    const usage = await publicUsage(db, FEDERATED_POST_TYPES, {
      month: new Date(now - 30 * DAY_MS).toISOString(),
      halfYear: new Date(now - 180 * DAY_MS).toISOString(),
    });
    return {
      software: { name: 'earshot', version: packageJson.version },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: {
        users: { total: usage.users, activeMonth: usage.activeMonth, activeHalfyear: usage.activeHalfYear },
        localPosts: usage.posts,
        localComments: 0,
      },
    };
  });

  const inbox = federation.setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox');
  const undoOther = listenToInteractions(inbox, { db, log, ...deps.inbound });
  const follows = { ...deps, people: deps.inbound.people, followerNews: deps.inbound.followerNews };
  listenToFlags(inbox, { db, log, reports: deps.inbound.reports });
  listenToRemotePosts(listenToFollowAnswers(listenToInboxes(inbox, follows, undoOther), db), {
    db,
    log,
    ...deps.inbound,
  });

  return federation;
}
