import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('content security policy', () => {
  it('hashes inline scripts and leaves scripts loaded from a URL to the origin rule', () => {
    const html = `<head><script>theme()</script><script type="module" crossorigin src="/assets/a.js"></script>
      </head><body><script data-x>
  two()
</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha('theme()'), sha('\n  two()\n')]);
  });

  it('lets only our origin and the hashed scripts run, and forbids framing and plugins', () => {
    const policy = contentSecurityPolicy([sha('a'), sha('a')], '/reports');
    expect(policy).toContain(`script-src 'self' ${sha('a')};`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toMatch(/; report-uri \/reports$/);
  });

  it('lets media, images and the player fallback load from the origins media redirects lead to, and no other', () => {
    const own = contentSecurityPolicy([], '/reports');
    expect(own).toContain("media-src 'self' blob:;");
    const redirected = contentSecurityPolicy([], '/reports', ['https://media.example.net']);
    expect(redirected).toContain("media-src 'self' blob: https://media.example.net;");
    expect(redirected).toContain("img-src 'self' data: blob: https://media.example.net;");
    expect(redirected).toContain("connect-src 'self' blob: https://media.example.net;");
    expect(redirected).toContain("script-src 'self';");
  });

  it('lets any site frame a framable page, and changes nothing else', () => {
    const standard = contentSecurityPolicy([sha('a')], '/reports');
    const framable = contentSecurityPolicy([sha('a')], '/reports', [], { framable: true });
    expect(framable).toContain('frame-ancestors *;');
    expect(framable.replace('frame-ancestors *', "frame-ancestors 'none'")).toBe(standard);
  });
});
