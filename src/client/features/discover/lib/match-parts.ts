import type { SearchMatch } from '@shared/contract/search';

export interface MatchPart {
  text: string;
  highlighted: boolean;
}

/** The excerpt cut at its highlights: plain and matched runs in order, ranges outside the text ignored. */
export function matchParts({
  excerpt,
  highlights,
}: Pick<SearchMatch, 'excerpt' | 'highlights'>): MatchPart[] {
  const parts: MatchPart[] = [];
  let at = 0;
  for (const [rawStart, rawEnd] of highlights) {
    const start = Math.max(at, Math.min(rawStart, excerpt.length));
    const end = Math.min(Math.max(rawEnd, start), excerpt.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: excerpt.slice(at, start), highlighted: false });
    const previous = parts.at(-1);
    // Touching ranges read as one mark.
    if (previous?.highlighted && start === at) previous.text += excerpt.slice(start, end);
    else parts.push({ text: excerpt.slice(start, end), highlighted: true });
    at = end;
  }
  if (at < excerpt.length) parts.push({ text: excerpt.slice(at), highlighted: false });
  return parts;
}

const FIELD_LABELS: Record<SearchMatch['field'], string> = {
  title: 'Title',
  transcription: 'Transcript',
  category: 'Category',
};

export function matchFieldLabel(field: SearchMatch['field']): string {
  return FIELD_LABELS[field];
}
