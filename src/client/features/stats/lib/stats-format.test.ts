import { describe, expect, it } from 'vitest';
import { formatChartDay, formatStatsDuration } from './stats-format';

describe('stats durations', () => {
  it('shows h m s, leaving out leading zero units, with the words for screen readers', () => {
    expect(formatStatsDuration(3723)).toEqual({ short: '1h 2m 3s', words: '1 hour 2 minutes 3 seconds' });
    expect(formatStatsDuration(200)).toEqual({ short: '3m 20s', words: '3 minutes 20 seconds' });
    expect(formatStatsDuration(3600)).toEqual({ short: '1h 0m 0s', words: '1 hour' });
    expect(formatStatsDuration(45.4)).toEqual({ short: '45s', words: '45 seconds' });
    expect(formatStatsDuration(61)).toEqual({ short: '1m 1s', words: '1 minute 1 second' });
  });

  it('reads nothing, or nonsense, as 0s', () => {
    expect(formatStatsDuration(0)).toEqual({ short: '0s', words: '0 seconds' });
    expect(formatStatsDuration(Number.NaN)).toEqual({ short: '0s', words: '0 seconds' });
  });
});

describe('chart days', () => {
  it('names the UTC day whatever the local zone', () => {
    expect(formatChartDay('2026-11-01')).toBe('Nov 1');
    expect(formatChartDay('2026-12-31')).toBe('Dec 31');
  });
});
