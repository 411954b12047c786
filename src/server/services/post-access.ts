import { authorize, notFound } from '../access/guard';
import type { Action, Actor } from '../access/policy';
import { postAsSeenBy, type PostFacts } from '../access/posts';
import type { Db } from '../db/database';
import { findPost } from '../db/queries/posts';
import type { PostRow } from '../db/schema';
import { ConflictError } from '../errors';

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

export const PUBLISHED_MEANWHILE_MESSAGE =
  'This draft was published while your change was being saved, so it was not applied: the post keeps what it was ' +
  'published with. Open the post to change it.';

/**
 * Inside a transaction that has locked the post: the draft as it is now, or 404 when it was deleted and 409 when it
 * was published since it was first checked (what was prepared for the draft must not land on a post).
 */
export async function stillADraft(trx: Db, postId: string): Promise<PostRow> {
  const post = await findPost(trx, postId);
  if (!post) throw notFound('post');
  if (post.is_draft !== 1) throw new ConflictError(PUBLISHED_MEANWHILE_MESSAGE);
  return post;
}
