/**
 * Reads the mono 32-bit float WAV that ffmpeg writes to a pipe: the header (whose sizes are unknown on a pipe)
 * tells the sample rate, then the samples stream as Float32Arrays, whatever the chunk boundaries.
 */
export class FloatWavReader {
  sampleRate: number | null = null;
  private header: Buffer | null = Buffer.alloc(0);
  private carry: Buffer | null = null;

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
    let data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const usable = data.length - (data.length % 4);
    this.carry = usable < data.length ? Buffer.from(data.subarray(usable)) : null;
    if (data.byteOffset % 4 !== 0) data = Buffer.from(data.subarray(0, usable));
    return new Float32Array(data.buffer, data.byteOffset, usable / 4);
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
        if (channels !== 1 || bitsPerSample !== 32)
          fail(`expected mono float WAV, got ${channels}×${bitsPerSample} bit`);
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
