import { endpoints } from '@shared/contract/endpoints';
import { NEXT_CURSOR_HEADER } from '@shared/contract/pagination';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import { createContext } from '../src/server/context';
import type { App } from '../src/server/http/app-types';
import { SESSION_COOKIE } from '../src/server/auth/session-store';
import { HEAVY_USER_ID, ordinaryUserId, postId, type ListSeedSize } from './list-seed';
import { cachedSeeds, type CachedSeed } from './list-seed-cache';
import { log, median, percentileOfSorted, renderGrid, type Row } from './report';
import type { Workspace } from './workspace';

/**
 * Every list endpoint the product has, on a million posts, on SQLite and on PostgreSQL: page 1 and page 10
 * (following the cursor each page announces), through the real app (buildApp, app.inject: routing, session,
 * service, query, presenter, serialisation; no sockets).
 */

const PAGE_SIZE = 50;
const DEEP_PAGE = 10;
/** PostgreSQL's median may be at most this many times SQLite's, page for page. */
const POSTGRES_OVER_SQLITE_GOAL = 3;

export interface ListEndpoint {
  name: string;
  path: string;
  viewer: 'heavy' | 'ordinary';
}

const withParam = (path: string, name: string, value: string) => path.replace(`:${name}`, value);

/** The heavy user has the most posts, drafts, notifications and followers; see list-seed.ts. */
function listEndpoints(size: ListSeedSize): ListEndpoint[] {
  return [
    { name: 'Feed (public, newest first)', path: endpoints.feed.path, viewer: 'ordinary' },
    { name: 'All posts (public and own)', path: endpoints.listPosts.path, viewer: 'heavy' },
    {
      name: "A prolific person's posts, as a visitor",
      path: withParam(endpoints.listUserPosts.path, 'userId', HEAVY_USER_ID),
      viewer: 'ordinary',
    },
    {
      name: 'Own posts, on own profile',
      path: withParam(endpoints.listUserPosts.path, 'userId', HEAVY_USER_ID),
      viewer: 'heavy',
    },
    {
      name: "An ordinary person's few posts, as a visitor",
      path: withParam(endpoints.listUserPosts.path, 'userId', ordinaryUserId(size)),
      viewer: 'heavy',
    },
    { name: 'Drafts (diary)', path: endpoints.listDrafts.path, viewer: 'heavy' },
    {
      name: 'Comments of a post',
      path: withParam(endpoints.listComments.path, 'id', postId(0)),
      viewer: 'ordinary',
    },
    { name: 'Notifications', path: endpoints.listNotifications.path, viewer: 'heavy' },
    {
      name: 'Followers',
      path: withParam(endpoints.listFollowers.path, 'userId', HEAVY_USER_ID),
      viewer: 'ordinary',
    },
    {
      name: 'Following',
      path: withParam(endpoints.listFollowing.path, 'userId', HEAVY_USER_ID),
      viewer: 'ordinary',
    },
    { name: 'People (newest first)', path: endpoints.listUsers.path, viewer: 'ordinary' },
  ];
}

export interface PageTimes {
  p50: number;
  p99: number;
}

/** Page 1 and the deepest page measured: page 10, or the last one when a list is shorter. */
interface EndpointResult {
  first: PageTimes;
  deep?: { page: number; times: PageTimes };
}

type Kind = Config['database']['kind'];
export const DATABASE_NAMES: Record<Kind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export interface ListsBenchOptions {
  size: ListSeedSize;
  /** Requests per page and endpoint, unless the time budget runs out first. */
  samples: number;
  budgetMsPerPage: number;
  /** Where the seeded databases stay between runs. */
  cacheDir: string;
  postgresUrl: string | undefined;
}

async function get(app: App, path: string, cookie: string) {
  const response = await app.inject({ url: path, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`GET ${path}: ${response.statusCode} ${response.body}`);
  return response;
}

/** The path of page 1 and of the deepest page up to page 10, found by following each page's X-Next-Cursor. */
export async function pagePaths(app: App, endpoint: ListEndpoint, cookie: string) {
  let path = endpoint.path;
  let response = await get(app, path, cookie);
  let page = 1;
  while (page < DEEP_PAGE) {
    const cursor = response.headers[NEXT_CURSOR_HEADER];
    if (typeof cursor !== 'string') break;
    const items = (response.json() as unknown[]).length;
    if (items !== PAGE_SIZE)
      throw new Error(`${endpoint.name}: page ${page} has ${items} items and a next page`);
    path = `${endpoint.path}?cursor=${encodeURIComponent(cursor)}`;
    response = await get(app, path, cookie);
    page += 1;
  }
  return { paths: page === 1 ? [endpoint.path] : [endpoint.path, path], deepPage: page };
}

async function timed(app: App, path: string, cookie: string): Promise<number> {
  const started = performance.now();
  await get(app, path, cookie);
  return performance.now() - started;
}

/**
 * The pages one after the other, alternating, so each sees the same state of the caches. A slow list gets fewer
 * requests (at least five) once its time budget is spent.
 */
export async function timePages(
  app: App,
  paths: string[],
  cookie: string,
  options: Pick<ListsBenchOptions, 'samples' | 'budgetMsPerPage'>,
) {
  for (const path of paths) await timed(app, path, cookie);
  const times = paths.map((): number[] => []);
  const deadline = performance.now() + options.budgetMsPerPage * paths.length;
  while (times[0]!.length < options.samples && (times[0]!.length < 5 || performance.now() < deadline)) {
    for (const [index, path] of paths.entries()) times[index]!.push(await timed(app, path, cookie));
  }
  return times.map((values): PageTimes => {
    const sorted = Float64Array.from(values).sort();
    return { p50: median(values), p99: percentileOfSorted(sorted, 99) };
  });
}

/** The real app over a seeded database, as production runs it, without jobs. */
export async function seededApp(workspace: Workspace, seed: CachedSeed) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    // Lists never run ffmpeg; the server's start-up check of it must not stop the bench where only npm's is at hand.
    ALLOW_BUNDLED_FFMPEG: '1',
    DATA_DIR: seed.dataDir ?? (await workspace.dir(`lists-${seed.kind}`)),
    ...(seed.postgres && { DATABASE_URL: seed.postgres.url, DATABASE_SCHEMA: seed.postgres.schema }),
  });
  const context = await createContext(config);
  return { context, app: await buildApp(context, { runJobs: false }) };
}

async function benchDatabase(
  workspace: Workspace,
  seed: CachedSeed,
  list: ListEndpoint[],
  options: ListsBenchOptions,
): Promise<Map<ListEndpoint, EndpointResult>> {
  const { context, app } = await seededApp(workspace, seed);
  const sessions = {
    heavy: await context.sessions.create(HEAVY_USER_ID),
    ordinary: await context.sessions.create(ordinaryUserId(options.size)),
  };
  const results = new Map<ListEndpoint, EndpointResult>();
  try {
    for (const endpoint of list) {
      const cookie = `${SESSION_COOKIE}=${sessions[endpoint.viewer].token}`;
      const { paths, deepPage } = await pagePaths(app, endpoint, cookie);
      const [first, deep] = await timePages(app, paths, cookie, options);
      const result: EndpointResult = {
        first: first!,
        ...(deep && { deep: { page: deepPage, times: deep } }),
      };
      results.set(endpoint, result);
      log(`lists: ${DATABASE_NAMES[seed.kind]}: ${endpoint.name}: ${describeResult(result)}`);
    }
  } finally {
    for (const session of Object.values(sessions)) await context.sessions.destroy(session.token);
    await app.close();
  }
  return results;
}

const describeTimes = (times: PageTimes) => `p50 ${times.p50.toFixed(2)} ms, p99 ${times.p99.toFixed(2)} ms`;

function describeResult(result: EndpointResult): string {
  const deep = result.deep ? `; page ${result.deep.page} ${describeTimes(result.deep.times)}` : '';
  return `page 1 ${describeTimes(result.first)}${deep}`;
}

/** Each measured page of each list: its p50 and p99 on each database, and PostgreSQL's p50 over SQLite's. */
function pagesOf(result: EndpointResult): Array<{ page: number; times: PageTimes }> {
  return [{ page: 1, times: result.first }, ...(result.deep ? [result.deep] : [])];
}

/** Each list's measured pages, with the times on every database measured (the same data, so the same pages). */
function comparisons(list: ListEndpoint[], measured: Map<Kind, Map<ListEndpoint, EndpointResult>>) {
  const kinds = [...measured.keys()];
  return list.flatMap((endpoint) =>
    pagesOf(measured.get(kinds[0]!)!.get(endpoint)!).map(({ page }) => ({
      endpoint,
      page,
      times: new Map(
        kinds.map((kind) => [
          kind,
          pagesOf(measured.get(kind)!.get(endpoint)!).find((each) => each.page === page)!.times,
        ]),
      ),
    })),
  );
}

function detailTable(list: ListEndpoint[], measured: Map<Kind, Map<ListEndpoint, EndpointResult>>): string {
  const kinds = [...measured.keys()];
  const both = measured.has('sqlite') && measured.has('postgres');
  const header = [
    'Endpoint',
    'Page',
    ...kinds.flatMap((kind) => [`${DATABASE_NAMES[kind]} p50`, `${DATABASE_NAMES[kind]} p99`]),
    ...(both ? ['PG p50 / SQLite p50'] : []),
  ];
  const lines = comparisons(list, measured).map(({ endpoint, page, times }) => [
    endpoint.name,
    String(page),
    ...kinds.flatMap((kind) => [
      `${times.get(kind)!.p50.toFixed(2)} ms`,
      `${times.get(kind)!.p99.toFixed(2)} ms`,
    ]),
    ...(both ? [`${(times.get('postgres')!.p50 / times.get('sqlite')!.p50).toFixed(2)}×`] : []),
  ]);
  return renderGrid(header, lines, 2);
}

function goalRows(list: ListEndpoint[], measured: Map<Kind, Map<ListEndpoint, EndpointResult>>): Row[] {
  if (!measured.has('sqlite') || !measured.has('postgres')) return [];
  return comparisons(list, measured).map(({ endpoint, page, times }) => ({
    section: 'Lists',
    measure: `${endpoint.name}, page ${page}: PostgreSQL (ours col) vs SQLite p50`,
    ours: times.get('postgres')!.p50,
    floor: times.get('sqlite')!.p50,
    unit: 'ms',
    goal: { kind: 'ratio-at-most', value: POSTGRES_OVER_SQLITE_GOAL },
  }));
}

export async function benchLists(
  workspace: Workspace,
  options: ListsBenchOptions,
): Promise<{ rows: Row[]; notes: string[]; tables: string[] }> {
  const notes: string[] = [];
  const seeds = await cachedSeeds('Lists', options, options.size, notes);
  const list = listEndpoints(options.size);
  const measured = new Map<Kind, Map<ListEndpoint, EndpointResult>>();
  for (const seed of seeds) {
    measured.set(seed.kind, await benchDatabase(workspace, seed, list, options));
    notes.push(`Lists on ${DATABASE_NAMES[seed.kind]}: ${seed.description}.`);
  }
  const { size } = options;
  notes.unshift(
    `Lists: ${size.posts.toLocaleString('en')} posts by ${size.users.toLocaleString('en')} people, ` +
      `${size.followsPerUser} follows each, ${size.notifications.toLocaleString('en')} notifications, up to ` +
      `${size.comments.toLocaleString('en')} comments (list-seed.ts). Each list through buildApp() and app.inject ` +
      `(no sockets), signed in, ${PAGE_SIZE} a page; page ${DEEP_PAGE} follows the cursors. Up to ` +
      `${options.samples} requests per page, alternating pages. PostgreSQL after VACUUM ANALYZE of the seed; ` +
      'SQLite without ANALYZE, as the server runs it.',
  );
  return { rows: goalRows(list, measured), notes, tables: [detailTable(list, measured)] };
}
