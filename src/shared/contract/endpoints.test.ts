import { describe, expect, it } from 'vitest';
import { buildPath, endpoints } from './endpoints';

describe('buildPath', () => {
  it('fills every :name segment, encoding each value', () => {
    expect(buildPath(endpoints.mediaAudio.path, { assetId: 'a/b', file: 'speech.m4a' })).toBe(
      '/media/audio/a%2Fb/speech.m4a',
    );
    expect(buildPath(endpoints.getPostPeaks.path, { id: 7 })).toBe(
      endpoints.getPostPeaks.path.replace(':id', '7'),
    );
  });

  it('gives the same answer the second time, and a path without parameters as it is', () => {
    const path = endpoints.mediaAudio.path;
    expect(buildPath(path, { assetId: 'x', file: 'y' })).toBe(buildPath(path, { assetId: 'x', file: 'y' }));
    expect(buildPath(endpoints.feed.path)).toBe(endpoints.feed.path);
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath(endpoints.mediaAudio.path, { assetId: 'x' })).toThrow(
      'Missing path parameter "file"',
    );
  });
});
