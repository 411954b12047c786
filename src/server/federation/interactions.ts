import type { Context, Federation, InboxListenerSetters } from '@fedify/fedify';
import { Announce, Block, Like, Note, PUBLIC_COLLECTION, Undo, type Activity } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import {
  federatingPerson,
  isHeardHere,
  mayFederateInteraction,
  mayFederatePost,
} from '../access/federatable';
import type { Db } from '../db/database';
import { findPost } from '../db/queries/posts';
import { findReaction, repostedAt } from '../db/queries/reactions';
import {
  findRemoteNoteOfPost,
  findRemotePersonByUri,
  findRemotePersonByUserId,
  isRemotePost,
  type RemotePerson,
} from '../db/queries/remote-people';
import { isBlocking } from '../db/queries/safety';
import { findUserById } from '../db/queries/users';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import type { ReactionService } from '../services/reaction-service';
import type { SafetyService } from '../services/safety-service';
import type { PublicAddresses } from './public-addresses';
import type { RemotePeople } from './remote-people';

/**
 * The job `federation.interaction`: one of our people liked or reposted a post of someone of another server (the
 * post is `targetId`), or blocked such a person (`targetId` is them), or took it back. Whether it stands is read
 * when the job runs, so the last word goes out whatever order the jobs run in.
 */
export interface Interaction {
  userId: string;
  kind: 'like' | 'repost' | 'block';
  targetId: string;
}

export interface InteractionAnnouncements {
  /** Inside the transaction that makes the change: its job exists only if the change commits. */
  announce(db: Db, interaction: Interaction): Promise<void>;
}

/** What likes, reposts and blocks tell federation: only of a remote person or post, and only while it federates. */
export function createInteractionAnnouncements(jobs: JobQueue, federates: boolean): InteractionAnnouncements {
  const isRemote = async (db: Db, { kind, targetId }: Interaction) =>
    kind === 'block'
      ? ((await findUserById(db, targetId))?.remote_actor_id ?? null) !== null
      : isRemotePost(db, targetId);
  return {
    async announce(db, interaction) {
      if (federates && (await isRemote(db, interaction))) {
        await jobs.enqueue('federation.interaction', interaction, { db });
      }
    },
  };
}

export interface InteractionSender {
  send(interaction: Interaction): Promise<JobOutcome>;
}

/** The remote actor an interaction is with, its inbox, and the object it is about (their Note, or themselves). */
interface Counterpart {
  actor: URL;
  inbox: URL;
  object: URL;
  remoteActorId: string;
}

/**
 * Sends a like (Like), repost (Announce) or block (Block) by one of our people to the server of the person it is
 * with, or its Undo once it no longer stands. Each has one id per person and target, so its Undo names it.
 */
export function createInteractionSender(deps: {
  db: Db;
  federation: Federation<void>;
  origin: string;
  addresses: PublicAddresses;
}): InteractionSender {
  const { db, addresses } = deps;

  async function counterpartOf({ kind, targetId }: Interaction): Promise<Counterpart | undefined> {
    if (kind === 'block') {
      const person = await findRemotePersonByUserId(db, targetId);
      if (!person) return undefined;
      const actor = new URL(person.actorUri);
      const remoteActorId = person.user.remote_actor_id!;
      return { actor, inbox: new URL(person.inboxUrl), object: actor, remoteActorId };
    }
    const note = await findRemoteNoteOfPost(db, targetId);
    return (
      note && {
        actor: new URL(note.actor_uri),
        inbox: new URL(note.inbox_url),
        object: new URL(note.note_uri),
        remoteActorId: note.remote_actor_id,
      }
    );
  }

  async function stands({ kind, userId, targetId }: Interaction): Promise<boolean> {
    if (kind === 'like') return (await findReaction(db, targetId, userId))?.kind === 'like';
    if (kind === 'repost') return (await repostedAt(db, targetId, userId)) !== undefined;
    return isBlocking(db, userId, targetId);
  }

  function activityOf(ctx: Context<void>, interaction: Interaction, other: Counterpart): Activity {
    const actor = ctx.getActorUri(interaction.userId);
    const { object } = other;
    if (interaction.kind === 'like') {
      return new Like({ id: new URL(`#likes/${interaction.targetId}`, actor), actor, object });
    }
    if (interaction.kind === 'block') {
      return new Block({ id: new URL(`#blocks/${interaction.targetId}`, actor), actor, object });
    }
    return new Announce({
      id: new URL(`#announces/${interaction.targetId}`, actor),
      actor,
      object,
      to: PUBLIC_COLLECTION,
      ccs: [other.actor, ctx.getFollowersUri(interaction.userId)],
    });
  }

  return {
    async send(interaction) {
      const [person, other] = await Promise.all([
        findUserById(db, interaction.userId),
        counterpartOf(interaction),
      ]);
      if (!person || !other || !mayFederateInteraction(person, { remote_actor_id: other.remoteActorId })) {
        return 'skipped';
      }
      if (!(await addresses.mayDeliverTo([other.inbox]))) return 'skipped';
      const ctx = deps.federation.createContext(new URL(deps.origin), undefined);
      const activity = activityOf(ctx, interaction, other);
      const actor = ctx.getActorUri(interaction.userId);
      const sent = (await stands(interaction))
        ? activity
        : new Undo({ id: new URL(`#undo/${newId()}`, actor), actor, object: activity });
      await ctx.sendActivity(
        { identifier: interaction.userId },
        { id: other.actor, inboxId: other.inbox },
        sent,
      );
      return 'done';
    },
  };
}

export interface InteractionDeps {
  db: Db;
  people: RemotePeople;
  reactions: ReactionService;
  safety: SafetyService;
  log: FastifyBaseLogger;
}

/** An Undo's undone activity, signed by the Undo's actor (inbox.ts checks); other than a Follow. */
export type UndoListener = (ctx: Context<void>, undone: Activity) => Promise<void>;

/**
 * What people of other servers do to ours (issue 28): a Like or Announce (repost) of one of our posts counts as a
 * like or repost by them, once each; a Block of one of our people blocks as a block here does (no follow left
 * either way, and nothing of ours reaches them: see safety); an Undo takes each back. Only a post that may federate
 * (access/federatable.ts) is theirs to like or repost, and access/ decides the rest (a block either way refuses it).
 * Answers the listener of their Undos.
 */
export function listenToInteractions(inbox: InboxListenerSetters<void>, deps: InteractionDeps): UndoListener {
  const { db, people, reactions, safety, log } = deps;

  /** Our post an activity is about, if it is one that federates. */
  async function federatedPostOf(ctx: Context<void>, objectId: URL | null): Promise<string | undefined> {
    const target = objectId && ctx.parseUri(objectId);
    if (target?.type !== 'object' || target.class !== Note) return undefined;
    const post = await findPost(db, target.values.id!);
    const author = post && (await findUserById(db, post.user_id));
    return post && author && mayFederatePost(post, author) ? post.id : undefined;
  }

  /** The signer as a person here (met now if `meet`), unless suspended. */
  async function signerOf(ctx: Context<void>, activity: Activity, meet: boolean) {
    if (!activity.actorId) return undefined;
    const person: RemotePerson | undefined = meet
      ? await people.byActorId(ctx, activity.actorId)
      : await findRemotePersonByUri(db, activity.actorId.href);
    return person && isHeardHere(person.user) ? person : undefined;
  }

  /** Runs a service's change for them; what access/ refuses (404, 403) is dropped, as a refused request is. */
  async function asTheyMay(activity: Activity, change: () => Promise<unknown>) {
    try {
      await change();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.info({ err: error, activity: activity.id?.href }, 'a remote interaction was refused');
    }
  }

  async function react(ctx: Context<void>, activity: Like | Announce, stands: boolean) {
    const postId = await federatedPostOf(ctx, activity.objectId);
    const person = postId && (await signerOf(ctx, activity, stands));
    if (!person) return;
    await asTheyMay(activity, () =>
      activity instanceof Like
        ? reactions.likeFromAfar(person.user.id, postId, stands)
        : reactions.repostFromAfar(person.user.id, postId, stands),
    );
  }

  async function block(ctx: Context<void>, activity: Block, stands: boolean) {
    const target = activity.objectId && ctx.parseUri(activity.objectId);
    if (target?.type !== 'actor') return;
    const ours = await federatingPerson(db, target.identifier);
    const blocker = ours?.federates && (await signerOf(ctx, activity, stands));
    if (!blocker) return;
    await asTheyMay(activity, () =>
      stands ? safety.block(blocker.user.id, ours.user.id) : safety.unblock(blocker.user.id, ours.user.id),
    );
  }

  inbox
    .on(Like, (ctx, like) => react(ctx, like, true))
    .on(Announce, (ctx, announce) => react(ctx, announce, true))
    .on(Block, (ctx, activity) => block(ctx, activity, true));

  return async (ctx, undone) => {
    if (undone instanceof Like || undone instanceof Announce) await react(ctx, undone, false);
    else if (undone instanceof Block) await block(ctx, undone, false);
  };
}
