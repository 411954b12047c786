import type { Context, InboxListenerSetters } from '@fedify/fedify';
import { Accept, Follow, Reject, Undo, type Activity } from '@fedify/vocab';
import type { Db } from '../db/database';
import { setFollowing } from '../db/queries/follows';
import {
  findRemoteFollow,
  findRemotePersonByUri,
  removeRemoteFollowRequest,
  requestRemoteFollow,
  type RemotePerson,
} from '../db/queries/remote-people';
import { newId } from '../ids';
import { ourUri } from './our-uris';

export interface RemoteFollowing {
  /**
   * One of our people follows a person of another server, or stops: a Follow is sent, and the follow stands once
   * their server accepts; toggling again (asked or standing) sends its Undo.
   */
  toggle(followerId: string, followee: RemotePerson): Promise<{ followed: boolean; requested: boolean }>;
  /** Whether the follow is asked and not yet accepted. */
  isRequested(followerId: string, followee: RemotePerson): Promise<boolean>;
}

const recipientOf = (person: RemotePerson) => ({
  id: new URL(person.actorUri),
  inboxId: new URL(person.inboxUrl),
});

export function createRemoteFollowing(db: Db, context: () => Context<void>): RemoteFollowing {
  return {
    async toggle(followerId, followee) {
      const ctx = context();
      const remoteActorId = followee.user.remote_actor_id!;
      const asked = await findRemoteFollow(db, followerId, remoteActorId);
      const follower = ctx.getActorUri(followerId);
      if (asked) {
        await db.transaction().execute(async (trx) => {
          await removeRemoteFollowRequest(trx, followerId, remoteActorId);
          await setFollowing(trx, followerId, followee.user.id, false);
        });
        const follow = new Follow({
          id: new URL(asked.follow_uri),
          actor: follower,
          object: recipientOf(followee).id,
        });
        await ctx.sendActivity(
          { identifier: followerId },
          recipientOf(followee),
          new Undo({ id: new URL(`#undo/${newId()}`, follower), actor: follower, object: follow }),
        );
        return { followed: false, requested: false };
      }
      const followUri = new URL(`#follows/${newId()}`, follower);
      await requestRemoteFollow(db, followerId, remoteActorId, followUri.href);
      await ctx.sendActivity(
        { identifier: followerId },
        recipientOf(followee),
        new Follow({ id: followUri, actor: follower, object: recipientOf(followee).id }),
      );
      return { followed: false, requested: true };
    },

    async isRequested(followerId, followee) {
      const asked = await findRemoteFollow(db, followerId, followee.user.remote_actor_id!);
      return asked !== undefined;
    },
  };
}

/**
 * The remote server's answer to one of our Follows: an Accept makes it stand (a `follows` row, so their posts reach
 * the follower's feed), a Reject clears it. Only the followed actor (the signer) answers for it, and only a Follow
 * we sent and still have.
 */
export function listenToFollowAnswers(inbox: InboxListenerSetters<void>, db: Db): InboxListenerSetters<void> {
  async function followAnswered(ctx: Context<void>, answer: Activity, accepted: boolean) {
    const followId = answer.objectId;
    if (!followId || !answer.actorId) return;
    const withoutFragment = new URL(followId);
    withoutFragment.hash = '';
    const ours = ourUri(ctx, withoutFragment);
    const followee = await findRemotePersonByUri(db, answer.actorId.href);
    if (ours?.type !== 'actor' || !followee) return;
    const remoteActorId = followee.user.remote_actor_id!;
    const asked = await findRemoteFollow(db, ours.identifier, remoteActorId);
    if (asked?.follow_uri !== followId.href) return;
    await db.transaction().execute(async (trx) => {
      if (!accepted) await removeRemoteFollowRequest(trx, ours.identifier, remoteActorId);
      await setFollowing(trx, ours.identifier, followee.user.id, accepted);
    });
  }
  return inbox
    .on(Accept, (ctx, accept) => followAnswered(ctx, accept, true))
    .on(Reject, (ctx, reject) => followAnswered(ctx, reject, false));
}
