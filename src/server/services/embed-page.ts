import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { Post, PostTranscript } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { escapeHtml } from '@shared/domain/escape-html';
import { PRODUCT_NAME } from '@shared/domain/product';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** What the page says for anything that is not a public post (private, draft, hidden, removed, gone…). */
export const EMBED_UNAVAILABLE = 'This post is not available';

/** The player's script in development and tests, where no build is there (Vite serves it in development). */
const SOURCE_ENTRY = '<script type="module" src="/embed/main.ts"></script>';
const ASSET_TAG = /<script type="module"[^>]*><\/script>|<link rel="(?:stylesheet|modulepreload)"[^>]*>/g;

/** The built player's script and stylesheet tags, from the build's embed.html (see src/client/embed.html). */
export async function embedAssetTags(clientDir: string | undefined): Promise<string> {
  const built = clientDir && path.join(clientDir, 'embed.html');
  if (!built || !existsSync(built)) return SOURCE_ENTRY;
  return [...(await readFile(built, 'utf8')).matchAll(ASSET_TAG)].map(([tag]) => tag).join('');
}

/** The stored 100-bar waveform as vertical strokes in a 100×100 box the page stretches to its width. */
function waveformPath(bars: readonly number[]): string {
  const width = 100 / Math.max(bars.length, 1);
  return bars
    .map((bar, index) => {
      const height = Math.max(4, Math.min(1, Math.max(0, bar)) * 100);
      const x = (index + 0.5) * width;
      return `M${x.toFixed(2)} ${((100 - height) / 2).toFixed(1)}v${height.toFixed(1)}`;
    })
    .join('');
}

function page(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>`;
}

const PLAY_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5.5v13l10.5-6.5z"/></svg>';
const PAUSE_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z"/></svg>';
const LOGO =
  '<svg viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="16"/><path d="M16 28v8M24 20v24M32 14v36M40 22v20M48 28v8"/></svg>';

/** On a phone's width the label gives way to its mark, so the waveform keeps its room. */
const SKIP_SILENCE =
  '<button type="button" class="speed skip" data-skip-silence aria-pressed="false" aria-label="Skip silence" ' +
  'title="Skip pauses longer than half a second"><span aria-hidden="true">»</span><span class="label" aria-hidden="true"> Skip silence</span></button>';
/** Seen as it grows; said to screen readers when playback stops (the script fills both). */
const SKIPPED_NOTE =
  '<p class="saved" aria-hidden="true" data-saved></p><p class="visually-hidden" role="status" data-saved-status></p>';
/** The word times aligned to the recording, for the script to light the words by; none for estimated ones. */
function wordTimesAttribute(transcript: Pick<PostTranscript, 'timing' | 'words'>): string {
  if (transcript.timing !== 'aligned') return '';
  const times = transcript.words.map((word) => [word.start, word.end]);
  return ` data-word-times="${escapeHtml(JSON.stringify(times))}"`;
}

/**
 * A public post's player: title, author, play/pause, the waveform to seek on, time, speed, skip silence (once the
 * post's speech is measured) and the transcript, with a link to the post. The script (src/client/embed) brings it to life; without it the text still reads.
 */
export function renderEmbedPage(
  post: Post,
  postUrl: string,
  assets: string,
  words: Pick<PostTranscript, 'timing' | 'words'> = { timing: 'estimated', words: [] },
): string {
  const title = escapeHtml(post.title);
  const author = escapeHtml(displayName(post.user));
  const link = `href="${escapeHtml(postUrl)}" target="_blank" rel="noopener"`;
  const sources = post.audioSources
    .map((source) => `<source src="${escapeHtml(source.url)}" type="${escapeHtml(source.mimeType)}">`)
    .join('');
  const transcript = post.transcription
    ? `<p class="transcript" data-transcript${wordTimesAttribute(words)} aria-label="Transcript">${escapeHtml(post.transcription)}</p>`
    : '';
  const waveform = escapeHtml(waveformPath(post.waveformData));
  const speech = post.speech ? ` data-speech="${escapeHtml(JSON.stringify(post.speech))}"` : '';
  // Where the script reports the listening, as the app's player does: plays here count the same way.
  const listens = buildPath(endpoints.recordListen.path, { id: post.id });
  return page(
    `${post.title} · ${PRODUCT_NAME}`,
    `<link rel="canonical" href="${escapeHtml(postUrl)}">${assets}`,
    `<main class="player" data-player data-duration="${post.duration}" data-listens="${escapeHtml(listens)}"${speech} aria-label="Player: ${title}">
<div class="top">
<button type="button" class="play" data-play aria-label="Play ${title}" disabled>${PLAY_ICON}${PAUSE_ICON}</button>
<div class="heading"><a class="title" ${link}>${title}</a><span class="author">${author}</span></div>
<a class="brand" ${link} aria-label="Listen on ${PRODUCT_NAME} (opens in a new tab)">${LOGO}<span>${PRODUCT_NAME}</span></a>
</div>
<div class="timeline">
<span class="time" data-current aria-hidden="true">0:00</span>
<div class="waveform" data-seek role="slider" tabindex="0" aria-label="Seek" aria-valuemin="0" aria-valuemax="${Math.round(post.duration)}" aria-valuenow="0">
<svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true"><path class="bars" d="${waveform}"/></svg>
<svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" class="played" data-played><path class="bars" d="${waveform}"/></svg>
</div>
<span class="time" data-total aria-hidden="true"></span>
<button type="button" class="speed" data-speed aria-label="Playback speed 1×">1×</button>
${speech && SKIP_SILENCE}
</div>
${speech && SKIPPED_NOTE}
${transcript}
<audio preload="metadata" data-audio>${sources}</audio>
</main>`,
  );
}

/** The page for anything but a public post: the same whether it never existed or is not for everyone. */
export function renderEmbedUnavailablePage(assets: string): string {
  const styles = assets.replace(/<script[^>]*><\/script>/g, '');
  return page(
    `${EMBED_UNAVAILABLE} · ${PRODUCT_NAME}`,
    styles,
    `<main class="unavailable"><p>${EMBED_UNAVAILABLE}</p></main>`,
  );
}
