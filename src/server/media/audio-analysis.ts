import type { Readable } from 'node:stream';
import type { Ffmpeg } from './ffmpeg';

const ANALYSIS_SAMPLE_RATE = 8000;

export interface AudioAnalysis {
  /** Measured from the decoded samples, never from headers (MediaRecorder WebM has none). */
  durationSeconds: number;
  /** Loudest sample, dBFS (0 is full scale; digital silence is -Infinity, reported as null). */
  peakDb: number | null;
  rmsDb: number | null;
}

function toDb(linear: number): number | null {
  return linear > 0 ? Math.round(20 * Math.log10(linear) * 10) / 10 : null;
}

function measurePcm(pcm: Readable): Promise<{ samples: number; peak: number; sumSquares: number }> {
  return new Promise((resolve, reject) => {
    let samples = 0;
    let peak = 0;
    let sumSquares = 0;
    let carry: Buffer | null = null;
    pcm.on('data', (chunk: Buffer) => {
      const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      for (let offset = 0; offset < whole; offset += 2) {
        const value = data.readInt16LE(offset) / 32768;
        const magnitude = Math.abs(value);
        if (magnitude > peak) peak = magnitude;
        sumSquares += value * value;
      }
      samples += whole / 2;
      carry = whole < data.length ? data.subarray(whole) : null;
    });
    pcm.on('end', () => resolve({ samples, peak, sumSquares }));
    pcm.on('error', reject);
  });
}

/** Decodes the whole file once and measures its real length and level. */
export async function analyseAudio(ffmpeg: Ffmpeg, file: string): Promise<AudioAnalysis> {
  const probed = await ffmpeg.probeAudio(file);
  let measured: Promise<{ samples: number; peak: number; sumSquares: number }> | undefined;
  await ffmpeg.decodeMonoPcm(file, probed, ANALYSIS_SAMPLE_RATE, (pcm) => {
    measured = measurePcm(pcm);
  });
  const { samples, peak, sumSquares } = await measured!;
  return {
    durationSeconds: samples / ANALYSIS_SAMPLE_RATE,
    peakDb: toDb(peak),
    rmsDb: samples > 0 ? toDb(Math.sqrt(sumSquares / samples)) : null,
  };
}
