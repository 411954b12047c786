import type { Post } from '@shared/contract/posts';

/** What the shared audio player reads of a post; a comment is shaped like it to play in the same player. */
export type PlayablePost = Pick<
  Post,
  | 'id'
  | 'title'
  | 'duration'
  | 'audioUrl'
  | 'audioSources'
  | 'waveformData'
  | 'speech'
  | 'peaksUrl'
  | 'imageUrl'
  | 'transcription'
  | 'chapters'
  | 'user'
  | 'listening'
>;
