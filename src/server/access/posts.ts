import type { Db } from '../db/database';
import type { CommentResource, Actor, DraftResource, PostResource } from './policy';
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
