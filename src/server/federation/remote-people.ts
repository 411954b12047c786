import type { Context } from '@fedify/fedify';
import { isActor, type Actor } from '@fedify/vocab';
import type { Db } from '../db/database';
import {
  findRemotePersonByHandle,
  findRemotePersonByUri,
  saveRemotePerson,
  type RemotePerson,
} from '../db/queries/remote-people';
import { plainTextOf } from './plain-text';
import type { PublicAddresses } from './public-addresses';
import type { RemoteAvatars } from './remote-avatars';

/** An actor's document is read again when what we have of it is older than this. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

const fresh = (person: RemotePerson) => Date.now() - Date.parse(person.fetchedAt) < REFRESH_AFTER_MS;

const textOf = (value: unknown) => (value == null ? null : plainTextOf(String(value)) || null);

/** `@user@host` or `user@host` as `user@host`; undefined for anything else (a URL). */
export function handleIn(query: string): string | undefined {
  const match = /^@?([^@\s/]+)@([^@\s/]+)$/.exec(query.trim());
  return match ? `${match[1]}@${match[2]!.toLowerCase()}` : undefined;
}

const isProfileAddress = (query: string) => /^https?:\/\//i.test(query.trim());

/** Whether a search names someone of another server (`@user@host` or a profile's address): a lookup there. */
export const namesRemotePerson = (query: string) => handleIn(query) !== undefined || isProfileAddress(query);

export interface RemotePeople {
  /**
   * The person an actor document is, saved (made or refreshed, their avatar too); undefined for one we would not
   * deliver to.
   */
  save(actor: Actor): Promise<RemotePerson | undefined>;
  /** The person at `actorId`, read again when older than a day. */
  byActorId(ctx: Context<void>, actorId: URL): Promise<RemotePerson | undefined>;
  /** The person a search names (`@user@host` or their profile's address), found by WebFinger and their actor. */
  lookUp(ctx: Context<void>, query: string): Promise<RemotePerson | undefined>;
}

export function createRemotePeople(db: Db, addresses: PublicAddresses, avatars: RemoteAvatars): RemotePeople {
  const people: RemotePeople = {
    async save(actor) {
      const username = actor.preferredUsername?.toString();
      if (!actor.id || !actor.inboxId || !username) return undefined;
      const sharedInbox = actor.endpoints?.sharedInbox ?? null;
      if (!(await addresses.mayDeliverTo([actor.inboxId, ...(sharedInbox ? [sharedInbox] : [])]))) {
        return undefined;
      }
      const page = actor.url instanceof URL ? actor.url : (actor.url?.href ?? null);
      const person = await saveRemotePerson(db, {
        uri: actor.id.href,
        inbox_url: actor.inboxId.href,
        shared_inbox_url: sharedInbox?.href ?? null,
        handle: `${username}@${actor.id.host}`,
        profile_url: page?.href ?? null,
        name: textOf(actor.name),
        bio: textOf(actor.summary),
      });
      await avatars.refresh(person, actor);
      return (await findRemotePersonByUri(db, person.actorUri))!;
    },

    async byActorId(ctx, actorId) {
      const known = await findRemotePersonByUri(db, actorId.href);
      if (known && fresh(known)) return known;
      const actor = await ctx.lookupObject(actorId).catch(() => null);
      if (!isActor(actor) || actor.id?.href !== actorId.href) return known;
      return (await people.save(actor)) ?? known;
    },

    async lookUp(ctx, query) {
      const handle = handleIn(query);
      if (!handle && !isProfileAddress(query)) return undefined;
      const known = handle && (await findRemotePersonByHandle(db, handle));
      if (known && fresh(known)) return known;
      const actor = await ctx.lookupObject(handle ? `acct:${handle}` : query.trim()).catch(() => null);
      if (!isActor(actor)) return known || undefined;
      return people.save(actor);
    },
  };
  return people;
}
