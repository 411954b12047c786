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

/** An image with its size in pixels, at an absolute URL. */
export interface SizedImage {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
}

const fits = (size: number | undefined, max: number | undefined) =>
  size !== undefined && size <= (max ?? size);

/** The thumbnail's fields, when its size is known and within the consumer's room (§2.3.4 allows no larger). */
function thumbnailOf(image: SizedImage | undefined, max: MaxSize): Partial<Oembed> {
  if (!image || !fits(image.width, max.maxwidth) || !fits(image.height, max.maxheight)) return {};
  return { thumbnail_url: image.url, thumbnail_width: image.width, thumbnail_height: image.height };
}

/**
 * oEmbed 1.0's "rich" answer for a public post: its player in an iframe, no larger than the consumer allows, and
 * `image` (its photo or share card) as the thumbnail.
 */
export function oembedOf(post: Post, origin: string, max: MaxSize, image: SizedImage | undefined): Oembed {
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
    ...thumbnailOf(image, max),
  };
}
