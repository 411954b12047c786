import { sql } from 'kysely';
import type { Db } from '../database';
import { isPublished } from './posts';

/**
 * Whose posts count: a person's published posts as everyone sees them (lists' `isPublished`), and their private
 * and hidden ones too only when `includePrivate` (their own view).
 */
export interface StatsScope {
  userId: string;
  includePrivate: boolean;
}

function publishedPosts(db: Db, scope: StatsScope) {
  const query = db.selectFrom('posts').where('posts.user_id', '=', scope.userId);
  return scope.includePrivate ? query.where('posts.is_draft', '=', 0) : query.where(isPublished);
}

const asNumber = (value: string | number | null) => Number(value ?? 0);

/** How many posts, their total measured length, and how many were created at or after `monthStart`. */
export async function postTotals(db: Db, scope: StatsScope, monthStart: string) {
  const row = await publishedPosts(db, scope)
    .innerJoin('audio_assets', 'audio_assets.id', 'posts.audio_id')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.sum<string | number | null>('audio_assets.duration').as('seconds'),
      eb.fn
        .sum<string | number | null>(
          sql<number>`case when ${eb.ref('posts.created_at')} >= ${monthStart} then 1 else 0 end`,
        )
        .as('this_month'),
    ])
    .executeTakeFirstOrThrow();
  return { count: asNumber(row.count), seconds: asNumber(row.seconds), thisMonth: asNumber(row.this_month) };
}

/** The person's categories with their post counts, most used first; at most `limit`. */
export async function postCategories(db: Db, scope: StatsScope, limit: number) {
  const rows = await publishedPosts(db, scope)
    .select((eb) => ['posts.category', eb.fn.countAll<string | number>().as('count')])
    .groupBy('posts.category')
    .orderBy('count', 'desc')
    .orderBy('posts.category')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ category: row.category, count: asNumber(row.count) }));
}

/** Listening of the person's posts by others (owners' own plays are never recorded), from each post's counters. */
export async function listenTotals(db: Db, scope: StatsScope) {
  const row = await publishedPosts(db, scope)
    .select((eb) => [
      eb.fn.sum<string | number | null>('posts.listens').as('listens'),
      eb.fn.sum<string | number | null>('posts.listening_seconds').as('seconds'),
    ])
    .executeTakeFirstOrThrow();
  return { listens: asNumber(row.listens), seconds: asNumber(row.seconds) };
}

/** The person's posts most listened to, with their listens and listening time; at most `limit`. */
export async function mostListenedPosts(db: Db, scope: StatsScope, limit: number) {
  const rows = await publishedPosts(db, scope)
    .where('posts.listens', '>', 0)
    .select(['posts.id', 'posts.title', 'posts.listens', 'posts.listening_seconds'])
    .orderBy('posts.listens', 'desc')
    .orderBy('posts.listening_seconds', 'desc')
    .orderBy('posts.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    postId: row.id,
    title: row.title,
    listens: asNumber(row.listens),
    listeningSeconds: asNumber(row.listening_seconds),
  }));
}

/**
 * Each day's listens since `since`, from the posts' day counters. Only the owner's view counts posts that have
 * since turned private or been hidden.
 */
export async function listensByDay(db: Db, scope: StatsScope, since: string) {
  const days = db
    .selectFrom('post_listen_days')
    .where('post_listen_days.owner_id', '=', scope.userId)
    .where('post_listen_days.day', '>=', since);
  const visible = scope.includePrivate
    ? days
    : days.innerJoin('posts', 'posts.id', 'post_listen_days.post_id').where(isPublished);
  const rows = await visible
    .select((eb) => [
      'post_listen_days.day',
      eb.fn.sum<string | number | null>('post_listen_days.listens').as('listens'),
      eb.fn.sum<string | number | null>('post_listen_days.seconds').as('seconds'),
    ])
    .groupBy('post_listen_days.day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    listens: asNumber(row.listens),
    seconds: asNumber(row.seconds),
  }));
}
