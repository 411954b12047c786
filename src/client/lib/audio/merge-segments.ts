import { MAX_AUDIO_BYTES } from '@shared/domain/posts';
import { concatSamples, downmixToMono, encodeWavBlob } from './wav-encoder';

const MAX_SAMPLE_RATE = 48_000;
/** Speech stays clear at 16 kHz; long takes drop towards it so the WAV still fits the upload limit. */
const MIN_SAMPLE_RATE = 16_000;
const HEADROOM = 0.95;

export interface MergedAudio {
  blob: Blob;
  /** False when there was one segment, or when decoding failed and the raw blobs were joined instead. */
  merged: boolean;
}

/**
 * The sample rate for a mono 16-bit WAV of `seconds` that stays under the upload limit: 48 kHz when it fits,
 * lower for long recordings, never below 16 kHz.
 */
export function mergeSampleRate(seconds: number, maxBytes = MAX_AUDIO_BYTES): number {
  if (!(seconds > 0)) return MAX_SAMPLE_RATE;
  const fitting = Math.floor((maxBytes * HEADROOM) / (2 * seconds) / 1000) * 1000;
  return Math.min(MAX_SAMPLE_RATE, Math.max(MIN_SAMPLE_RATE, fitting));
}

/**
 * Spec §4 Segments: several takes become one 16-bit PCM WAV (decoded in the browser, joined, mono). If the browser
 * cannot decode them, the raw blobs are concatenated instead. One segment is returned as it is.
 */
export async function mergeSegments(blobs: readonly Blob[], totalSeconds: number): Promise<MergedAudio> {
  if (blobs.length === 0) throw new Error('There is nothing to merge.');
  if (blobs.length === 1) return { blob: blobs[0]!, merged: false };
  try {
    const sampleRate = mergeSampleRate(totalSeconds);
    // An offline context needs no audio device or user gesture, and decodes straight to the rate we want.
    const context = new OfflineAudioContext(1, 1, sampleRate);
    const parts: Float32Array[] = [];
    for (const blob of blobs) {
      const decoded = await context.decodeAudioData(await blob.arrayBuffer());
      const channels = Array.from({ length: decoded.numberOfChannels }, (_, index) =>
        decoded.getChannelData(index),
      );
      parts.push(downmixToMono(channels));
    }
    return { blob: encodeWavBlob([concatSamples(parts)], sampleRate), merged: true };
  } catch (error) {
    console.warn('Could not merge the recorded segments; joining them as they are.', error);
    return { blob: new Blob([...blobs], { type: blobs[0]!.type || 'audio/webm' }), merged: false };
  }
}
