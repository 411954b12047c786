/** Statistics and the printed table: every row is "ours against its floor" or "ours against a fixed limit". */

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile (p in 0..100) of values that are already sorted ascending. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export type Goal =
  /** ours / floor must be at most this (times, CPU). */
  | { kind: 'ratio-at-most'; value: number }
  /** ours / floor must be at least this (throughput). */
  | { kind: 'ratio-at-least'; value: number }
  /** ours alone must stay below this, in the row's unit. */
  | { kind: 'below'; value: number }
  /** ours alone must reach at least this, in the row's unit (throughput). */
  | { kind: 'at-least'; value: number };

export interface Row {
  section: string;
  measure: string;
  ours: number;
  floor?: number;
  /**
   * The median of per-round ratios, each round's ours over the floor run right after it: drift in the machine's
   * load cancels within a pair. Without it, the ratio of the medians.
   */
  ratio?: number;
  unit: string;
  goal?: Goal;
  /** A row can be disqualified whatever its numbers (for example failed requests). */
  invalid?: string;
}

export function ratioOf(row: Row): number | undefined {
  if (row.ratio !== undefined) return row.ratio;
  return row.floor === undefined ? undefined : row.ours / row.floor;
}

/** Median of ours[i] / floor[i] over rounds. */
export function pairedRatio(ours: number[], floor: number[]): number {
  return median(ours.map((value, index) => value / floor[index]!));
}

export function isMet(row: Row): boolean | undefined {
  if (row.invalid) return false;
  if (!row.goal) return undefined;
  const ratio = ratioOf(row);
  switch (row.goal.kind) {
    case 'ratio-at-most':
      return ratio !== undefined && ratio <= row.goal.value;
    case 'ratio-at-least':
      return ratio !== undefined && ratio >= row.goal.value;
    case 'below':
      return row.ours < row.goal.value;
    case 'at-least':
      return row.ours >= row.goal.value;
  }
}

function formatValue(value: number | undefined, unit: string): string {
  if (value === undefined) return '';
  if (!Number.isFinite(value)) return 'n/a';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function formatGoal(goal: Goal | undefined, unit: string): string {
  if (!goal) return 'info';
  switch (goal.kind) {
    case 'ratio-at-most':
      return `≤ ${goal.value.toFixed(2)}×`;
    case 'ratio-at-least':
      return `≥ ${goal.value.toFixed(2)}×`;
    case 'below':
      return `< ${goal.value} ${unit}`;
    case 'at-least':
      return `≥ ${goal.value} ${unit}`;
  }
}

export function renderTable(rows: Row[]): string {
  const header = ['Section', 'Measure', 'Ours', 'Floor', 'Ratio', 'Goal', 'Met'];
  const lines = rows.map((row) => {
    // An absolute goal is judged on ours alone; the floor is there for context, a ratio would mislead.
    const absolute = row.goal?.kind === 'below' || row.goal?.kind === 'at-least';
    const ratio = absolute ? undefined : ratioOf(row);
    const met = isMet(row);
    return [
      row.section,
      row.measure,
      formatValue(row.ours, row.unit),
      formatValue(row.floor, row.unit),
      ratio === undefined ? '' : `${ratio.toFixed(2)}×`,
      formatGoal(row.goal, row.unit),
      row.invalid ? `NO (${row.invalid})` : met === undefined ? '' : met ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const numeric = new Set([2, 3, 4]);
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

/** A plain Markdown table: the first `textColumns` columns left-aligned, the rest (figures) right-aligned. */
export function renderGrid(header: string[], lines: string[][], textColumns: number): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < textColumns ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}
