import { buildPath, endpoints } from '../contract/endpoints';
import { escapeHtml } from './escape-html';
import { PRODUCT_NAME } from './product';

/** The embeddable player of a public post: the page other sites frame, and its size in an iframe or a player card. */
export const EMBED_SIZE = { width: 560, height: 200 } as const;

export function embedPath(postId: string): string {
  return buildPath(endpoints.embedPlayer.path, { id: postId });
}

/** oEmbed discovery: the JSON that tells a consumer how to embed the page at `pageUrl`. */
export function oembedPath(pageUrl: string): string {
  return `${endpoints.oembed.path}?${new URLSearchParams({ url: pageUrl, format: 'json' })}`;
}

/**
 * The code a site pastes to embed a post: an iframe of its player at `size`, named for screen readers. The post
 * menu's "Embed" copies it and oEmbed answers it, so both give the same.
 */
export function embedIframeHtml(
  embedUrl: string,
  title: string,
  size: { width: number; height: number } = EMBED_SIZE,
): string {
  const attributes = [
    `src="${escapeHtml(embedUrl)}"`,
    `width="${size.width}"`,
    `height="${size.height}"`,
    `title="${escapeHtml(`${PRODUCT_NAME}: ${title}`)}"`,
    'style="border:0;border-radius:12px;max-width:100%"',
    'allow="autoplay"',
    'loading="lazy"',
  ];
  return `<iframe ${attributes.join(' ')}></iframe>`;
}
