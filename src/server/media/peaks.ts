/** 5 ms blocks: fine enough for 100 bars of a one-second clip, and the limiter's resolution. */
const BLOCK_SECONDS = 0.005;
export const WAVEFORM_BARS = 100;
const HIGH_RES_PER_SECOND = 20;
const HIGH_RES_MAX_POINTS = 36_000;

/**
 * A block's peak as one byte: quarter-decibel steps down from +12 dBFS, rounded up so it never reads lower than
 * the audio (the limiter relies on that). Anything under -51.75 dBFS is one level: no gain makes it need limiting.
 */
const LEVEL_TOP_DB = 12;
const LEVEL_STEPS_PER_DB = 4;
const QUIETEST_LEVEL = 255;

export function levelOfPeak(peak: number): number {
  if (peak <= 0) return QUIETEST_LEVEL;
  const steps = Math.floor((LEVEL_TOP_DB - 20 * Math.log10(peak)) * LEVEL_STEPS_PER_DB);
  return Math.min(QUIETEST_LEVEL, Math.max(0, steps));
}

export function peakOfLevel(level: number): number {
  return 10 ** ((LEVEL_TOP_DB - level / LEVEL_STEPS_PER_DB) / 20);
}

/** The peak of every block of the audio, for a limiter that runs later over the same samples. */
export interface PeakLevels {
  sampleRate: number;
  blockFrames: number;
  frames: number;
  levels: Uint8Array;
}

/**
 * Accumulates mono float PCM as it streams: per 5 ms block the sum of absolute values and the peak level. Memory
 * is 5 bytes a block (about 3.6 MB for an hour), never the audio itself.
 */
export class PeakAccumulator {
  private readonly blockFrames: number;
  private sums = new Float32Array(1024);
  private levels = new Uint8Array(1024);
  private blocks = 0;
  private inBlock = 0;
  private blockSum = 0;
  private blockMax = 0;
  private loudest = 0;
  samples = 0;

  constructor(private readonly sampleRate: number) {
    this.blockFrames = Math.max(1, Math.round(sampleRate * BLOCK_SECONDS));
  }

  add(pcm: Float32Array): void {
    const blockFrames = this.blockFrames;
    let { inBlock, blockSum, blockMax } = this;
    for (let index = 0; index < pcm.length; index += 1) {
      const magnitude = Math.abs(pcm[index]!);
      blockSum += magnitude;
      if (magnitude > blockMax) blockMax = magnitude;
      inBlock += 1;
      if (inBlock === blockFrames) {
        this.closeBlock(blockSum, blockMax);
        inBlock = 0;
        blockSum = 0;
        blockMax = 0;
      }
    }
    this.inBlock = inBlock;
    this.blockSum = blockSum;
    this.blockMax = blockMax;
    this.samples += pcm.length;
  }

  private closeBlock(sum: number, max: number): void {
    if (this.blocks === this.sums.length) {
      const sums = new Float32Array(this.sums.length * 2);
      sums.set(this.sums);
      this.sums = sums;
      const levels = new Uint8Array(this.levels.length * 2);
      levels.set(this.levels);
      this.levels = levels;
    }
    this.sums[this.blocks] = sum;
    this.levels[this.blocks] = levelOfPeak(max);
    if (max > this.loudest) this.loudest = max;
    this.blocks += 1;
  }

  finish(): PeakSummary {
    if (this.inBlock > 0) this.closeBlock(this.blockSum, this.blockMax);
    this.inBlock = 0;
    const durationSeconds = this.samples / this.sampleRate;
    return {
      durationSeconds,
      waveform: this.waveform(),
      ...this.highResolution(durationSeconds),
      peak: this.loudest,
      levels: {
        sampleRate: this.sampleRate,
        blockFrames: this.blockFrames,
        frames: this.samples,
        levels: this.levels.slice(0, this.blocks),
      },
    };
  }

  private maxOfBlocks(start: number, end: number): number {
    let loudestLevel = QUIETEST_LEVEL;
    for (let index = start; index < Math.min(this.blocks, end); index += 1) {
      if (this.levels[index]! < loudestLevel) loudestLevel = this.levels[index]!;
    }
    return loudestLevel === QUIETEST_LEVEL ? 0 : peakOfLevel(loudestLevel);
  }

  /** Spec §9: 100 bars of mean absolute amplitude, normalised to the loudest bar. */
  private waveform(): number[] {
    const blocks = this.blocks;
    if (blocks === 0) return [];
    const lastBlockSamples = this.samples - (blocks - 1) * this.blockFrames;
    const bars: number[] = [];
    for (let bar = 0; bar < WAVEFORM_BARS; bar += 1) {
      const first = Math.floor((bar * blocks) / WAVEFORM_BARS);
      const end = Math.max(first + 1, Math.floor(((bar + 1) * blocks) / WAVEFORM_BARS));
      let sum = 0;
      let samples = 0;
      for (let index = first; index < end; index += 1) {
        sum += this.sums[index]!;
        samples += index === blocks - 1 ? lastBlockSamples : this.blockFrames;
      }
      bars.push(samples ? sum / samples : 0);
    }
    const loudest = Math.max(...bars);
    return bars.map((value) => (loudest > 0 ? round(value / loudest) : 0));
  }

  /** Peak amplitude (0 to 1 of full scale) at up to 20 points a second, for the editor and long pods. */
  private highResolution(durationSeconds: number): { peaks: number[]; peaksPerSecond: number } {
    if (this.blocks === 0) return { peaks: [], peaksPerSecond: HIGH_RES_PER_SECOND };
    const wanted = Math.min(HIGH_RES_MAX_POINTS, Math.ceil(durationSeconds * HIGH_RES_PER_SECOND));
    const blocksPerPoint = Math.max(1, Math.ceil(this.blocks / wanted));
    const peaks: number[] = [];
    for (let start = 0; start < this.blocks; start += blocksPerPoint) {
      peaks.push(round(Math.min(1, this.maxOfBlocks(start, start + blocksPerPoint))));
    }
    return { peaks, peaksPerSecond: this.sampleRate / (blocksPerPoint * this.blockFrames) };
  }
}

export interface PeakSummary {
  durationSeconds: number;
  waveform: number[];
  peaks: number[];
  peaksPerSecond: number;
  /** Loudest sample, 1 being full scale (float audio can go over). */
  peak: number;
  levels: PeakLevels;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
