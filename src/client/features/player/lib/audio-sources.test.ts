import { describe, expect, it } from 'vitest';
import { chooseSources, detectIOS, normaliseAudioUrl } from './audio-sources';

const chrome = { isIOS: false, canPlayType: () => 'maybe' };
const safariIOS = {
  isIOS: true,
  canPlayType: (type: string) => (type.includes('webm') ? 'maybe' : 'probably'),
};

const rendition = { url: '/media/audio/a/speech.m4a', mimeType: 'audio/mp4' };
const original = { url: '/media/audio/a/original.webm', mimeType: 'audio/webm' };

describe('chooseSources (spec §4)', () => {
  it('keeps the server’s best-first order where everything plays', () => {
    expect(chooseSources([rendition, original], rendition.url, chrome)).toEqual({
      candidates: [rendition, original],
      fallbackMode: false,
    });
  });

  it('drops what the browser refuses', () => {
    const noWebm = { isIOS: false, canPlayType: (type: string) => (type.includes('webm') ? '' : 'maybe') };
    expect(chooseSources([original, rendition], original.url, noWebm).candidates).toEqual([rendition]);
  });

  it('falls back to M4A on iOS Safari when the original is WebM', () => {
    expect(chooseSources([original, rendition], original.url, safariIOS)).toEqual({
      candidates: [rendition],
      fallbackMode: true,
    });
    expect(chooseSources([original], original.url, safariIOS)).toEqual({
      candidates: [],
      fallbackMode: true,
    });
  });

  it('uses audioUrl when no sources are listed, with a leading slash and a guessed type', () => {
    expect(chooseSources([], 'media/x.mp3', chrome).candidates).toEqual([
      { url: '/media/x.mp3', mimeType: 'audio/mpeg' },
    ]);
    expect(chooseSources([], '  ', chrome).candidates).toEqual([]);
  });

  it('normalises URLs', () => {
    expect(normaliseAudioUrl('https://cdn.example/a.m4a')).toBe('https://cdn.example/a.m4a');
    expect(normaliseAudioUrl('blob:http://x/1')).toBe('blob:http://x/1');
    expect(normaliseAudioUrl(null)).toBe('');
  });

  it('recognises iPhones and iPads', () => {
    expect(detectIOS({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', maxTouchPoints: 5 })).toBe(
      true,
    );
    expect(detectIOS({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X)', maxTouchPoints: 5 })).toBe(true);
    expect(detectIOS({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X)', maxTouchPoints: 0 })).toBe(
      false,
    );
  });
});
