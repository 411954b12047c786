import type { Post } from '@shared/contract/posts';

/**
 * A draft's stored original (sources are best first, original last): editing the loudness-normalised rendition
 * would re-encode lossy audio again at every edit.
 */
export function originalAudioUrl(post: Pick<Post, 'audioSources' | 'audioUrl'>): string {
  return post.audioSources.at(-1)?.url ?? post.audioUrl;
}

/** The audio at `url` as a Blob (spec §7: a relative path gets a leading slash); an empty file is an error. */
export async function fetchAudio(url: string): Promise<Blob> {
  const response = await fetch(url.startsWith('/') || /^[a-z]+:/i.test(url) ? url : `/${url}`, {
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const blob = await response.blob();
  if (blob.size === 0) throw new Error('The draft has no audio.');
  return blob;
}
