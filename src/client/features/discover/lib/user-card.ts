/** Spec §2 user card: the bio keywords that become topic tags, in this order, as their tag reads. */
const TOPIC_KEYWORDS: ReadonlyArray<{ tag: string; pattern: RegExp }> = [
  { tag: 'Music', pattern: /\bmusic/ },
  { tag: 'Stories', pattern: /\bstor(?:y|ies)/ },
  { tag: 'Tech', pattern: /\btech/ },
  // Whole words only: "start" and "heart" are not about art.
  { tag: 'Art', pattern: /\bart(?:s|ist|ists|istic|work|works)?\b/ },
  { tag: 'Travel', pattern: /\btravel/ },
  { tag: 'Food', pattern: /\bfood/ },
  { tag: 'Fitness', pattern: /\bfitness/ },
  { tag: 'Creative', pattern: /\bcreativ/ },
  { tag: 'Voice', pattern: /\bvoice/ },
];

export const TOPIC_TAGS_MAX = 3;
export const DEFAULT_TOPIC_TAGS = ['Voice', 'Stories', 'Music'] as const;

/** Spec §2: up to 3 tags from the keywords the bio mentions; Voice, Stories, Music when it mentions none. */
export function topicTags(bio: string | null | undefined): string[] {
  const text = (bio ?? '').toLowerCase();
  const found = TOPIC_KEYWORDS.filter(({ pattern }) => pattern.test(text)).map(({ tag }) => tag);
  return found.length > 0 ? found.slice(0, TOPIC_TAGS_MAX) : [...DEFAULT_TOPIC_TAGS];
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** "Joined November 2026". */
export function joinedLabel(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? 'Joined recently' : `Joined ${monthYear.format(date)}`;
}
