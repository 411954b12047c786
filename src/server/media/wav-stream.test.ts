import { describe, expect, it } from 'vitest';
import { PcmWavReader } from './wav-stream';

/**
 * A 16-bit WAV as ffmpeg writes the measured PCM to a pipe (at half its level): unknown sizes, an extensible format
 * chunk, a LIST chunk.
 */
function pipedWav(samples: number[], channels = 1, bits = 16): Buffer {
  const format = Buffer.alloc(40);
  format.writeUInt16LE(0xfffe, 0);
  format.writeUInt16LE(channels, 2);
  format.writeUInt32LE(44_100, 4);
  format.writeUInt16LE(bits, 14);
  const chunk = (id: string, body: Buffer, size = body.length) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(size, 4);
    return Buffer.concat([head, body]);
  };
  const data = Buffer.from(Int16Array.from(samples, (sample) => sample * 16_384).buffer);
  return Buffer.concat([
    Buffer.from('RIFF\xff\xff\xff\xffWAVE', 'latin1'),
    chunk('fmt ', format),
    chunk('LIST', Buffer.from('INFOISFT\x05\x00\x00\x00Lavf\x00\x00', 'latin1')),
    chunk('data', data, 0xffffffff),
  ]);
}

describe('PcmWavReader', () => {
  it('reads the rate from the header and the samples across any chunk boundaries', () => {
    const wav = pipedWav([0.5, -0.25, 1.5, -2]);
    for (const cuts of [[], [3], [30, 61], [97, 98, 99, 101]]) {
      const reader = new PcmWavReader();
      const samples: number[] = [];
      let start = 0;
      for (const end of [...cuts, wav.length]) {
        // Each push answers the reader's one array, overwritten by the next: copied before the next push.
        samples.push(...reader.push(wav.subarray(start, end)));
        start = end;
      }
      expect(reader.sampleRate).toBe(44_100);
      expect(samples).toEqual([0.5, -0.25, 1.5, -2]);
    }
  });

  it('refuses what is not mono 16-bit', () => {
    expect(() => new PcmWavReader().push(pipedWav([0, 0], 2))).toThrow(/mono 16-bit/);
    expect(() => new PcmWavReader().push(pipedWav([0, 0], 1, 32))).toThrow(/mono 16-bit/);
    expect(() => new PcmWavReader().push(Buffer.from('OggS and more bytes'))).toThrow(/WAV header/);
  });
});
