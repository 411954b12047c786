import { notFound } from '../access/guard';
import type { Db } from '../db/database';
import { findPost } from '../db/queries/posts';
import type { PostRow } from '../db/schema';
import { ConflictError } from '../errors';

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
