import { actorOf, can } from './policy';
import { groupCandidateResource } from './resources';
import type { Db } from '../db/database';
import { followersAmong } from '../db/queries/follows';
import { findUsersByIds } from '../db/queries/users';
import { ForbiddenError } from '../errors';

const handles = new Intl.ListFormat('en', { type: 'conjunction' });

/** "@bob and @carol don't let you add them to groups. …": everyone refused, so the asker knows whom to drop. */
function notAddableMessage(usernames: string[]): string {
  const who = handles.format(usernames.map((username) => `@${username}`));
  const verb = usernames.length === 1 ? "doesn't" : "don't";
  return `${who} ${verb} let you add them to groups. Send them a direct message instead.`;
}

/**
 * 403 naming every one of `others` whose setting does not let `userId` add them to a group (access/policy.ts,
 * `person` `add-to-group`); the request then adds nobody.
 */
export async function refuseUnaddable(db: Db, userId: string, others: string[]): Promise<void> {
  const people = await findUsersByIds(db, others);
  const choosy = people.filter((person) => person.group_adds === 'following').map((person) => person.id);
  const followers = await followersAmong(db, userId, choosy);
  const asker = actorOf(userId);
  const refused = people
    .filter((person) => !can(asker, 'add-to-group', groupCandidateResource(person, followers.has(person.id))))
    .sort((a, b) => others.indexOf(a.id) - others.indexOf(b.id));
  if (refused.length > 0)
    throw new ForbiddenError(notAddableMessage(refused.map((person) => person.username)));
}
