/** The stretches of a recording that hold speech, [start, end] in seconds, in order. */
export type SpeechRanges = Array<[number, number]>;

/** Levels are judged every 10 ms: shorter than any pause worth skipping, longer than a cycle of a low voice. */
const FRAME_SECONDS = 0.01;
/**
 * A quiet stretch this long or longer is a pause; shorter ones (a stop consonant, a breath) are kept as speech. The
 * players skip only pauses longer than half a second, so shorter ones would only lengthen every payload: the bench's
 * two minutes of read speech have 29 ranges split at 0.3 s but 8 at 0.5 s (a 4-hour pod: about 48 KB against 13 KB).
 */
const SHORTEST_PAUSE_SECONDS = 0.5;
/** A burst this short inside a pause (a click, a tap on the phone) does not break it. */
const LONGEST_CLICK_SECONDS = 0.05;
/** The room's level is where the quietest tenth of the recording sits; the voice, where its loudest twentieth does. */
const ROOM_PERCENTILE = 0.1;
const VOICE_PERCENTILE = 0.95;
/**
 * Quiet means below this share of the way from the room's level up to the voice's, in dB: low enough that the soft
 * ends of words stay speech, high enough above a noisy room. Its accuracy is measured in bench/silence.ts.
 */
const THRESHOLD_SHARE = 0.3;
/** Below this spread between room and voice, nothing can be told apart: the whole recording is speech. */
const LEAST_SPREAD_DB = 10;
const FLOOR_DB = -120;

/**
 * Finds the pauses in mono PCM as it streams through the analysis: a level every 10 ms, then a threshold set from
 * this recording's own room noise and voice, so a noisy room and a quiet one are both read right.
 */
export class SpeechRangeMeter {
  private readonly frameLength: number;
  private levels = new Float32Array(1024);
  private frames = 0;
  private sum = 0;
  private filled = 0;

  constructor(private readonly sampleRate: number) {
    this.frameLength = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  }

  add(samples: Float32Array): void {
    // Locals rather than fields in the loop: it runs for every sample of every upload.
    let { sum, filled } = this;
    for (let index = 0; index < samples.length; index += 1) {
      const sample = samples[index]!;
      sum += sample * sample;
      filled += 1;
      if (filled === this.frameLength) {
        this.closeFrame(sum / filled);
        sum = 0;
        filled = 0;
      }
    }
    this.sum = sum;
    this.filled = filled;
  }

  private closeFrame(meanSquare: number): void {
    if (this.frames === this.levels.length) {
      const grown = new Float32Array(this.levels.length * 2);
      grown.set(this.levels);
      this.levels = grown;
    }
    this.levels[this.frames++] = meanSquare > 0 ? Math.max(FLOOR_DB, 10 * Math.log10(meanSquare)) : FLOOR_DB;
  }

  finish(durationSeconds: number): SpeechRanges {
    if (this.filled > 0) this.closeFrame(this.sum / this.filled);
    const levels = this.levels.subarray(0, this.frames);
    if (levels.length === 0) return [];
    const sorted = levels.slice().sort();
    const room = sorted[Math.floor((sorted.length - 1) * ROOM_PERCENTILE)]!;
    const voice = sorted[Math.floor((sorted.length - 1) * VOICE_PERCENTILE)]!;
    if (voice - room < LEAST_SPREAD_DB) return [[0, roundTime(durationSeconds)]];
    const threshold = room + (voice - room) * THRESHOLD_SHARE;
    return rangesOf(
      levels.map((level) => (level > threshold ? 1 : 0)),
      this.frameLength / this.sampleRate,
      durationSeconds,
    );
  }
}

const roundTime = (seconds: number) => Math.round(seconds * 100) / 100;

/** Speech is every loud frame, less clicks inside pauses, with pauses shorter than the shortest kept as speech. */
function rangesOf(loud: Float32Array, frameSeconds: number, durationSeconds: number): SpeechRanges {
  const runs: Array<{ loud: boolean; from: number; to: number }> = [];
  for (let frame = 0; frame < loud.length; frame += 1) {
    const isLoud = loud[frame] === 1;
    const last = runs.at(-1);
    if (last?.loud === isLoud) last.to = frame + 1;
    else runs.push({ loud: isLoud, from: frame, to: frame + 1 });
  }
  const clickFrames = LONGEST_CLICK_SECONDS / frameSeconds;
  const pauseFrames = SHORTEST_PAUSE_SECONDS / frameSeconds;
  const isClick = (index: number) => {
    const run = runs[index]!;
    const before = runs[index - 1];
    const after = runs[index + 1];
    return run.to - run.from <= clickFrames && !!before && !!after && before.to - before.from >= pauseFrames;
  };
  const speech: SpeechRanges = [];
  runs.forEach((run, index) => {
    if (!run.loud || isClick(index)) return;
    const start = run.from * frameSeconds;
    const end = Math.min(durationSeconds, run.to * frameSeconds);
    const last = speech.at(-1);
    if (last && start - last[1] < SHORTEST_PAUSE_SECONDS) last[1] = end;
    else speech.push([start, end]);
  });
  return speech.map(([start, end]) => [roundTime(start), roundTime(end)]);
}
