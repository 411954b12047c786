import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source for each inline script of an HTML page, so exactly those scripts may run and no others. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}

/**
 * Scripts only from our own origin or with a listed hash; no plugins, no framing, no foreign base or form targets.
 * Styles allow inline: dialogs inject <style> elements at run time (scroll locking), and CSS cannot run code.
 * Audio previews, recordings and waveforms use blob: URLs. `mediaOrigins` are where media redirects lead
 * (S3_REDIRECT_PUBLIC_MEDIA): players and images load from there, and the player's fallback fetches from there.
 * `framable`: any site may frame the page (the embeddable player alone); else no site may, ours included.
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  reportPath: string,
  mediaOrigins: readonly string[] = [],
  { framable = false } = {},
): string {
  const media = mediaOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    `media-src 'self' blob:${media}`,
    `connect-src 'self' blob:${media}`,
    "font-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${framable ? '*' : "'none'"}`,
    `report-uri ${reportPath}`,
  ].join('; ');
}
