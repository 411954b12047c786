import type { Db } from '../db/database';
import { findPost } from '../db/queries/posts';
import type { PostRow } from '../db/schema';
import { NotFoundError } from '../errors';

export const POST_NOT_FOUND_MESSAGE = 'This post does not exist or is not shared with you.';

/** Private posts and diary entries exist only for their owner; everyone else is told they do not exist. */
export const isVisibleTo = (post: Pick<PostRow, 'is_private' | 'user_id'>, viewerId: string | undefined) =>
  post.is_private === 0 || post.user_id === viewerId;

export async function findVisiblePost(
  db: Db,
  viewerId: string | undefined,
  postId: string,
): Promise<PostRow> {
  const post = await findPost(db, postId);
  if (!post || !isVisibleTo(post, viewerId)) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
  return post;
}
