import type { Chapter } from '@shared/contract/posts';

/**
 * Spec §5 Chapters: times are typed as MM:SS (H:MM:SS is accepted for long pods) and clamped between 0 and the
 * post's duration; anything unparsable becomes 0.
 */
export function parseChapterTime(text: string, duration: number): number {
  const match = /^\s*(?:(\d+):)?(\d+):(\d{1,2})\s*$/.exec(text);
  let seconds = 0;
  if (match) {
    const [, hours, minutes, secs] = match;
    if (Number(secs) < 60) seconds = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs);
  }
  const limit = Number.isFinite(duration) && duration > 0 ? duration : 0;
  return Math.min(Math.max(seconds, 0), limit);
}

/** The editor's MM:SS for a time in seconds. */
export function formatChapterTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export interface ChapterDraft {
  title: string;
  time: string;
  description: string;
}

/**
 * A chapter from the editor's fields (spec §5): the title is trimmed (the caller disables Add/Update while it is
 * empty), the description trimmed and left out when empty, and a new chapter's id is "chapter-" + a timestamp.
 */
export function chapterFromDraft(
  draft: ChapterDraft,
  duration: number,
  existingId?: string,
  now: () => number = Date.now,
): Chapter {
  const description = draft.description.trim();
  return {
    id: existingId ?? `chapter-${now()}`,
    title: draft.title.trim(),
    time: parseChapterTime(draft.time, duration),
    ...(description ? { description } : {}),
  };
}

export function sortChapters(chapters: readonly Chapter[]): Chapter[] {
  return [...chapters].sort((a, b) => a.time - b.time);
}

/** The chapter playing at `time`: the last one that has started. */
export function currentChapterIndex(chapters: readonly Chapter[], time: number): number {
  let index = -1;
  chapters.forEach((chapter, position) => {
    if (chapter.time <= time) index = position;
  });
  return index;
}
