import { describe, expect, it } from 'vitest';
import { chapterFromDraft, currentChapterIndex, formatChapterTime, parseChapterTime } from './chapters';

describe('chapter times (spec §5)', () => {
  it('reads MM:SS and H:MM:SS', () => {
    expect(parseChapterTime('01:05', 600)).toBe(65);
    expect(parseChapterTime('1:05', 600)).toBe(65);
    expect(parseChapterTime(' 75:00 ', 9000)).toBe(4500);
    expect(parseChapterTime('1:02:03', 9000)).toBe(3723);
  });

  it('turns unparsable input into 0', () => {
    for (const text of ['', 'abc', '12', '1:75', '-1:00', '1.5:00'])
      expect(parseChapterTime(text, 600)).toBe(0);
  });

  it('clamps to the duration', () => {
    expect(parseChapterTime('10:00', 200)).toBe(200);
    expect(parseChapterTime('00:30', 0)).toBe(0);
  });

  it('writes MM:SS', () => {
    expect(formatChapterTime(65.7)).toBe('01:05');
    expect(formatChapterTime(4500)).toBe('75:00');
  });
});

describe('chapterFromDraft (spec §5)', () => {
  it('trims, clamps, and names new chapters "chapter-" + a timestamp', () => {
    expect(
      chapterFromDraft({ title: '  Intro ', time: '00:10', description: '   ' }, 100, undefined, () => 1234),
    ).toEqual({ id: 'chapter-1234', title: 'Intro', time: 10 });
  });

  it('keeps the id when editing and the trimmed description when given', () => {
    expect(
      chapterFromDraft({ title: 'Q&A', time: 'x', description: ' Questions ' }, 100, 'chapter-1'),
    ).toEqual({
      id: 'chapter-1',
      title: 'Q&A',
      time: 0,
      description: 'Questions',
    });
  });

  it('finds the current chapter', () => {
    const chapters = [
      { id: 'a', title: 'A', time: 0 },
      { id: 'b', title: 'B', time: 30 },
    ];
    expect(currentChapterIndex(chapters, 10)).toBe(0);
    expect(currentChapterIndex(chapters, 30)).toBe(1);
    expect(currentChapterIndex([{ id: 'b', title: 'B', time: 5 }], 1)).toBe(-1);
  });
});
