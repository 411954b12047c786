import type { Db } from '../db/database';
import { findPost } from '../db/queries/posts';
import type { PostRow } from '../db/schema';
import { authorize, notFound } from './guard';
import {
  can,
  VISITOR,
  type Action,
  type CommentResource,
  type Actor,
  type DraftResource,
  type PostResource,
} from './policy';
import { blockedWith } from './people';
import { commentResource, postResource } from './resources';

/**
 * Posts and comments as `actor` meets them, with the block fact the policy weighs (loaded here, as access/people.ts
 * loads it for people): nobody sees, changes, deletes or reports the post or comment of someone on the other side
 * of a block from them. It answers 404, as if it were not there.
 */

export type PostFacts = Parameters<typeof postResource>[0];

export async function postAsSeenBy(
  db: Db,
  actor: Actor,
  post: PostFacts,
): Promise<PostResource | DraftResource> {
  const blocked = await blockedWith(db, actor, [post.user_id]);
  return postResource(post, blocked.has(post.user_id));
}

/** Across a block with the comment's author or with the post's owner. */
export async function commentAsSeenBy(
  db: Db,
  actor: Actor,
  comment: Parameters<typeof commentResource>[0],
  post: PostFacts,
): Promise<CommentResource> {
  const people = comment.user_id ? [comment.user_id, post.user_id] : [post.user_id];
  const blocked = await blockedWith(db, actor, people);
  return commentResource(comment, post, {
    withAuthor: comment.user_id !== null && blocked.has(comment.user_id),
    withPostOwner: blocked.has(post.user_id),
  });
}

/**
 * Throws unless `actor` may do `action` to the post: 404 for what they may not see, 403 for what they see but may
 * not do. A signed-in person sees nothing of someone they block or who blocks them: 404, as if it were not there.
 */
export async function authorizePost(db: Db, actor: Actor, action: Action, post: PostFacts): Promise<void> {
  authorize(actor, action, await postAsSeenBy(db, actor, post));
}

/** The post, if `actor` may do `action` to it (see authorizePost). */
export async function findPostFor(db: Db, actor: Actor, action: Action, postId: string): Promise<PostRow> {
  const post = await findPost(db, postId);
  if (!post) throw notFound('post');
  await authorizePost(db, actor, action, post);
  return post;
}

/**
 * Whether a post's audio may go to the operator's speech recogniser, a server outside this one (issue 29): what
 * everyone may already hear, and a published private post of an owner who turned private transcripts on; never a
 * draft, nor what moderators hid.
 */
export function mayTranscribe(post: PostRow, ownerTranscribesPrivate: boolean): boolean {
  if (can(VISITOR, 'view', postResource(post))) return true;
  return ownerTranscribesPrivate && post.is_private === 1 && post.is_draft === 0 && post.is_hidden === 0;
}
