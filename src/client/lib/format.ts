const MINUTE = 60;
const HOUR_S = 60 * MINUTE;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/** Spec §9: durations as m:ss (`0:05`, `3:20`, `72:04`). Bad or negative input reads as 0:00. */
export function formatDuration(seconds: number): string {
  const total = wholeSeconds(seconds);
  return `${Math.floor(total / MINUTE)}:${String(total % MINUTE).padStart(2, '0')}`;
}

/** Spec §9: the recorder's mm:ss (`00:05`, `03:20`); an hour or more shows h:mm:ss (`1:02:03`). */
export function formatClock(seconds: number): string {
  const total = wholeSeconds(seconds);
  const hours = Math.floor(total / HOUR_S);
  const mmss = `${String(Math.floor((total % HOUR_S) / MINUTE)).padStart(2, '0')}:${String(total % MINUTE).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** A duration said in words for screen readers: "3 minutes 20 seconds". */
export function formatDurationWords(seconds: number): string {
  const total = wholeSeconds(seconds);
  const minutes = Math.floor(total / MINUTE);
  const rest = total % MINUTE;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${rest === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}

/** A file size: "512 B", "340 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Spec §9: under 1 h "now", under 24 h "Nh ago", then "Nd ago". */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - toDate(value).getTime());
  if (elapsed < HOUR_MS) return 'now';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

const longDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Spec §9: the full post card shows relative time for a week, then the date ("Mar 4, 2026"). */
export function formatPostDate(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (now.getTime() - date.getTime() > 7 * DAY_MS) return longDate.format(date);
  return formatRelativeTime(date, now);
}

/** Spec §9: the compact card's numeric month/day/2-digit year ("3/4/26"). */
export function formatShortDate(value: string | Date): string {
  const date = toDate(value);
  return `${date.getMonth() + 1}/${date.getDate()}/${String(date.getFullYear() % 100).padStart(2, '0')}`;
}

/** A full date and time for a `title`/`dateTime` hint: "March 4, 2026 at 9:15 AM". */
export function formatFullDate(value: string | Date): string {
  return toDate(value).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}
