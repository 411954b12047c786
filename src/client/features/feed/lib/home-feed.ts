import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec §9: the recent strip leaves out items longer than 30 s. */
export const RECENT_MAX_SECONDS = 30;
export const HOME_PODS = 3;
export const SUGGESTED_USERS_MAX = 3;

const createdWithin = (post: Post, now: number, ms: number) => {
  const created = Date.parse(post.createdAt);
  return Number.isFinite(created) && now - created <= ms && now - created >= -5 * 60_000;
};

export interface Story {
  user: PublicUser;
  /** Newest first. */
  posts: Post[];
}

/** Spec §2: the story strip: items of the last 24 hours, one circle per person (newest first). */
export function storiesFrom(feed: readonly Post[], now = Date.now()): Story[] {
  const byUser = new Map<string, Story>();
  for (const post of feed) {
    if (post.isDraft || !createdWithin(post, now, DAY_MS)) continue;
    const story = byUser.get(post.userId);
    if (story) story.posts.push(post);
    else byUser.set(post.userId, { user: post.user, posts: [post] });
  }
  return [...byUser.values()];
}

/** Spec §2: "Recent Activity (24h)": the last day's items of 30 s or less. */
export function recentActivityFrom(feed: readonly Post[], now = Date.now()): Post[] {
  return feed.filter(
    (post) => !post.isDraft && createdWithin(post, now, DAY_MS) && post.duration <= RECENT_MAX_SECONDS,
  );
}

/** Spec §2 "New Posts": feed items of type post or diary that are not drafts. */
export function newPostsFrom(feed: readonly Post[]): Post[] {
  return feed.filter((post) => (post.type === 'post' || post.type === 'diary') && !post.isDraft);
}

/** Spec §2 "New Pods": the first 3 episodes (older feeds call them "pod"). */
export function newPodsFrom(feed: readonly Post[]): Post[] {
  return feed
    .filter((post) => (post.type === 'episode' || (post.type as string) === 'pod') && !post.isDraft)
    .slice(0, HOME_PODS);
}

/**
 * Spec §2 "Discover New Voices": at most 3 people from the feed and post lists, one each, never oneself (the
 * server leaves bot and test accounts out of all three lists). People from the user list fill in only when they
 * have posted something.
 */
export function suggestedUsersFrom(
  lists: readonly (readonly Post[])[],
  selfId: string | undefined,
  users: readonly PublicUser[] = [],
): PublicUser[] {
  const chosen = new Map<string, PublicUser>();
  const consider = (user: PublicUser) => {
    if (chosen.size >= SUGGESTED_USERS_MAX || user.id === selfId || chosen.has(user.id)) return;
    chosen.set(user.id, user);
  };
  for (const list of lists) for (const post of list) consider(post.user);
  for (const user of users) if (user.postCount > 0) consider(user);
  return [...chosen.values()];
}

export function firstNameOf(user: Pick<PublicUser, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username || 'Someone';
}
