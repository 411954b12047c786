import { integratedLoudness } from './loudness';
import type { PeakLevels } from './peaks';
import { GAIN_TRACK_RATE, limiterGains, type SpeechMeasurements } from './speech-limiter';

/** Speech target (as podcast platforms use): -16 LUFS integrated, true peak at most -1 dBTP. */
export const SPEECH_TARGET_LUFS = -16;
/** Sample-peak ceiling before AAC: the encoder's overshoot stays under the -1 dBTP true-peak ceiling. */
export const SPEECH_LIMIT_DB = -2;
const MAX_BOOST_DB = 24;
/** Audio whose peaks crowd its loudness would be crushed by more; it stays a little under the target instead. */
const MAX_LIMITER_MAKEUP_DB = 3;
const MAX_CUT_DB = -24;

/** The gain that brings the measured loudness to the target, before any limiting; silence is left alone. */
export function speechGainDb(loudnessLufs: number | null): number {
  if (loudnessLufs === null) return 0;
  return Math.min(MAX_BOOST_DB, Math.max(MAX_CUT_DB, SPEECH_TARGET_LUFS - loudnessLufs));
}

/**
 * The gain that brings the rendition, limiter included, to the target: limiting takes loudness off the loudest
 * moments (1 to 2 LU on lively speech), so the loudness the limited gain would give is predicted from the 5 ms
 * steps and the gain raised until it gets there, by at most 3 dB.
 */
export function limitedSpeechGainDb({ peaks, loudnessSteps }: SpeechMeasurements, ceilingDb: number): number {
  const measured = integratedLoudness(loudnessSteps);
  const plainDb = speechGainDb(measured);
  if (measured === null) return plainDb;
  const mostDb = Math.min(MAX_BOOST_DB, plainDb + MAX_LIMITER_MAKEUP_DB);
  let gainDb = plainDb;
  let previous: { gainDb: number; loudness: number } | undefined;
  for (let round = 0; round < 8; round += 1) {
    const predicted = integratedLoudness(
      limitedSteps(loudnessSteps, limiterGains(peaks, gainDb, ceilingDb), peaks),
    );
    if (predicted === null) break;
    const loudness = gainDb + predicted;
    const shortfall = SPEECH_TARGET_LUFS - loudness;
    if (Math.abs(shortfall) < 0.05) break;
    // More gain means more limiting, so loudness grows slower than the gain: step by the slope seen so far.
    const slope = previous ? (loudness - previous.loudness) / (gainDb - previous.gainDb) : 1;
    previous = { gainDb, loudness };
    const next = Math.min(mostDb, gainDb + shortfall / Math.min(1, Math.max(0.1, slope)));
    if (next === gainDb) break;
    gainDb = next;
  }
  return gainDb;
}

/**
 * Each 5 ms step's mean square with the limiter's gain applied (the mean of the squared gain over the step). The
 * meter's steps and the peaks' blocks are the same length of audio.
 */
function limitedSteps(steps: Float32Array, gains: Float32Array, peaks: PeakLevels): Float32Array {
  const pointsPerStep = (peaks.blockFrames / peaks.sampleRate) * GAIN_TRACK_RATE;
  const limited = new Float32Array(steps.length);
  let first = 0;
  for (let index = 0; index < steps.length; index += 1) {
    const end = Math.max(first + 1, Math.floor((index + 1) * pointsPerStep));
    let sum = 0;
    for (let point = first; point < end; point += 1) sum += gains[point]! * gains[point]!;
    limited[index] = (steps[index]! * sum) / (end - first);
    first = end;
  }
  return limited;
}
