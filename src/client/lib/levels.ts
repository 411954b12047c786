/**
 * Averages levels sampled while recording into `count` bars, normalised to the loudest; no bar is lower than
 * `floor`, so silence stays visible.
 */
export function levelsToBars(levels: readonly number[], count: number, floor = 0.08): number[] {
  if (levels.length === 0) return Array.from({ length: count }, () => floor);
  const bars = Array.from({ length: count }, (_, index) => {
    const from = Math.floor((index * levels.length) / count);
    const to = Math.max(from + 1, Math.floor(((index + 1) * levels.length) / count));
    let sum = 0;
    for (let at = from; at < to; at++) sum += levels[Math.min(at, levels.length - 1)] ?? 0;
    return sum / (to - from);
  });
  const loudest = Math.max(...bars, 0.0001);
  return bars.map((value) => Math.max(floor, value / loudest));
}
