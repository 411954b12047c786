import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../database';
import { daysSince, forNoKeyUpdate, greatest } from '../dialect';
import { highestFirstPage, type Page, type PageRequest } from '../pagination';
import type { Database } from '../schema';
import { isPublished, postsWithMedia, type PostWithMedia } from './posts';
import { isRealPerson } from './users';
import { withoutHidden } from './safety';
import {
  TRENDING_DECAY_DAYS,
  TRENDING_EPOCH,
  TRENDING_WEIGHTS,
  trendingPoint,
  type TrendingEvent,
} from '../trending-score';

const double = (value: number) => sql<number>`cast(${value} as double precision)`;
/**
 * e^x for x ≤ 0, where a gap of more than 700 (about three years of τ) counts as 0: PostgreSQL's exp() raises an
 * underflow error instead of returning 0.
 */
const expOfGap = (db: Db | Kysely<Database>, x: RawBuilder<number>) =>
  sql<number>`exp(${greatest(db, x, sql<number>`-700.0`)})`;

/**
 * Inside a transaction: holds the post's score until it ends, so deciding whether an engagement is new (a like
 * or an unlike) and moving the score by it cannot interleave with the same person's other click.
 */
export async function holdTrendingScore(db: Db, postId: string): Promise<void> {
  await forNoKeyUpdate(db, db.selectFrom('posts').select('id').where('id', '=', postId)).execute();
}

/** Adds an engagement's point to the post's score: ln(e^score + e^point), computed without leaving log space. */
export async function addToTrending(db: Db, postId: string, event: TrendingEvent, at: string): Promise<void> {
  const point = double(trendingPoint(event, at));
  const score = sql.ref<number>('trending_score');
  await db
    .updateTable('posts')
    .set({
      trending_score: sql<number>`${greatest(db, score, point)} + ln(1 + ${expOfGap(db, sql<number>`-abs(${score} - ${point})`)})`,
    })
    .where('id', '=', postId)
    .execute();
}

/**
 * Takes an engagement's point (from its own time) back out of the post's score: ln(e^score - e^point). The rest
 * always holds the publish point, so rounding never takes the score below it.
 */
export async function takeFromTrending(
  db: Db,
  post: { id: string; created_at: string },
  event: TrendingEvent,
  at: string,
): Promise<void> {
  const point = double(trendingPoint(event, at));
  const floor = double(trendingPoint('publish', post.created_at));
  const score = sql.ref<number>('trending_score');
  await db
    .updateTable('posts')
    .set({
      trending_score: sql<number>`case when ${score} - ${point} > 1e-12
        then ${greatest(db, floor, sql<number>`${score} + ln(1 - ${expOfGap(db, sql<number>`${point} - ${score}`)})`)} else ${floor} end`,
    })
    .where('id', '=', post.id)
    .execute();
}

/**
 * Public posts of real people, highest score first. One walk down posts_trending, skipping bot accounts' rows and
 * those of the people hidden from a signed-in viewer (blocks and mutes).
 */
export function listTrending(db: Db, page: PageRequest, viewerId?: string): Promise<Page<PostWithMedia>> {
  const query = postsWithMedia(db).where(isPublished).where(isRealPerson);
  return highestFirstPage(
    withoutHidden(db, query, 'posts.user_id', viewerId, 'blocks-and-mutes'),
    { score: 'posts.trending_score', id: 'posts.id' },
    page,
    (row) => ({ score: row.trending_score, id: row.id }),
  );
}

/**
 * Every post's score from what it holds: its publish point, then each like, repost and comment by someone else
 * and each day's counted listens (at noon that day), summed in log space around each post's largest point. For
 * the migration that adds the score, and for seeded data.
 */
export async function recomputeTrendingScores(db: Kysely<Database>): Promise<void> {
  const point = (event: TrendingEvent, at: string) =>
    sql<number>`(${sql.lit(Math.log(TRENDING_WEIGHTS[event]))} + ${daysSince(db, sql.ref(at), TRENDING_EPOCH)} / ${sql.lit(TRENDING_DECAY_DAYS)})`;
  const listenPoint = sql<number>`(ln(cast(listens as double precision)) + ${daysSince(
    db,
    sql<string>`day || 'T12:00:00.000Z'`,
    TRENDING_EPOCH,
  )} / ${sql.lit(TRENDING_DECAY_DAYS)})`;
  const byOthers = (table: 'post_reactions' | 'reposts' | 'comments') =>
    sql`join posts on posts.id = ${sql.table(table)}.post_id
      where ${sql.ref(`${table}.user_id`)} is null or ${sql.ref(`${table}.user_id`)} <> posts.user_id`;
  const points = sql`
    select id as post_id, ${point('publish', 'created_at')} as point from posts
    union all select post_id, ${point('like', 'post_reactions.created_at')} from post_reactions ${byOthers('post_reactions')}
      and post_reactions.kind = 'like'
    union all select post_id, ${point('repost', 'reposts.created_at')} from reposts ${byOthers('reposts')}
    union all select post_id, ${point('comment', 'comments.created_at')} from comments ${byOthers('comments')}
    union all select post_id, ${listenPoint} from post_listen_days where listens > 0`;
  await sql`with points as (${points}),
      peaks as (select post_id, max(point) as peak from points group by post_id),
      scores as (select points.post_id, peaks.peak + ln(sum(${expOfGap(db, sql<number>`points.point - peaks.peak`)})) as score
        from points join peaks on peaks.post_id = points.post_id group by points.post_id, peaks.peak)
    update posts set trending_score = scores.score from scores where scores.post_id = posts.id`.execute(db);
}
