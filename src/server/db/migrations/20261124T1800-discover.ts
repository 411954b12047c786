import type { Kysely } from 'kysely';
import { recomputeLastActive } from '../queries/active-users';
import { recomputeTrendingScores } from '../queries/trending';
import type { Database } from '../schema';

/**
 * Discover's two lists, each one walk down an index that gives its order. Trending: posts.trending_score
 * (queries/trending.ts), after the published columns like posts_public_newest, and computed here for the posts
 * that exist from their likes, reposts, comments and listens. Active users: users.last_active_at, from each
 * person's newest post, comment, reaction, repost, follow or sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('trending_score', 'double precision', (column) => column.notNull().defaultTo(0))
    .execute();
  await recomputeTrendingScores(db as Kysely<Database>);
  await db.schema
    .createIndex('posts_trending')
    .on('posts')
    .columns(['is_private', 'is_draft', 'trending_score', 'id'])
    .execute();

  await db.schema.alterTable('users').addColumn('last_active_at', 'text').execute();
  await recomputeLastActive(db as Kysely<Database>);
  await db.schema.createIndex('users_last_active').on('users').columns(['last_active_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_last_active').execute();
  await db.schema.alterTable('users').dropColumn('last_active_at').execute();
  await db.schema.dropIndex('posts_trending').execute();
  await db.schema.alterTable('posts').dropColumn('trending_score').execute();
}
