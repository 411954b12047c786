import type { PlayablePost } from '@client/lib/playable-post';

/**
 * Maya Okafor's 90 s "Morning walk" as the players get it, with `changes`. Its transcript, "One two three", is timed
 * by the spec §9 estimate over 90 s: "three" starts at 2 × 3/11 × 85.5 + 2 × 2.25 ≈ 51.1 s.
 */
export function playablePost(changes: Partial<PlayablePost> = {}): PlayablePost {
  return {
    id: 'p1',
    title: 'Morning walk',
    duration: 90,
    audioUrl: '/media/p1.webm',
    audioSources: [{ url: '/media/p1.webm', mimeType: 'audio/webm' }],
    waveformData: Array.from({ length: 100 }, () => 0.5),
    speech: null,
    peaksUrl: '',
    imageUrl: null,
    transcription: 'One two three',
    chapters: [],
    user: { id: 'u1', firstName: 'Maya', lastName: 'Okafor' } as PlayablePost['user'],
    ...changes,
  };
}
