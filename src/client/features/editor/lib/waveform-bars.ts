import type { EditSegment } from '@shared/domain/edit-list';

/** Spec §9 Editor waveform: 300 bars on an 800x96 canvas. */
export const EDITOR_BARS = 300;
export const EDITOR_WAVEFORM_WIDTH = 800;
export const EDITOR_WAVEFORM_HEIGHT = 96;

export interface SourcePeaks {
  peaksPerSecond: number;
  peaks: readonly number[];
}

/**
 * The bars (0 to 1) of the window [viewStart, viewStart + viewSpan) of the edited timeline, each the loudest
 * peak of the sources' stretches under it, scaled so the loudest peak of all sources is a full bar. A bar only
 * over sources without peaks (failed, or still loading) is null: the caller draws a placeholder there alone.
 */
export function editorBars(
  segments: readonly EditSegment[],
  peaks: ReadonlyMap<string, SourcePeaks>,
  viewStart: number,
  viewSpan: number,
  count = EDITOR_BARS,
): (number | null)[] {
  let loudest = 0;
  for (const source of peaks.values()) for (const peak of source.peaks) loudest = Math.max(loudest, peak);
  if (viewSpan <= 0) return new Array<number>(count).fill(0);
  const bars = new Array<number | null>(count).fill(null);
  const barMs = viewSpan / count;
  let segmentStart = 0;
  for (const segment of segments) {
    const segmentEnd = segmentStart + (segment.to - segment.from);
    const overlapStart = Math.max(segmentStart, viewStart);
    const overlapEnd = Math.min(segmentEnd, viewStart + viewSpan);
    if (overlapStart < overlapEnd) {
      const source = peaks.get(segment.source);
      const firstBar = Math.floor((overlapStart - viewStart) / barMs);
      const lastBar = Math.min(count - 1, Math.ceil((overlapEnd - viewStart) / barMs) - 1);
      for (let bar = firstBar; source && bar <= lastBar; bar += 1) {
        const from = Math.max(overlapStart, viewStart + bar * barMs);
        const to = Math.min(overlapEnd, viewStart + (bar + 1) * barMs);
        const level = loudestIn(source, segment.from + from - segmentStart, segment.from + to - segmentStart);
        bars[bar] = Math.max(bars[bar] ?? 0, loudest > 0 ? level / loudest : 0);
      }
    }
    segmentStart = segmentEnd;
  }
  return bars;
}

/** The loudest peak of a source between two of its own positions (ms). */
function loudestIn(source: SourcePeaks, fromMs: number, toMs: number): number {
  const first = Math.floor((fromMs / 1000) * source.peaksPerSecond);
  const last = Math.max(first + 1, Math.ceil((toMs / 1000) * source.peaksPerSecond));
  let level = 0;
  for (let index = Math.max(0, first); index < Math.min(last, source.peaks.length); index += 1) {
    level = Math.max(level, source.peaks[index]!);
  }
  return level;
}
