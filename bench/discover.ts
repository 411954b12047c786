import { endpoints } from '@shared/contract/endpoints';
import { SESSION_COOKIE } from '../src/server/auth/session-store';
import { ordinaryUserId, type ListSeedSize } from './list-seed';
import { cachedSeeds, type CachedSeed } from './list-seed-cache';
import { DATABASE_NAMES, pagePaths, seededApp, timePages, type ListEndpoint, type PageTimes } from './lists';
import { log, renderGrid, type Row } from './report';
import type { Workspace } from './workspace';

/**
 * Discover's two lists on the lists' seeded data at two sizes, on SQLite and on PostgreSQL, through the real app:
 * trending posts (page 1 and page 10, following the cursors) and active users. Each is one walk down its index, so
 * its time should not grow with the number of posts: the goal compares the larger seed with the smaller.
 */

/** At most this many times the small seed's p50 at the large one: flat, allowing for a deeper B-tree and caches. */
const FLAT_GOAL = 2;

export interface DiscoverBenchOptions {
  /** Smaller first. */
  sizes: [ListSeedSize, ListSeedSize];
  samples: number;
  budgetMsPerPage: number;
  cacheDir: string;
  postgresUrl: string | undefined;
}

interface Measured {
  name: string;
  page: number;
  times: PageTimes;
}

const TRENDING: ListEndpoint = {
  name: 'Trending posts',
  path: endpoints.trendingPosts.path,
  viewer: 'ordinary',
};

async function benchSeed(
  workspace: Workspace,
  seed: CachedSeed,
  size: ListSeedSize,
  options: DiscoverBenchOptions,
): Promise<Measured[]> {
  const { context, app } = await seededApp(workspace, seed);
  const session = await context.sessions.create(ordinaryUserId(size));
  const cookie = `${SESSION_COOKIE}=${session.token}`;
  try {
    const { paths, deepPage } = await pagePaths(app, TRENDING, cookie);
    const [first, deep] = await timePages(app, paths, cookie, options);
    const [active] = await timePages(app, [endpoints.activeUsers.path], cookie, options);
    return [
      { name: TRENDING.name, page: 1, times: first! },
      ...(deep ? [{ name: TRENDING.name, page: deepPage, times: deep }] : []),
      { name: 'Active users', page: 1, times: active! },
    ];
  } finally {
    await context.sessions.destroy(session.token);
    await app.close();
  }
}

const posts = (size: ListSeedSize) => size.posts.toLocaleString('en');
const ms = (value: number) => `${value.toFixed(2)} ms`;

function table(results: Array<{ seed: CachedSeed; size: ListSeedSize; measured: Measured[] }>): string {
  const header = ['Database', 'Posts', 'List', 'Page', 'p50', 'p99'];
  const lines = results.flatMap(({ seed, size, measured }) =>
    measured.map((each) => [
      DATABASE_NAMES[seed.kind],
      posts(size),
      each.name,
      String(each.page),
      ms(each.times.p50),
      ms(each.times.p99),
    ]),
  );
  return renderGrid(header, lines, 4);
}

export async function benchDiscover(
  workspace: Workspace,
  options: DiscoverBenchOptions,
): Promise<{ rows: Row[]; notes: string[]; tables: string[] }> {
  const notes: string[] = [];
  const results: Array<{ seed: CachedSeed; size: ListSeedSize; measured: Measured[] }> = [];
  for (const size of options.sizes) {
    const seeds = await cachedSeeds('Discover', options, size, notes);
    for (const seed of seeds) {
      const measured = await benchSeed(workspace, seed, size, options);
      for (const each of measured) {
        log(
          `discover: ${DATABASE_NAMES[seed.kind]}, ${posts(size)} posts: ${each.name} page ${each.page}: ` +
            `p50 ${ms(each.times.p50)}, p99 ${ms(each.times.p99)}`,
        );
      }
      results.push({ seed, size, measured });
      notes.push(`Discover on ${DATABASE_NAMES[seed.kind]}, ${posts(size)} posts: ${seed.description}.`);
    }
  }
  const [small, large] = options.sizes;
  const rows: Row[] = results
    .filter((result) => result.size === large)
    .flatMap(({ seed, measured }) =>
      measured.flatMap((each): Row[] => {
        const before = results
          .find((result) => result.size === small && result.seed.kind === seed.kind)
          ?.measured.find((other) => other.name === each.name && other.page === each.page);
        if (!before) return [];
        return [
          {
            section: 'Discover',
            measure: `${each.name}, page ${each.page}, ${DATABASE_NAMES[seed.kind]}: p50 at ${posts(large)} posts (ours col) vs ${posts(small)}`,
            ours: each.times.p50,
            floor: before.times.p50,
            unit: 'ms',
            goal: { kind: 'ratio-at-most', value: FLAT_GOAL },
          },
        ];
      }),
    );
  notes.unshift(
    `Discover: trending posts (50 a page; page 10 follows the cursors) and active users (5), signed in, through ` +
      `buildApp() and app.inject, on the lists' seeds of ${posts(small)} and ${posts(large)} posts (list-seed.ts). ` +
      `Up to ${options.samples} requests each. PostgreSQL after ANALYZE of the seed and of what newer migrations changed.`,
  );
  return { rows, notes, tables: [table(results)] };
}
