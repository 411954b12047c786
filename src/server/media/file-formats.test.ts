import { describe, expect, it } from 'vitest';
import { sniffAudioFormat, sniffImageFormat } from './file-formats';

const bytes = (...values: Array<number | string>) =>
  Buffer.concat(
    values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))),
  );

describe('sniffAudioFormat', () => {
  it.each([
    [
      'WebM',
      bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 'B\x82\x84webm'),
      'matroska',
      'audio/webm',
    ],
    ['MP4', bytes(0, 0, 0, 0x1c, 'ftypM4A '), 'mov', 'audio/mp4'],
    ['WAV', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '), 'wav', 'audio/wav'],
    ['Ogg', bytes('OggS', 0, 2), 'ogg', 'audio/ogg'],
    ['FLAC', bytes('fLaC', 0), 'flac', 'audio/flac'],
    ['MP3 with ID3', bytes('ID3', 4, 0), 'mp3', 'audio/mpeg'],
    ['MP3 frame', bytes(0xff, 0xfb, 0x90, 0x64), 'mp3', 'audio/mpeg'],
    ['ADTS AAC', bytes(0xff, 0xf1, 0x50, 0x80), 'aac', 'audio/aac'],
  ])('recognises %s by its bytes', (_label, head, demuxer, mime) => {
    expect(sniffAudioFormat(head)).toMatchObject({ demuxer, mime });
  });

  it('recognises nothing else, whatever it is called', () => {
    expect(sniffAudioFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffAudioFormat(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBeUndefined();
    expect(sniffAudioFormat(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('sniffImageFormat', () => {
  it('accepts PNG, JPEG, WebP and GIF only', () => {
    expect(sniffImageFormat(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))?.mime).toBe('image/png');
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))?.mime).toBe('image/jpeg');
    expect(sniffImageFormat(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))?.mime).toBe('image/webp');
    expect(sniffImageFormat(bytes('GIF89a'))?.mime).toBe('image/gif');
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });
});
