import { z } from 'zod';

/** Podcasting 2.0 JSON chapters (https://github.com/Podcastindex-org/podcast-namespace, version 1.2.0). */
export const podcastChaptersSchema = z.object({
  version: z.literal('1.2.0'),
  chapters: z.array(z.object({ startTime: z.number(), title: z.string() })),
});
export type PodcastChapters = z.infer<typeof podcastChaptersSchema>;

export const PODCAST_CHAPTERS_TYPE = 'application/json+chapters';
export const PODCAST_FEED_TYPE = 'application/rss+xml';
export const PODCAST_TRANSCRIPT_TYPE = 'text/vtt';
