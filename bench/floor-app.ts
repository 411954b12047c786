import fastifyStatic from '@fastify/static';
import BetterSqlite3 from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { listPosts } from '../src/server/db/queries/posts';
import type { Database } from '../src/server/db/schema';

/**
 * The floors for the HTTP benches, in a bare Fastify app: no hooks, no auth, no schemas.
 * - GET /feed: the very SQL and parameters of the signed-in viewer's first feed page, where they stopped in each
 *   post included (captured from Kysely's log, so the two can never drift apart), run raw on a prepared
 *   better-sqlite3 statement, the page's rows sent as JSON.
 * - GET /static/*: @fastify/static over the same media directory the app serves from.
 */
export const FEED_PAGE = 50;

/** The SQL and parameters `GET /api/feed` runs for `viewerId` (the page after `cursor`, if given). */
export async function capturedFeedQuery(
  databaseFile: string,
  viewerId: string,
  cursor?: string,
): Promise<CompiledQuery> {
  let captured: CompiledQuery | undefined;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(databaseFile, { readonly: true }) }),
    log: (event) => {
      captured = event.query;
    },
  });
  try {
    await listPosts(db, { kind: 'public' }, { limit: FEED_PAGE, cursor }, viewerId);
  } finally {
    await db.destroy();
  }
  if (!captured) throw new Error('the feed query was not captured');
  return captured;
}

export async function buildFloorApp(options: {
  databaseFile: string;
  mediaRoot: string;
  /** The person the bench reads the feed as: the floor runs their query. */
  feedViewerId: string;
}): Promise<FastifyInstance> {
  const query = await capturedFeedQuery(options.databaseFile, options.feedViewerId);
  const database = new BetterSqlite3(options.databaseFile, { readonly: true, fileMustExist: true });
  const feed = database.prepare(query.sql);
  const app = Fastify({ logger: false });
  app.get('/feed', async () => {
    // The query asks for one row more than a page, to learn whether another page follows.
    return feed.all(...query.parameters).slice(0, FEED_PAGE);
  });
  await app.register(fastifyStatic, { root: options.mediaRoot, prefix: '/static/' });
  app.addHook('onClose', async () => {
    database.close();
  });
  return app;
}
