import BetterSqlite3 from 'better-sqlite3';
import http from 'node:http';
import type { DatabaseConfig } from '../src/server/config';
import { createDatabase } from '../src/server/db/database';
import { listPosts } from '../src/server/db/queries/posts';
import { NEXT_CURSOR_HEADER } from '../src/shared/contract/pagination';
import { capturedFeedQuery, capturedSessionQuery, FEED_PAGE } from './floor-app';
import { send } from './http-load';
import { ownCpuMs } from './proc-stats';
import { log, median, percentileOfSorted, type Row } from './report';
import {
  describeRound,
  loadRound,
  medianOf,
  pairedRatioOf,
  type HttpBenchOptions,
  type RoundResult,
} from './servers';

function errorsOf(results: RoundResult[]): string | undefined {
  const failed = results.find((result) => result.errors > 0);
  return failed ? `${failed.errors} failed requests: ${failed.firstError}` : undefined;
}

async function feedPage(port: number, path: string, cookie?: string) {
  const answer = await send(port, { path, ...(cookie && { headers: { cookie } }), keepBody: true });
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body?.toString()}`);
  return {
    items: JSON.parse(answer.body!.toString()) as Array<{ id: string; userId?: string }>,
    answer,
  };
}

/** Page 1 and page 10 one after the other on one keep-alive connection, alternating, so both see the same state. */
async function pageLatencies(port: number, paths: [string, string], cookie: string, each: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: [number[], number[]] = [[], []];
  try {
    for (let index = 0; index < each * 2; index += 1) {
      const which = index % 2;
      const start = performance.now();
      const answer = await send(port, { path: paths[which]!, headers: { cookie } }, agent);
      if (answer.status !== 200) throw new Error(`GET ${paths[which]}: ${answer.status}`);
      times[which]!.push(performance.now() - start);
    }
  } finally {
    agent.destroy();
  }
  const sorted = times.map((values) => Float64Array.from(values).sort());
  return {
    page1: { median: median(times[0]), p99: percentileOfSorted(sorted[0]!, 99) },
    page10: { median: median(times[1]), p99: percentileOfSorted(sorted[1]!, 99) },
  };
}

/** The viewer blocks one of the seeded people and mutes another, so the feed's safety filter has work to do. */
async function hideTwoPeople(port: number, cookie: string, people: string[]) {
  const [blocked, muted] = [people[1]!, people[2]!];
  for (const [id, what] of [
    [blocked, 'block'],
    [muted, 'mute'],
  ] as const) {
    const answer = await send(port, { method: 'PUT', path: `/api/users/${id}/${what}`, headers: { cookie } });
    if (answer.status !== 200) throw new Error(`PUT /api/users/:id/${what}: ${answer.status}`);
  }
  return new Set([blocked, muted]);
}

/** The viewer stopped partway in some posts of the first page and heard others, as a listener would have. */
async function hearSomePosts(port: number, cookie: string, postIds: string[]) {
  for (const [index, id] of postIds.entries()) {
    const answer = await send(port, {
      method: 'PUT',
      path: `/api/posts/${id}/listening`,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ at: index % 2 === 0 ? 2.5 : 3600 }),
    });
    if (answer.status !== 200) throw new Error(`PUT /api/posts/:id/listening: ${answer.status}`);
  }
}

/** CPU time (ms, this process) per call of each of `runs`, taken in turns of 100 calls after a warm-up; medians. */
async function cpuPerCall(runs: Array<() => unknown>, turns = 10): Promise<number[]> {
  const perCall: number[][] = runs.map(() => []);
  for (let turn = -1; turn < turns; turn += 1) {
    for (const [index, run] of runs.entries()) {
      const before = ownCpuMs();
      for (let call = 0; call < 100; call += 1) await run();
      // The first turn warms up.
      if (turn >= 0) perCall[index]!.push((ownCpuMs() - before) / 100);
    }
  }
  return perCall.map(median);
}

/**
 * What the feed's queries themselves cost, in this process while the servers idle: the floor's statements (the very
 * SQL and parameters of the signed-in viewer's request, prepared on better-sqlite3), the session's and the page's for
 * page 1 and page 10, and the same page through listPosts() (Kysely building and compiling it, our SQLite driver
 * turning rows into objects).
 */
async function queryCosts(
  database: DatabaseConfig,
  viewer: { id: string; cookie: string },
  page10Cursor: string,
) {
  if (database.kind !== 'sqlite') throw new Error('the feed bench runs on SQLite');
  const [session, page1, page10] = await Promise.all([
    capturedSessionQuery(database.file, viewer.cookie),
    capturedFeedQuery(database.file, viewer.id),
    capturedFeedQuery(database.file, viewer.id, page10Cursor),
  ]);
  const raw = new BetterSqlite3(database.file, { readonly: true, fileMustExist: true });
  const db = createDatabase(database);
  try {
    const [sessionStatement, statement1, statement10] = [session, page1, page10].map((query) =>
      raw.prepare(query.sql),
    );
    const [sessionSql, sql1, sql10, kysely1] = await cpuPerCall([
      () => sessionStatement!.get(...session.parameters),
      () => statement1!.all(...page1.parameters),
      () => statement10!.all(...page10.parameters),
      () => listPosts(db, { kind: 'public' }, { limit: FEED_PAGE }, viewer.id),
    ]);
    return { sessionSql: sessionSql!, sql1: sql1!, sql10: sql10!, kysely1: kysely1! };
  } finally {
    raw.close();
    await db.destroy();
  }
}

export async function benchFeed(
  options: HttpBenchOptions,
  feed: { database: DatabaseConfig; viewerId: string; people: string[] },
): Promise<{ rows: Row[]; notes: string[] }> {
  const { ours, floor, cookie } = options;
  const oursRequest = () => ({ path: '/api/feed', headers: { cookie } });
  const floorRequest = () => ({ path: '/feed' });
  const hidden = await hideTwoPeople(ours.port, cookie, feed.people);
  const unheard = await feedPage(ours.port, '/api/feed', cookie);
  await hearSomePosts(
    ours.port,
    cookie,
    unheard.items.slice(0, 10).map((item) => item.id),
  );

  // Both sides must answer the same posts in the same order, or the comparison means nothing.
  const first = await feedPage(ours.port, '/api/feed', cookie);
  const floorFirst = await feedPage(floor.port, '/feed');
  const ids = (items: Array<{ id: string }>) => items.map((item) => item.id).join();
  if (first.items.length !== FEED_PAGE || ids(first.items) !== ids(floorFirst.items))
    throw new Error('the feed and its floor disagree about the first page');
  if (first.items.some((item) => hidden.has(item.userId!)))
    throw new Error('the feed shows a post of someone the viewer blocks or mutes');

  // Follow the cursor the API announces to page 10.
  const paths = ['/api/feed'];
  const cursors: string[] = [];
  let page = first;
  for (let index = 2; index <= 10; index += 1) {
    const cursor = page.answer.headers[NEXT_CURSOR_HEADER];
    const link = page.answer.headers.link;
    if (typeof cursor !== 'string' || !link?.includes(`cursor=${cursor}`))
      throw new Error(`page ${index - 1} announces no next page`);
    cursors.push(cursor);
    paths.push(`/api/feed?cursor=${encodeURIComponent(cursor)}`);
    page = await feedPage(ours.port, paths.at(-1)!, cookie);
    if (page.items.length !== FEED_PAGE) throw new Error(`page ${index} has ${page.items.length} posts`);
  }

  const load = { connections: options.connections, expectStatus: 200 };
  log('feed: warm-up');
  await loadRound(ours, { ...load, durationMs: 1500, request: oursRequest });
  await loadRound(floor, { ...load, durationMs: 1500, request: floorRequest });

  const oursRounds: RoundResult[] = [];
  const floorRounds: RoundResult[] = [];
  for (let round = 1; round <= options.rounds; round += 1) {
    oursRounds.push(await loadRound(ours, { ...load, durationMs: options.durationMs, request: oursRequest }));
    floorRounds.push(
      await loadRound(floor, { ...load, durationMs: options.durationMs, request: floorRequest }),
    );
    log(`feed: round ${round}/${options.rounds}: ours ${describeRound(oursRounds.at(-1)!)}`);
    log(`feed: round ${round}/${options.rounds}: floor ${describeRound(floorRounds.at(-1)!)}`);
  }
  log('feed: page 1 vs page 10, sequential');
  const pages = await pageLatencies(ours.port, [paths[0]!, paths[9]!], cookie, 300);
  log('feed: the query alone');
  const query = await queryCosts(feed.database, { id: feed.viewerId, cookie }, cursors[8]!);

  const invalid = errorsOf([...oursRounds, ...floorRounds]);
  const section = 'Feed';
  const oursCpu = medianOf(oursRounds, 'serverCpuMsPerRequest');
  const floorCpu = medianOf(floorRounds, 'serverCpuMsPerRequest');
  const rows: Row[] = [
    {
      section,
      measure: `GET /api/feed vs raw SQL route, req/s (${options.connections} conns)`,
      ours: medianOf(oursRounds, 'rps'),
      floor: medianOf(floorRounds, 'rps'),
      ratio: pairedRatioOf(oursRounds, floorRounds, 'rps'),
      unit: 'req/s',
      goal: { kind: 'ratio-at-least', value: 0.8 },
      ...(invalid && { invalid }),
    },
    {
      section,
      measure: `GET /api/feed p99 latency (${options.connections} conns)`,
      ours: medianOf(oursRounds, 'p99Ms'),
      floor: medianOf(floorRounds, 'p99Ms'),
      unit: 'ms',
      goal: { kind: 'below', value: 50 },
      ...(invalid && { invalid }),
    },
    {
      section,
      measure: 'Page 10 (ours col) vs page 1 (floor col), median',
      ours: pages.page10.median,
      floor: pages.page1.median,
      unit: 'ms',
      goal: { kind: 'ratio-at-most', value: 1.5 },
    },
    {
      section,
      measure: 'Server CPU per feed request',
      ours: oursCpu,
      floor: floorCpu,
      ratio: pairedRatioOf(oursRounds, floorRounds, 'serverCpuMsPerRequest'),
      unit: 'ms',
      goal: { kind: 'ratio-at-most', value: 1.3 },
      ...(invalid && { invalid }),
    },
    {
      section,
      measure: "The feed's SQL alone (better-sqlite3), CPU per run, page 10 (ours col) vs page 1",
      ours: query.sql10,
      floor: query.sql1,
      unit: 'ms',
    },
    {
      section,
      measure: 'listPosts() alone (Kysely, our driver) (ours col) vs its SQL alone, page 1',
      ours: query.kysely1,
      floor: query.sql1,
      unit: 'ms',
    },
  ];
  const bytesPer = (results: RoundResult[]) =>
    median(results.map((result) => result.bytes / result.requests));
  const notes = [
    `Feed: ${options.rounds} rounds of ${options.durationMs / 1000} s per side, alternating, ${options.connections} keep-alive ` +
      `connections from this process; each server in its own process. The viewer blocks one of the ${feed.people.length} ` +
      `people and mutes another; the floor runs the viewer's own queries, their session's and their page's (the same ` +
      `SQL and parameters). Answers: ours ` +
      `${(bytesPer(oursRounds) / 1024).toFixed(1)} KiB, floor ${(bytesPer(floorRounds) / 1024).toFixed(1)} KiB per page ` +
      `of 50. Load generator CPU share: ${(medianOf([...oursRounds, ...floorRounds], 'clientCpuShare') * 100).toFixed(0)} % (median).`,
    `Feed CPU per request: the queries alone cost ${(query.sessionSql + query.sql1).toFixed(2)} ms (the session's ` +
      `${query.sessionSql.toFixed(2)}, page 1's ${query.sql1.toFixed(2)}; prepared, in a loop); the floor spends ` +
      `${(floorCpu - query.sessionSql - query.sql1).toFixed(2)} ms more (sending the rows as JSON, HTTP), ours ` +
      `${(oursCpu - floorCpu).toFixed(2)} ms more than the floor (hashing the session's token, building the queries, ` +
      `the presenter, hooks).`,
    `Feed pages (sequential, 300 each, one connection): page 1 median ${pages.page1.median.toFixed(2)} ms / p99 ` +
      `${pages.page1.p99.toFixed(2)} ms; page 10 median ${pages.page10.median.toFixed(2)} ms / p99 ${pages.page10.p99.toFixed(2)} ms.`,
  ];
  return { rows, notes };
}
