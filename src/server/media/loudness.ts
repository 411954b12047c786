/**
 * EBU R128 / ITU-R BS.1770 integrated loudness, measured on the same mono PCM the peaks come from, so the one
 * decode pass needs no second meter in ffmpeg (its ebur128 filter costs 40 % of a decode).
 */

/** BS.1770 gates 400 ms blocks that start every 100 ms. */
const BLOCK_SECONDS = 0.4;
const BLOCK_HOP_SECONDS = 0.1;
/**
 * The meter keeps the K-weighted mean square of every 5 ms step: the blocks are made of them, and the rendition's
 * limiter, which works at that resolution too, can tell how much loudness it takes off.
 */
const LOUDNESS_STEP_SECONDS = 0.005;
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The K-weighting filters for any sample rate (the BS.1770 pre-filter and RLB high-pass, as libebur128 derives them). */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const gain = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gain / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  return [shelf, highPass];
}

const toLufs = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

export class LoudnessMeter {
  private readonly shelf: Biquad;
  private readonly highPass: Biquad;
  private readonly stepSamples: number;
  private s1 = [0, 0];
  private s2 = [0, 0];
  private stepSum = 0;
  private inStep = 0;
  private stepMeans = new Float32Array(4096);
  private steps = 0;

  constructor(sampleRate: number) {
    [this.shelf, this.highPass] = kWeighting(sampleRate);
    this.stepSamples = Math.round(sampleRate * LOUDNESS_STEP_SECONDS);
  }

  add(samples: Float32Array): void {
    const { shelf, highPass, stepSamples } = this;
    let [x1, x2] = this.s1 as [number, number];
    let [y1, y2] = this.s2 as [number, number];
    let { stepSum, inStep } = this;
    for (let index = 0; index < samples.length; index += 1) {
      const input = samples[index]!;
      // Direct form II transposed, two sections in cascade.
      const shelved = shelf.b0 * input + x1;
      x1 = shelf.b1 * input - shelf.a1 * shelved + x2;
      x2 = shelf.b2 * input - shelf.a2 * shelved;
      const weighted = highPass.b0 * shelved + y1;
      y1 = highPass.b1 * shelved - highPass.a1 * weighted + y2;
      y2 = highPass.b2 * shelved - highPass.a2 * weighted;
      stepSum += weighted * weighted;
      inStep += 1;
      if (inStep === stepSamples) {
        this.closeStep(stepSum / stepSamples);
        stepSum = 0;
        inStep = 0;
      }
    }
    this.s1 = [x1, x2];
    this.s2 = [y1, y2];
    this.stepSum = stepSum;
    this.inStep = inStep;
  }

  private closeStep(meanSquare: number): void {
    if (this.steps === this.stepMeans.length) {
      const grown = new Float32Array(this.steps * 2);
      grown.set(this.stepMeans);
      this.stepMeans = grown;
    }
    this.stepMeans[this.steps] = meanSquare;
    this.steps += 1;
  }

  /** The K-weighted mean square of every whole 5 ms step so far. */
  stepMeanSquares(): Float32Array {
    return this.stepMeans.slice(0, this.steps);
  }

  /** Integrated loudness in LUFS to a tenth, or null for silence (or under one 400 ms block). */
  integrated(): number | null {
    const loudness = integratedLoudness(this.stepMeanSquares());
    return loudness === null ? null : Math.round(loudness * 10) / 10;
  }
}

/** BS.1770 gating over 400 ms blocks, one every 100 ms, made of 5 ms steps' mean squares. */
export function integratedLoudness(steps: ArrayLike<number>): number | null {
  const perBlock = Math.round(BLOCK_SECONDS / LOUDNESS_STEP_SECONDS);
  const hop = Math.round(BLOCK_HOP_SECONDS / LOUDNESS_STEP_SECONDS);
  const blocks: number[] = [];
  for (let start = 0; start + perBlock <= steps.length; start += hop) {
    let sum = 0;
    for (let index = start; index < start + perBlock; index += 1) sum += steps[index]!;
    blocks.push(sum / perBlock);
  }
  const audible = blocks.filter((block) => block > 0 && toLufs(block) > ABSOLUTE_GATE_LUFS);
  if (audible.length === 0) return null;
  const relativeGate = toLufs(mean(audible)) + RELATIVE_GATE_LU;
  const gated = audible.filter((block) => toLufs(block) > relativeGate);
  return toLufs(mean(gated));
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
