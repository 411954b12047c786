/** Spec §9: merged and edited audio is 16-bit PCM WAV. */
const BYTES_PER_SAMPLE = 2;
const HEADER_BYTES = 44;

/**
 * Encodes channels of float samples (-1 to 1; all the same length) as a 16-bit PCM WAV file. Samples outside
 * the range are clipped.
 */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): ArrayBuffer {
  const channelCount = channels.length;
  if (channelCount === 0) throw new Error('A WAV file needs at least one channel.');
  const frames = channels[0]!.length;
  if (channels.some((channel) => channel.length !== frames)) {
    throw new Error('Every channel of a WAV file must have the same number of samples.');
  }
  const dataBytes = frames * channelCount * BYTES_PER_SAMPLE;
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const blockAlign = channelCount * BYTES_PER_SAMPLE;

  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, BYTES_PER_SAMPLE * 8, true);
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataBytes, true);

  let offset = HEADER_BYTES;
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channelCount; channel++) {
      const sample = Math.max(-1, Math.min(1, channels[channel]![frame]!));
      view.setInt16(offset, sample < 0 ? Math.round(sample * 0x8000) : Math.round(sample * 0x7fff), true);
      offset += BYTES_PER_SAMPLE;
    }
  }
  return buffer;
}

export function encodeWavBlob(channels: readonly Float32Array[], sampleRate: number): Blob {
  return new Blob([encodeWav(channels, sampleRate)], { type: 'audio/wav' });
}

/** The average of the channels, as one mono channel. */
export function downmixToMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const frames = Math.min(...channels.map((channel) => channel.length));
  const mono = new Float32Array(frames);
  for (const channel of channels) {
    for (let index = 0; index < frames; index++) mono[index]! += channel[index]! / channels.length;
  }
  return mono;
}

/** Joins sample arrays end to end. */
export function concatSamples(parts: readonly Float32Array[]): Float32Array {
  const joined = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let index = 0; index < text.length; index++) view.setUint8(offset + index, text.charCodeAt(index));
}
