import { PODCAST_TRANSCRIPT_TYPE } from '@shared/contract/podcast';
import type { PodcastCategory } from './podcast-categories';

/** What one item of a podcast feed says; every URL is absolute. */
export interface FeedEpisode {
  guid: string;
  title: string;
  description: string;
  link: string;
  publishedAt: Date;
  durationSeconds: number;
  enclosure: { url: string; bytes: number; type: string };
  imageUrl: string | null;
  chaptersUrl: string | null;
  /** WebVTT, when the pod has a transcript. */
  transcriptUrl: string | null;
}

export interface FeedChannel {
  title: string;
  description: string;
  author: string;
  link: string;
  feedUrl: string;
  /** The person's picture, else the app's artwork: podcast apps want one for every show. */
  imageUrl: string;
  category: PodcastCategory;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or an attribute value, escaped; characters XML 1.0 forbids are dropped. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

function itemXml(episode: FeedEpisode): string {
  return [
    '<item>',
    element('title', episode.title),
    element('description', episode.description),
    element('link', episode.link),
    `<guid isPermaLink="false">${escapeXml(episode.guid)}</guid>`,
    element('pubDate', episode.publishedAt.toUTCString()),
    `<enclosure url="${escapeXml(episode.enclosure.url)}" length="${episode.enclosure.bytes}" type="${escapeXml(episode.enclosure.type)}"/>`,
    element('itunes:duration', String(episode.durationSeconds)),
    element('itunes:episodeType', 'full'),
    episode.imageUrl ? `<itunes:image href="${escapeXml(episode.imageUrl)}"/>` : '',
    episode.chaptersUrl
      ? `<podcast:chapters url="${escapeXml(episode.chaptersUrl)}" type="application/json+chapters"/>`
      : '',
    episode.transcriptUrl
      ? `<podcast:transcript url="${escapeXml(episode.transcriptUrl)}" type="${PODCAST_TRANSCRIPT_TYPE}"/>`
      : '',
    '</item>',
  ].join('');
}

function categoryXml({ name, subcategory }: PodcastCategory): string {
  const inner = subcategory ? `<itunes:category text="${escapeXml(subcategory)}"/>` : '';
  return `<itunes:category text="${escapeXml(name)}">${inner}</itunes:category>`;
}

/**
 * RSS 2.0 with the iTunes and Podcasting 2.0 namespaces. No <language>: nothing tells which language a person
 * speaks in (no setting, no detection), and a wrong one would misfile the show in podcast directories.
 */
export function podcastXml(channel: FeedChannel, episodes: FeedEpisode[]): string {
  const newest = episodes[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"',
    ' xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    `<atom:link href="${escapeXml(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    element('generator', 'Earshot'),
    newest ? element('lastBuildDate', newest.toUTCString()) : '',
    element('itunes:author', channel.author),
    element('itunes:explicit', 'false'),
    element('itunes:type', 'episodic'),
    `<itunes:image href="${escapeXml(channel.imageUrl)}"/>`,
    `<image>${element('url', channel.imageUrl)}${element('title', channel.title)}${element('link', channel.link)}</image>`,
    categoryXml(channel.category),
    ...episodes.map(itemXml),
    '</channel>',
    '</rss>',
  ].join('\n');
}
