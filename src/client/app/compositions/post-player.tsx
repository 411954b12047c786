import { useMemo } from 'react';
import { AudioPlayer, type AudioPlayerProps } from '@client/features/player/components/audio-player';
import type { ReplyMark } from '@client/features/player/components/reply-marks';
import { useComments } from '@client/features/social/api/comments';
import { commentAuthorName } from '@client/features/social/lib/comments';

/**
 * A post's player with its voice replies at moments (issue 29): once the thread's replies are loaded (this never
 * fetches them), the full player marks those anchored to a moment, from the same access-filtered list.
 */
export function PostPlayer(props: AudioPlayerProps) {
  const full = (props.variant ?? 'full') === 'full';
  const { data: comments } = useComments(props.post.id, false);
  const replies = useMemo(
    () =>
      full && comments
        ? comments.flatMap((comment): ReplyMark[] =>
            comment.at === null ? [] : [{ id: comment.id, at: comment.at, name: commentAuthorName(comment) }],
          )
        : undefined,
    [full, comments],
  );
  return <AudioPlayer {...props} replies={replies} />;
}
