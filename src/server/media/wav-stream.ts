/**
 * The level ffmpeg writes the measured PCM at (`volume=` in its filter graph): half, 6 dB of headroom in 16 bits, so a
 * decoder's overshoot past full scale is kept. The reader puts the level back.
 */
export const MEASURED_PCM_LEVEL = 0.5;
const FULL_SCALE = 32_768 * MEASURED_PCM_LEVEL;

/**
 * Reads the mono 16-bit WAV that ffmpeg writes to a pipe: the header (whose sizes are unknown on a pipe) tells the
 * sample rate, then the samples stream as floats in [-2, 2), whatever the chunk boundaries. Each push answers the
 * same array, overwritten by the next push: half the bytes of float PCM come through the pipe, and every read of it
 * is a fresh buffer that V8 collects late (a 9-minute upload's float PCM piled up 69 MiB of them).
 */
export class PcmWavReader {
  sampleRate: number | null = null;
  private header: Buffer | null = Buffer.alloc(0);
  private carry: Buffer | null = null;
  private samples = new Float32Array(0);

  push(chunk: Buffer): Float32Array {
    if (this.header) {
      const buffered = Buffer.concat([this.header, chunk]);
      const dataStart = this.readHeader(buffered);
      if (dataStart === null) {
        this.header = buffered;
        return new Float32Array(0);
      }
      this.header = null;
      chunk = buffered.subarray(dataStart);
    }
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const count = data.length >> 1;
    this.carry = count * 2 < data.length ? Buffer.from(data.subarray(count * 2)) : null;
    if (this.samples.length < count) this.samples = new Float32Array(count);
    // A typed view (little-endian, as the WAV is and as the machines we run on are) reads the samples far faster
    // than `readInt16LE`; it needs an even offset, which a pipe's reads have and a slice after the header may not.
    const aligned = data.byteOffset % 2 === 0 ? data : Buffer.from(data);
    const pcm = new Int16Array(aligned.buffer, aligned.byteOffset, count);
    for (let index = 0; index < count; index += 1) this.samples[index] = pcm[index]! / FULL_SCALE;
    return this.samples.subarray(0, count);
  }

  /** Where the samples start, or null while the header is still incomplete. */
  private readHeader(buffer: Buffer): number | null {
    if (buffer.length < 12) return null;
    if (buffer.toString('latin1', 0, 4) !== 'RIFF' || buffer.toString('latin1', 8, 12) !== 'WAVE') {
      throw new Error('ffmpeg did not write a WAV header');
    }
    let offset = 12;
    while (offset + 8 <= buffer.length) {
      const id = buffer.toString('latin1', offset, offset + 4);
      const size = buffer.readUInt32LE(offset + 4);
      if (id === 'data') return this.sampleRate === null ? fail('WAV data before its format') : offset + 8;
      if (offset + 8 + size > buffer.length) return null;
      if (id === 'fmt ') {
        const channels = buffer.readUInt16LE(offset + 10);
        const bitsPerSample = buffer.readUInt16LE(offset + 22);
        if (channels !== 1 || bitsPerSample !== 16)
          fail(`expected mono 16-bit WAV, got ${channels}×${bitsPerSample} bit`);
        this.sampleRate = buffer.readUInt32LE(offset + 12);
      }
      offset += 8 + size + (size % 2);
    }
    return null;
  }
}

function fail(message: string): never {
  throw new Error(message);
}
