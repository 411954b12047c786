import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDuration,
  formatDurationWords,
  formatPostDate,
  formatRelativeTime,
  formatShortDate,
} from './format';

describe('durations (spec §9)', () => {
  it('shows m:ss with two-digit seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5.9)).toBe('0:05');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(200)).toBe('3:20');
    expect(formatDuration(4324)).toBe('72:04');
  });

  it('reads bad input as zero', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('shows mm:ss for the recorder', () => {
    expect(formatClock(5)).toBe('00:05');
    expect(formatClock(200)).toBe('03:20');
    expect(formatClock(65.9)).toBe('01:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('00:00');
  });

  it('says durations in words', () => {
    expect(formatDurationWords(65)).toBe('1 minute 5 seconds');
    expect(formatDurationWords(120)).toBe('2 minutes');
    expect(formatDurationWords(0)).toBe('0 seconds');
  });
});

describe('relative time (spec §9)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const hour = 3600_000;

  it('is "now" under an hour, then hours, then days', () => {
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('now');
    expect(formatRelativeTime(ago(hour), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23.9 * hour), now)).toBe('23h ago');
    expect(formatRelativeTime(ago(24 * hour), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(9 * 24 * hour), now)).toBe('9d ago');
  });

  it('treats a clock slightly ahead as now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5000), now)).toBe('now');
  });

  it('switches the post card to a date after 7 days', () => {
    expect(formatPostDate(ago(6 * 24 * hour), now)).toBe('6d ago');
    expect(formatPostDate(ago(8 * 24 * hour), now)).toMatch(/^Mar \d, 2026$/);
  });

  it('writes compact dates as M/D/YY', () => {
    expect(formatShortDate(new Date(2026, 2, 4, 12))).toBe('3/4/26');
    expect(formatShortDate(new Date(2009, 11, 25, 12))).toBe('12/25/09');
  });
});
