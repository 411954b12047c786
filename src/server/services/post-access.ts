import { authorize, notFound } from '../access/guard';
import type { Action, Actor } from '../access/policy';
import { postResource } from '../access/resources';
import type { Db } from '../db/database';
import { findPost } from '../db/queries/posts';
import type { PostRow } from '../db/schema';

/** The post, if `actor` may do `action` to it: 404 for what they may not see, 403 for what they see but may not do. */
export async function findPostFor(db: Db, actor: Actor, action: Action, postId: string): Promise<PostRow> {
  const post = await findPost(db, postId);
  if (!post) throw notFound('post');
  authorize(actor, action, postResource(post));
  return post;
}
