import http from 'node:http';
import type { Db } from '../src/server/db/database';
import { listPosts } from '../src/server/db/queries/posts';
import { NEXT_CURSOR_HEADER } from '../src/shared/contract/pagination';
import { send } from './http-load';
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
  return { items: JSON.parse(answer.body!.toString()) as Array<{ id: string }>, answer };
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

export async function benchFeed(options: HttpBenchOptions): Promise<{ rows: Row[]; notes: string[] }> {
  const { ours, floor, cookie } = options;
  const oursRequest = () => ({ path: '/api/feed', headers: { cookie } });
  const floorRequest = () => ({ path: '/feed' });

  // Both sides must answer the same thing, or the comparison means nothing.
  const first = await feedPage(ours.port, '/api/feed', cookie);
  const floorFirst = await feedPage(floor.port, '/feed');
  if (
    first.items.length !== 50 ||
    floorFirst.items.length !== 50 ||
    first.items[0]!.id !== floorFirst.items[0]!.id
  )
    throw new Error('the feed and its floor disagree about the first page');

  // Follow the cursor the API announces to page 10.
  const paths = ['/api/feed'];
  let page = first;
  for (let index = 2; index <= 10; index += 1) {
    const cursor = page.answer.headers[NEXT_CURSOR_HEADER];
    const link = page.answer.headers.link;
    if (typeof cursor !== 'string' || !link?.includes(`cursor=${cursor}`))
      throw new Error(`page ${index - 1} announces no next page`);
    paths.push(`/api/feed?cursor=${encodeURIComponent(cursor)}`);
    page = await feedPage(ours.port, paths.at(-1)!, cookie);
    if (page.items.length !== 50) throw new Error(`page ${index} has ${page.items.length} posts`);
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

  const invalid = errorsOf([...oursRounds, ...floorRounds]);
  const section = 'Feed';
  const rows: Row[] = [
    {
      section,
      measure: `GET /api/feed vs raw SQL route, req/s (${options.connections} conns)`,
      ours: medianOf(oursRounds, 'rps'),
      floor: medianOf(floorRounds, 'rps'),
      ratio: pairedRatioOf(oursRounds, floorRounds, 'rps'),
      unit: 'req/s',
      goal: { kind: 'ratio-at-least', value: 0.6 },
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
      ours: medianOf(oursRounds, 'serverCpuMsPerRequest'),
      floor: medianOf(floorRounds, 'serverCpuMsPerRequest'),
      ratio: pairedRatioOf(oursRounds, floorRounds, 'serverCpuMsPerRequest'),
      unit: 'ms',
    },
  ];
  const bytesPer = (results: RoundResult[]) =>
    median(results.map((result) => result.bytes / result.requests));
  const notes = [
    `Feed: ${options.rounds} rounds of ${options.durationMs / 1000} s per side, alternating, ${options.connections} keep-alive ` +
      `connections from this process; each server in its own process. Answers: ours ${(bytesPer(oursRounds) / 1024).toFixed(1)} KiB, ` +
      `floor ${(bytesPer(floorRounds) / 1024).toFixed(1)} KiB per page of 50. Load generator CPU share: ` +
      `${(medianOf([...oursRounds, ...floorRounds], 'clientCpuShare') * 100).toFixed(0)} % (median).`,
    `Feed pages (sequential, 300 each, one connection): page 1 median ${pages.page1.median.toFixed(2)} ms / p99 ` +
      `${pages.page1.p99.toFixed(2)} ms; page 10 median ${pages.page10.median.toFixed(2)} ms / p99 ${pages.page10.p99.toFixed(2)} ms.`,
  ];
  return { rows, notes };
}

/**
 * The feed's own query (listPosts, through Kysely, in this process) on page 1 and page 10: the endpoint's figure
 * includes fixed per-request costs, this shows whether the keyset query itself stays flat.
 */
export async function benchFeedQuery(db: Db): Promise<Row> {
  const cursors: Array<string | undefined> = [undefined];
  for (let page = 2; page <= 10; page += 1) {
    const { nextCursor } = await listPosts(db, { kind: 'public' }, { limit: 50, cursor: cursors.at(-1) });
    if (!nextCursor) throw new Error(`the feed query has no page ${page}`);
    cursors.push(nextCursor);
  }
  const times: [number[], number[]] = [[], []];
  for (let index = 0; index < 600; index += 1) {
    const which = index % 2;
    const start = performance.now();
    await listPosts(db, { kind: 'public' }, { limit: 50, cursor: which ? cursors[9] : undefined });
    times[which]!.push(performance.now() - start);
  }
  return {
    section: 'Feed',
    measure: 'listPosts() alone, page 10 (ours col) vs page 1',
    ours: median(times[1]),
    floor: median(times[0]),
    unit: 'ms',
  };
}
