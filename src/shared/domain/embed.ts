/** The embeddable player of a public post: the page other sites frame, and its size in an iframe or a player card. */
export const EMBED_SIZE = { width: 560, height: 200 } as const;

export function embedPath(postId: string): string {
  return `/embed/posts/${encodeURIComponent(postId)}`;
}

/** oEmbed discovery: the JSON that tells a consumer how to embed the page at `pageUrl`. */
export function oembedPath(pageUrl: string): string {
  return `/api/oembed?${new URLSearchParams({ url: pageUrl, format: 'json' })}`;
}
