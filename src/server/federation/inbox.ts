import type { InboxListenerSetters } from '@fedify/fedify';
import { Accept, Activity, Follow, isActor, Reject, Undo, type Actor } from '@fedify/vocab';
import { federatingPerson, isHeardHere } from '../access/federatable';
import { mayFollow } from '../access/people';
import { addRemoteFollow, removeRemoteFollow } from '../db/queries/federation';
import { findRemotePersonByUri, type RemotePerson } from '../db/queries/remote-people';
import type { FollowerNews } from '../services/follow-service';
import { newId } from '../ids';
import type { FederationDeps } from './federation';
import type { UndoListener } from './interactions';
import { ourUri } from './our-uris';
import type { RemotePeople } from './remote-people';

/**
 * What our inboxes take (personal and shared): a remote actor's Follow of one of our people, stored and answered
 * with an Accept (with a Reject, nothing stored, across a block with the person they are here) and told to our person
 * as a follow here is (the follower met as a person here), and its Undo; other Undos go to `undoOther`. Fedify has
 * verified each activity's HTTP Signature and that its signer is its actor before a listener sees it; anything else
 * it answers 401 and nothing is stored. Other modules add their listeners to the setters it returns.
 */
export function listenToInboxes(
  inbox: InboxListenerSetters<void>,
  {
    db,
    addresses,
    log,
    people,
    followerNews,
  }: Pick<FederationDeps, 'db' | 'addresses' | 'log'> & { people: RemotePeople; followerNews: FollowerNews },
  undoOther: UndoListener,
): InboxListenerSetters<void> {
  /** Our person hears of their new follower, unless our moderators suspended them. */
  async function tellOfFollower(follower: Actor, known: RemotePerson | undefined, followingId: string) {
    try {
      const met = known ?? (await people.save(follower));
      if (met && isHeardHere(met.user)) await followerNews(db, met.user.id, followingId);
    } catch (error) {
      // The follow stands and was accepted: a retry of the whole Follow would only accept it again.
      log.warn({ err: error, actor: follower.id?.href }, 'a remote follower could not be told of');
    }
  }

  return inbox
    .on(Follow, async (ctx, follow) => {
      const target = follow.objectId && ourUri(ctx, follow.objectId);
      if (!follow.id || !follow.actorId || target?.type !== 'actor') return;
      const person = await federatingPerson(db, target.identifier);
      if (!person?.federates) return;
      // Fedify has checked that the request was signed by a key of follow.actorId; its document says where to deliver.
      const follower = await follow.getActor(ctx);
      if (!isActor(follower) || follower.id?.href !== follow.actorId.href || !follower.inboxId) return;
      const sharedInbox = follower.endpoints?.sharedInbox ?? null;
      if (!(await addresses.mayDeliverTo([follower.inboxId, ...(sharedInbox ? [sharedInbox] : [])]))) {
        log.warn({ actor: follow.actorId.href }, 'refused a Follow whose inbox is not a public address');
        return;
      }
      const actor = ctx.getActorUri(person.user.id);
      const known = await findRemotePersonByUri(db, follower.id.href);
      if (known && !(await mayFollow(db, known.user.id, person.user.id))) {
        const id = new URL(`#rejects/${newId()}`, actor);
        await ctx.sendActivity(
          { identifier: person.user.id },
          follower,
          new Reject({ id, actor, object: follow }),
        );
        return;
      }
      const username = follower.preferredUsername?.toString();
      await addRemoteFollow(
        db,
        person.user.id,
        {
          uri: follower.id.href,
          inbox_url: follower.inboxId.href,
          shared_inbox_url: sharedInbox?.href ?? null,
          handle: username ? `${username}@${follower.id.host}` : null,
        },
        follow.id.href,
      );
      await ctx.sendActivity(
        { identifier: person.user.id },
        follower,
        new Accept({ id: new URL(`#accepts/${newId()}`, actor), actor, object: follow }),
      );
      await tellOfFollower(follower, known, person.user.id);
    })
    .on(Undo, async (ctx, undo) => {
      const undone = await undo.getObject(ctx);
      if (!(undone instanceof Activity) || !undo.actorId || undone.actorId?.href !== undo.actorId.href)
        return;
      if (!(undone instanceof Follow)) {
        await undoOther(ctx, undone);
        return;
      }
      const follow = undone;
      const target = follow.objectId && ourUri(ctx, follow.objectId);
      if (target?.type !== 'actor') return;
      await removeRemoteFollow(db, target.identifier, undo.actorId.href);
    })
    .onError((_ctx, error) => {
      log.warn({ err: error }, 'an inbound activity failed');
    });
}
