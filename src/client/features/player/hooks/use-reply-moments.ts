import { useCallback, useEffect, type RefObject } from 'react';
import type { TranscriptWord } from '@shared/domain/transcript-timing';
import {
  requestReplyAtMoment,
  requestReplyPlay,
  setPausedMoment,
  usePostSeekRequests,
} from '@client/lib/audio/post-moments';
import type { AudioPlayer } from './use-audio-player';
import type { ReplyMark } from '../components/reply-marks';

/**
 * The post's full player and its replies at moments (issue 29): it tells the thread where it stands paused, goes
 * where a reply's "at 1:13" asks, and has a mark's reply played. `postId` null: a player without replies.
 */
export function useReplyMoments(
  postId: string | null,
  player: Pick<AudioPlayer, 'isPlaying' | 'currentTime' | 'duration' | 'seek' | 'play' | 'pause'>,
  group: RefObject<HTMLElement | null>,
) {
  const { isPlaying, currentTime, duration, seek, play, pause } = player;
  const paused = !isPlaying && currentTime > 0 && currentTime < duration;
  useEffect(() => {
    if (postId) setPausedMoment(postId, paused ? Math.round(currentTime * 10) / 10 : null);
  }, [postId, paused, currentTime]);
  useEffect(() => {
    if (postId) return () => setPausedMoment(postId, null);
  }, [postId]);

  usePostSeekRequests(postId, (seconds) => {
    group.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    seek(seconds);
    void play();
  });

  const playReply = useCallback(
    (mark: ReplyMark) => {
      if (postId) requestReplyPlay(postId, mark.id);
    },
    [postId],
  );

  /** A word's "Reply here": the player waits at the word, and the thread offers to reply there. */
  const replyAtWord = useCallback(
    (word: TranscriptWord) => {
      if (!postId) return;
      pause();
      seek(word.start);
      requestReplyAtMoment(postId);
    },
    [postId, pause, seek],
  );

  return { playReply, replyAtWord };
}
