import type { Db } from '../db/database';
import { findUserById } from '../db/queries/users';
import type { PostRow, UserRow } from '../db/schema';
import { can, VISITOR } from './policy';
import { commentResource, personResource, postResource } from './resources';

/**
 * What may leave this server over ActivityPub (issue 28), as one explicit list: anything not on it never federates.
 *
 * - One of our people (not someone of another server we know) who is not suspended (their actor, keys, outbox and
 *   followers).
 * - Their posts and episodes (pods) that anyone without an account may see: published, public, not hidden by
 *   moderators, by a person not suspended.
 *
 * - Their voice comments on a post that came from another server (a reply to a remote person's Note), while a
 *   visitor may hear the comment there: to the post's author's server, as a reply in their thread, and at its Note's
 *   id to anyone who asks; that it is gone once deleted or hidden, and anew once shown again.
 * - Their likes, reposts and blocks of people of other servers and of those people's posts, told to that person's
 *   server alone.
 *
 * Never: private posts, diary entries and drafts, conversations and their voice messages, comments on our own
 * posts (visitors' and members', held or not), hidden or removed content, anything of a suspended or deleted person, and whatever came
 * from another server (its people and their posts are theirs to federate). A remote
 * server is a visitor with a long memory: it sees what a visitor may see, and less.
 */

type FederationCandidate = Pick<UserRow, 'id' | 'suspended_at' | 'remote_actor_id'>;

export const FEDERATED_POST_TYPES = ['post', 'episode'] as const satisfies readonly PostRow['type'][];

type FederatedPostType = (typeof FEDERATED_POST_TYPES)[number];

const isFederatedPostType = (type: PostRow['type']): type is FederatedPostType =>
  (FEDERATED_POST_TYPES as readonly string[]).includes(type);

/** One of our people is an actor others may follow while a visitor may see them; a remote person is never ours. */
export function mayFederatePerson(person: FederationCandidate): boolean {
  return person.remote_actor_id === null && can(VISITOR, 'view', personResource(person));
}

/**
 * A person of another server is heard here (their posts and replies kept) while a visitor may see them: never while
 * suspended by our moderators.
 */
export function isHeardHere(person: Pick<UserRow, 'id' | 'suspended_at'>): boolean {
  return can(VISITOR, 'view', personResource(person));
}

/** The person behind an actor identifier (a user id), and whether they federate (a suspended one does not). */
export async function federatingPerson(db: Db, identifier: string) {
  const user = await findUserById(db, identifier);
  if (!user) return undefined;
  return { user, federates: mayFederatePerson(user) };
}

/**
 * Whether other servers may hear of a post at all, its creation, change or deletion (what is sent is then weighed by
 * mayFederatePost): published and public, hidden or not, so that they forget a hidden one. Never a draft or a
 * private post: not even its id leaves this server.
 */
export function mayTellOtherServersOf(post: Pick<PostRow, 'is_draft' | 'is_private'>): boolean {
  return post.is_draft === 0 && post.is_private === 0;
}

/** A post goes out, and answers at its URL as an object, while a visitor may hear it and its author federates. */
export function mayFederatePost(
  post: Pick<
    PostRow,
    'type' | 'user_id' | 'is_draft' | 'is_private' | 'allow_visitor_comments' | 'is_hidden'
  >,
  author: FederationCandidate,
): boolean {
  return (
    isFederatedPostType(post.type) &&
    post.user_id === author.id &&
    mayFederatePerson(author) &&
    can(VISITOR, 'view', postResource(post))
  );
}

/** One of our people's voice comment goes, as a reply, to the server of the remote person whose post it answers. */
export function mayFederateReply(
  comment: Parameters<typeof commentResource>[0],
  post: Parameters<typeof postResource>[0],
  commenter: FederationCandidate,
  postAuthor: FederationCandidate,
): boolean {
  return (
    comment.user_id === commenter.id &&
    post.user_id === postAuthor.id &&
    mayFederatePerson(commenter) &&
    postAuthor.remote_actor_id !== null &&
    can(VISITOR, 'view', commentResource(comment, post))
  );
}

/**
 * That one of our people's voice comment on a remote person's post is gone goes to that person's server (a Delete of
 * its Note) while the commenter federates, whether or not the comment ever went: a Delete of what a server never had
 * is harmless, and the comment is gone by then, so what it was is not weighed.
 */
export function mayTellOfReplyDeletion(
  commenter: FederationCandidate,
  postAuthor: Pick<UserRow, 'remote_actor_id'>,
): boolean {
  return mayFederatePerson(commenter) && postAuthor.remote_actor_id !== null;
}

/**
 * One of our people's like, repost or block goes to the server of the person it is of (or of whose post), while
 * our person federates and the other is someone of another server.
 */
export function mayFederateInteraction(
  person: FederationCandidate,
  other: Pick<UserRow, 'remote_actor_id'>,
): boolean {
  return mayFederatePerson(person) && other.remote_actor_id !== null;
}

/**
 * One of our people's report of someone of another server (or of what they made) goes on to that server's moderators,
 * from this server's own actor and never naming them, when they ask for it: while this server federates, and not to
 * a domain our moderators block.
 */
export function mayForwardReport(
  owner: Pick<UserRow, 'remote_actor_id'>,
  server: { federates: boolean; blockedDomain: string | undefined },
): boolean {
  return server.federates && owner.remote_actor_id !== null && server.blockedDomain === undefined;
}
