import type { Oembed } from '@shared/contract/oembed';
import type { Post } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { EMBED_SIZE, embedIframeHtml, embedPath } from '@shared/domain/embed';
import { PRODUCT_NAME } from '@shared/domain/product';

/** The post pages whose embeds we give: `/posts/{id}` and the spec's `/post/{id}`. */
const POST_PAGE = /^\/posts?\/([^/]+)\/?$/;

/** The post a page URL of ours shows, or undefined for any other page or site. */
export function postIdOfPageUrl(pageUrl: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const id = POST_PAGE.exec(url.pathname)?.[1];
  try {
    return id === undefined ? undefined : decodeURIComponent(id);
  } catch {
    return undefined;
  }
}

export interface MaxSize {
  maxwidth?: number | undefined;
  maxheight?: number | undefined;
}

/** oEmbed 1.0's "rich" answer for a public post: its player in an iframe, no larger than the consumer allows. */
export function oembedOf(post: Post, origin: string, max: MaxSize): Oembed {
  const width = Math.min(EMBED_SIZE.width, max.maxwidth ?? Infinity);
  const height = Math.min(EMBED_SIZE.height, max.maxheight ?? Infinity);
  return {
    version: '1.0',
    type: 'rich',
    provider_name: PRODUCT_NAME,
    provider_url: `${origin}/`,
    title: post.title,
    author_name: displayName(post.user),
    author_url: `${origin}/profile/${encodeURIComponent(post.userId)}`,
    html: embedIframeHtml(`${origin}${embedPath(post.id)}`, post.title, { width, height }),
    width,
    height,
  };
}
