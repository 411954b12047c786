/** An Apple Podcasts category (https://podcasters.apple.com/support/1691-apple-podcasts-categories). */
export interface PodcastCategory {
  name: string;
  subcategory?: string;
}

const APPLE_CATEGORIES = [
  'Arts',
  'Business',
  'Comedy',
  'Education',
  'Fiction',
  'Government',
  'Health & Fitness',
  'History',
  'Kids & Family',
  'Leisure',
  'Music',
  'News',
  'Religion & Spirituality',
  'Science',
  'Society & Culture',
  'Sports',
  'Technology',
  'True Crime',
  'TV & Film',
] as const;

/** Everyday names people give their pods' categories, for the Apple category they mean. */
const ALIASES: Record<string, (typeof APPLE_CATEGORIES)[number]> = {
  tech: 'Technology',
  health: 'Health & Fitness',
  fitness: 'Health & Fitness',
  religion: 'Religion & Spirituality',
  spirituality: 'Religion & Spirituality',
  film: 'TV & Film',
  movies: 'TV & Film',
  tv: 'TV & Film',
  family: 'Kids & Family',
  kids: 'Kids & Family',
  crime: 'True Crime',
  stories: 'Fiction',
  politics: 'Government',
  culture: 'Society & Culture',
  games: 'Leisure',
  gaming: 'Leisure',
};

/** A voice-first app's pods are, failing anything better, personal spoken journals. */
export const FALLBACK_CATEGORY: PodcastCategory = {
  name: 'Society & Culture',
  subcategory: 'Personal Journals',
};

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s+and\s+/g, ' & ');

const BY_NAME = new Map<string, PodcastCategory>([
  ...APPLE_CATEGORIES.map((name): [string, PodcastCategory] => [normalise(name), { name }]),
  ...Object.entries(ALIASES).map(([alias, name]): [string, PodcastCategory] => [alias, { name }]),
]);

/**
 * The feed's category: the Apple category most of the listed pods' own categories name (the newest wins a tie),
 * else the fallback. Categories are free text, so only those naming an Apple category (or a known alias) count.
 */
export function feedCategory(postCategories: readonly string[]): PodcastCategory {
  const counts = new Map<string, { category: PodcastCategory; count: number }>();
  for (const category of postCategories) {
    const mapped = BY_NAME.get(normalise(category));
    if (!mapped) continue;
    const entry = counts.get(mapped.name) ?? { category: mapped, count: 0 };
    entry.count += 1;
    counts.set(mapped.name, entry);
  }
  let best: { category: PodcastCategory; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.category ?? FALLBACK_CATEGORY;
}
