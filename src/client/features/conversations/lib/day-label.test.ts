import { describe, expect, it } from 'vitest';
import { activityLabel, dayLabel, groupByDay } from './day-label';

// Local times, as people read them.
const now = new Date(2026, 10, 24, 9, 30);
const at = (day: number, hour: number, month = 10, year = 2026) =>
  new Date(year, month, day, hour, 5).toISOString();

describe('message days', () => {
  it('says Today, Yesterday, then the date', () => {
    expect(dayLabel(at(24, 0), now)).toBe('Today');
    expect(dayLabel(at(23, 23), now)).toBe('Yesterday');
    expect(dayLabel(at(23, 0), now)).toBe('Yesterday');
    expect(dayLabel(at(22, 23), now)).toBe('November 22, 2026');
    expect(dayLabel(at(31, 12, 11, 2025), now)).toBe('December 31, 2025');
  });

  it('groups messages under their day, in order', () => {
    const messages = [at(20, 10), at(23, 8), at(23, 21), at(24, 7)].map((timestamp, index) => ({
      id: `m${index}`,
      timestamp,
    }));
    expect(
      groupByDay(messages, now).map((group) => [group.label, group.items.map((item) => item.id)]),
    ).toEqual([
      ['November 20, 2026', ['m0']],
      ['Yesterday', ['m1', 'm2']],
      ['Today', ['m3']],
    ]);
  });

  it('labels a card’s last activity by time today, Yesterday, then a short date', () => {
    expect(activityLabel(at(24, 8), now)).toBe('8:05 AM');
    expect(activityLabel(at(23, 8), now)).toBe('Yesterday');
    expect(activityLabel(at(2, 8), now)).toBe('Nov 2');
    expect(activityLabel(at(2, 8, 0, 2025), now)).toBe('Jan 2, 2025');
  });
});
