import { escapeHtml } from '@shared/domain/escape-html';
import { PRODUCT_NAME } from '@shared/domain/product';

/**
 * What a page says about itself to apps that show a link (chat apps, social sites, search): the `<head>` tags the
 * server writes into the app's page, since those apps do not run its scripts. Every URL is absolute.
 */
export interface PagePreview {
  title: string;
  description: string;
  url: string;
  type: 'article' | 'profile';
  image?: { url: string; width?: number; height?: number; alt: string; type?: string };
  audio?: { url: string; type: string };
  /** A post's player card (X's `player`) and its oEmbed discovery link. */
  player?: { url: string; width: number; height: number; oembedUrl: string };
  publishedAt?: string;
}

const DESCRIPTION_LENGTH = 200;

/** The start of a transcript or bio, cut at a word, on one line. */
export function describeBriefly(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;

function headTags(preview: PagePreview): string[] {
  const { image, audio, player } = preview;
  const og = (key: string, content: string | number) => meta('property', `og:${key}`, content);
  const twitter = (key: string, content: string | number) => meta('name', `twitter:${key}`, content);
  return [
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    og('site_name', PRODUCT_NAME),
    og('type', preview.type),
    og('title', preview.title),
    og('description', preview.description),
    og('url', preview.url),
    ...(preview.publishedAt ? [meta('property', 'article:published_time', preview.publishedAt)] : []),
    ...(image
      ? [
          og('image', image.url),
          ...(image.type ? [og('image:type', image.type)] : []),
          ...(image.width && image.height
            ? [og('image:width', image.width), og('image:height', image.height)]
            : []),
          og('image:alt', image.alt),
        ]
      : []),
    ...(audio ? [og('audio', audio.url), og('audio:type', audio.type)] : []),
    twitter('card', player ? 'player' : image ? 'summary_large_image' : 'summary'),
    twitter('title', preview.title),
    twitter('description', preview.description),
    ...(image ? [twitter('image', image.url), twitter('image:alt', image.alt)] : []),
    ...(player
      ? [
          twitter('player', player.url),
          twitter('player:width', player.width),
          twitter('player:height', player.height),
          `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(player.oembedUrl)}" title="${escapeHtml(preview.title)}" />`,
        ]
      : []),
  ];
}

/**
 * The app's page with `preview`'s head: its title and description replace the app's own, and the link tags follow
 * them. Without a preview the page is the app's own, its generic title and description.
 */
export function withPreviewHead(page: string, preview: PagePreview | null): string {
  if (!preview) return page;
  const description = meta('name', 'description', preview.description);
  return page
    .replace(/<meta\s+name="description"[^>]*>/, () => description)
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(preview.title)}</title>\n    ${headTags(preview).join('\n    ')}`,
    );
}
