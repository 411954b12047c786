import type { PostListening } from '@shared/contract/posts';
import { actorOf } from '../access/policy';
import { notFound } from '../access/guard';
import { authorizePost } from '../access/posts';
import type { Db } from '../db/database';
import { findPostWithMedia } from '../db/queries/posts';
import { saveListeningPosition, type StoredListening } from '../db/queries/listening-positions';
import { isForeignKeyViolation } from '../db/dialect';
import { BadRequestError } from '../errors';

/** Stopped before this, a listener starts over next time. */
const RESUME_FROM_SECONDS = 2;

/** Within this much of its end a post counts as heard: 5 % of it, between 1 and 15 seconds. */
const heardMarginSeconds = (duration: number) => Math.min(15, Math.max(1, duration * 0.05));

/** What a listener is told of where they stopped in a post `duration` seconds long. */
function present(stored: StoredListening, duration: number): PostListening {
  const at = stored.positionSeconds;
  const resumable = at >= RESUME_FROM_SECONDS && at < duration - heardMarginSeconds(duration);
  return { resumeAt: resumable ? Math.round(at * 10) / 10 : null, heard: stored.heard };
}

/** What the asker is told of where they stopped in a post read with its listening (`ListenedPost`), if anywhere. */
export function listeningOf(row: {
  duration: number;
  listening_position_seconds: number | null;
  listening_heard: number | null;
}): PostListening | undefined {
  if (row.listening_position_seconds === null) return undefined;
  return present(
    { positionSeconds: row.listening_position_seconds, heard: row.listening_heard === 1 },
    row.duration,
  );
}

export interface ListeningPositions {
  /**
   * Keeps where `userId` stopped in a published post they may hear: `at` is held to the post's measured length,
   * and near its end the post counts as heard.
   */
  save(userId: string, postId: string, at: number): Promise<PostListening>;
}

export function createListeningPositions(deps: { db: Db }): ListeningPositions {
  const { db } = deps;
  return {
    async save(userId, postId, at) {
      // Saved every few seconds while a post plays: one read of the post with its measured length (no peaks).
      const post = await findPostWithMedia(db, postId);
      if (!post) throw notFound('post');
      await authorizePost(db, actorOf(userId), 'view', post);
      if (post.is_draft === 1)
        throw new BadRequestError('Only published posts keep where you stopped listening.');
      const { duration } = post;
      const positionSeconds = Math.min(at, duration);
      const stored = await saveListeningPosition(db, {
        userId,
        postId,
        positionSeconds,
        heard: positionSeconds >= duration - heardMarginSeconds(duration),
        at: new Date().toISOString(),
      }).catch((error: unknown) => {
        // Deleted since it was found.
        throw isForeignKeyViolation(error) ? notFound('post') : error;
      });
      return present(stored, duration);
    },
  };
}
