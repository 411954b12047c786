const MINUTE = 60;
const HOUR = 60 * MINUTE;

interface DurationText {
  /** Spec §2 "h m s": `1h 2m 3s`, leading zero units left out (`3m 20s`, `45s`, `0s`). */
  short: string;
  /** The same said in words, for screen readers: "1 hour 2 minutes 3 seconds". */
  words: string;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** A stats duration in seconds, rounded to the second. */
export function formatStatsDuration(seconds: number): DurationText {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const parts = [
    { value: Math.floor(total / HOUR), letter: 'h', unit: 'hour' },
    { value: Math.floor((total % HOUR) / MINUTE), letter: 'm', unit: 'minute' },
    { value: total % MINUTE, letter: 's', unit: 'second' },
  ];
  const first = parts.findIndex((part) => part.value > 0);
  const shown = parts.slice(first === -1 ? parts.length - 1 : first);
  return {
    short: shown.map((part) => `${part.value}${part.letter}`).join(' '),
    words: shown
      .filter((part) => part.value > 0 || shown.length === 1)
      .map((part) => plural(part.value, part.unit))
      .join(' '),
  };
}

/** Counts as people read them: `1,234`. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A chart day (`YYYY-MM-DD`, UTC) as `Nov 24`. */
export function formatChartDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
