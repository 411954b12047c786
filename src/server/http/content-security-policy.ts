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
 * Audio previews, recordings and waveforms use blob: URLs.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], reportPath: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self' blob:",
    "font-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${reportPath}`,
  ].join('; ');
}
