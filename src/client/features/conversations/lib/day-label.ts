const DAY_MS = 24 * 60 * 60 * 1000;

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const shortDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDateWithYearFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from `date` to `now`, in local time (0 today, 1 yesterday). */
function daysAgo(date: Date, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
}

/** Spec §2 Conversation view: a message's day, "Today", "Yesterday" or its date ("March 4, 2026"). */
export function dayLabel(timestamp: string, now: Date = new Date()): string {
  const date = new Date(timestamp);
  const days = daysAgo(date, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dateFormat.format(date);
}

/** A message's time of day: "9:15 AM". */
export function timeOfDay(timestamp: string): string {
  return timeFormat.format(new Date(timestamp));
}

/** A card's last activity: the time today, "Yesterday", then the date ("Mar 4", with the year when not this one). */
export function activityLabel(timestamp: string, now: Date = new Date()): string {
  const date = new Date(timestamp);
  const days = daysAgo(date, now);
  if (days === 0) return timeOfDay(timestamp);
  if (days === 1) return 'Yesterday';
  return (date.getFullYear() === now.getFullYear() ? shortDateFormat : shortDateWithYearFormat).format(date);
}

export interface DayGroup<T> {
  label: string;
  items: T[];
}

/** Messages (oldest first) under their day's label, in order. */
export function groupByDay<T extends { timestamp: string }>(
  items: readonly T[],
  now: Date = new Date(),
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const label = dayLabel(item.timestamp, now);
    const last = groups[groups.length - 1];
    if (last?.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}
