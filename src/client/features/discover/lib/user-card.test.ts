import { describe, expect, it } from 'vitest';
import { joinedLabel, topicTags } from './user-card';

describe('user card topic tags', () => {
  it('are Voice, Stories, Music when the bio names none of the keywords, or there is no bio', () => {
    expect(topicTags(null)).toEqual(['Voice', 'Stories', 'Music']);
    expect(topicTags('')).toEqual(['Voice', 'Stories', 'Music']);
    expect(topicTags('I like long walks and a good start to the day, with all my heart.')).toEqual([
      'Voice',
      'Stories',
      'Music',
    ]);
  });

  it('come from the keywords the bio mentions, whatever their case, at most 3, in the keyword order', () => {
    expect(topicTags('Tech lead by day, MUSICIAN by night')).toEqual(['Music', 'Tech']);
    expect(
      topicTags('Food, travel, fitness and creative writing; stories of all kinds; voice actor.'),
    ).toEqual(['Stories', 'Travel', 'Food']);
    expect(topicTags('Street artist')).toEqual(['Art']);
    expect(topicTags('One short story a week')).toEqual(['Stories']);
  });
});

describe('joined date', () => {
  it('names the month and year the account was made', () => {
    expect(joinedLabel('2026-11-03T10:00:00.000Z')).toBe('Joined November 2026');
  });
});
