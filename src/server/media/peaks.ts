/** 10 ms blocks at the 8 kHz analysis rate: fine enough for 100 bars of a one-second clip. */
export const ANALYSIS_SAMPLE_RATE = 8000;
const BLOCK_SAMPLES = 80;
export const WAVEFORM_BARS = 100;
const HIGH_RES_PER_SECOND = 20;
const HIGH_RES_MAX_POINTS = 36_000;

/** Turns a byte stream of signed 16-bit little-endian PCM into sample arrays, whatever the chunk boundaries. */
export class Int16Chunker {
  private carry: Buffer | null = null;

  push(chunk: Buffer): Int16Array {
    let data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const usable = data.length - (data.length % 2);
    this.carry = usable < data.length ? Buffer.from(data.subarray(usable)) : null;
    if (data.byteOffset % 2 !== 0) data = Buffer.from(data.subarray(0, usable));
    return new Int16Array(data.buffer, data.byteOffset, usable / 2);
  }
}

/**
 * Accumulates signed 16-bit mono PCM as it streams: per block the sum of absolute values and the peak. Memory is
 * 8 bytes per 10 ms (about 3 MB for an hour), never the audio itself.
 */
export class PeakAccumulator {
  private sums = new Float64Array(1024);
  private maxima = new Float32Array(1024);
  private blocks = 0;
  private inBlock = 0;
  private blockSum = 0;
  private blockMax = 0;
  samples = 0;

  add(pcm: Int16Array): void {
    let { inBlock, blockSum, blockMax } = this;
    for (let index = 0; index < pcm.length; index += 1) {
      const value = pcm[index]!;
      const magnitude = value < 0 ? -value : value;
      blockSum += magnitude;
      if (magnitude > blockMax) blockMax = magnitude;
      inBlock += 1;
      if (inBlock === BLOCK_SAMPLES) {
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
      const sums = new Float64Array(this.sums.length * 2);
      sums.set(this.sums);
      this.sums = sums;
      const maxima = new Float32Array(this.maxima.length * 2);
      maxima.set(this.maxima);
      this.maxima = maxima;
    }
    this.sums[this.blocks] = sum;
    this.maxima[this.blocks] = max;
    this.blocks += 1;
  }

  finish(): PeakSummary {
    if (this.inBlock > 0) this.closeBlock(this.blockSum, this.blockMax);
    this.inBlock = 0;
    const durationSeconds = this.samples / ANALYSIS_SAMPLE_RATE;
    return {
      durationSeconds,
      waveform: this.waveform(),
      ...this.highResolution(durationSeconds),
      peak: this.maxOfBlocks(0, this.blocks) / 32768,
    };
  }

  private maxOfBlocks(start: number, end: number): number {
    let max = 0;
    for (let index = start; index < Math.min(this.blocks, end); index += 1) {
      if (this.maxima[index]! > max) max = this.maxima[index]!;
    }
    return max;
  }

  /** Spec §9: 100 bars of mean absolute amplitude, normalised to the loudest bar. */
  private waveform(): number[] {
    const blocks = this.blocks;
    if (blocks === 0) return [];
    const lastBlockSamples = this.samples - (blocks - 1) * BLOCK_SAMPLES;
    const bars: number[] = [];
    for (let bar = 0; bar < WAVEFORM_BARS; bar += 1) {
      const first = Math.floor((bar * blocks) / WAVEFORM_BARS);
      const end = Math.max(first + 1, Math.floor(((bar + 1) * blocks) / WAVEFORM_BARS));
      let sum = 0;
      let samples = 0;
      for (let index = first; index < end; index += 1) {
        sum += this.sums[index]!;
        samples += index === blocks - 1 ? lastBlockSamples : BLOCK_SAMPLES;
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
      peaks.push(round(this.maxOfBlocks(start, start + blocksPerPoint) / 32768));
    }
    return { peaks, peaksPerSecond: ANALYSIS_SAMPLE_RATE / (blocksPerPoint * BLOCK_SAMPLES) };
  }
}

export interface PeakSummary {
  durationSeconds: number;
  waveform: number[];
  peaks: number[];
  peaksPerSecond: number;
  /** Loudest sample, 0 to 1 of full scale. */
  peak: number;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
