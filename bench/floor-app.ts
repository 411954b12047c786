import fastifyStatic from '@fastify/static';
import BetterSqlite3 from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { createSessionStore, SESSION_COOKIE } from '../src/server/auth/session-store';
import { listPosts } from '../src/server/db/queries/posts';
import type { Database } from '../src/server/db/schema';

/**
 * The floors for the HTTP benches, in a bare Fastify app: no hooks, no auth, no schemas.
 * - GET /feed: the very SQL and parameters of the signed-in viewer's request for their first feed page (captured from
 *   Kysely's log, so the two can never drift apart), run raw on prepared better-sqlite3 statements: their session
 *   with their person, then the page, where they stopped in each post included; the page's rows sent as JSON.
 * - GET /static/*: @fastify/static over the same media directory the app serves from.
 */
export const FEED_PAGE = 50;

/** The statements `run` sends to the database file through Kysely, compiled, in order. */
async function capturedQueries(
  databaseFile: string,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(databaseFile, { readonly: true }) }),
    log: (event) => {
      captured.push(event.query);
    },
  });
  try {
    await run(db);
  } finally {
    await db.destroy();
  }
  if (captured.length === 0) throw new Error('no query was captured');
  return captured;
}

/** The SQL and parameters `GET /api/feed` runs for `viewerId` (the page after `cursor`, if given). */
export async function capturedFeedQuery(
  databaseFile: string,
  viewerId: string,
  cursor?: string,
): Promise<CompiledQuery> {
  const [feed] = await capturedQueries(databaseFile, (db) =>
    listPosts(db, { kind: 'public' }, { limit: FEED_PAGE, cursor }, viewerId),
  );
  return feed!;
}

/** The SQL and parameters every signed-in request runs first: the session of `cookie` (`sid=…`) with its person. */
export async function capturedSessionQuery(databaseFile: string, cookie: string): Promise<CompiledQuery> {
  const token = cookie.slice(`${SESSION_COOKIE}=`.length);
  const queries = await capturedQueries(databaseFile, async (db) => {
    if (!(await createSessionStore(db).resolve(token))) throw new Error('the viewer has no live session');
  });
  // A session past half its life is extended by a write, which a new session never is.
  if (queries.length !== 1) throw new Error(`the session took ${queries.length} statements`);
  return queries[0]!;
}

export async function buildFloorApp(options: {
  databaseFile: string;
  mediaRoot: string;
  /** The person the bench reads the feed as, and their session cookie: the floor runs their queries. */
  feedViewer: { id: string; cookie: string };
}): Promise<FastifyInstance> {
  const { databaseFile, feedViewer } = options;
  const sessionQuery = await capturedSessionQuery(databaseFile, feedViewer.cookie);
  const feedQuery = await capturedFeedQuery(databaseFile, feedViewer.id);
  const database = new BetterSqlite3(databaseFile, { readonly: true, fileMustExist: true });
  const [session, feed] = [database.prepare(sessionQuery.sql), database.prepare(feedQuery.sql)];
  const app = Fastify({ logger: false });
  app.get('/feed', async (_request, reply) => {
    if (!session.get(...sessionQuery.parameters)) return reply.code(401).send();
    // The query asks for one row more than a page, to learn whether another page follows.
    return feed.all(...feedQuery.parameters).slice(0, FEED_PAGE);
  });
  await app.register(fastifyStatic, { root: options.mediaRoot, prefix: '/static/' });
  app.addHook('onClose', async () => {
    database.close();
  });
  return app;
}
