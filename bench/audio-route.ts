import { send, sendFollowingRedirect, type Answer, type LoadRequest } from './http-load';
import { log, type Goal, type Row } from './report';
import type { ServedAudio } from './seed';
import {
  describeRound,
  loadRound,
  medianOf,
  pairedRatioOf,
  type HttpBenchOptions,
  type RoundResult,
  type S3Server,
  type ServerProcess,
} from './servers';

const RANGE_BYTES = 64 * 1024;
/** Fixed pseudo-random 64 KiB windows (a player seeking around), the same sequence for every server. */
const RANGE_STARTS = 97;

function rangeHeader(index: number, fileBytes: number): string {
  const slots = Math.max(1, Math.floor(fileBytes / RANGE_BYTES));
  const start = ((index * 7919) % RANGE_STARTS) % slots;
  return `bytes=${start * RANGE_BYTES}-${start * RANGE_BYTES + RANGE_BYTES - 1}`;
}

interface Variant {
  name: string;
  expectStatus: number;
  headers: (index: number) => Record<string, string>;
}

/** One way of serving the file, as a load round asks it. */
interface Target {
  server: ServerProcess;
  path: string;
  cookie?: string;
  /** The status of every answer, when it is not the variant's own (a redirect). */
  expectStatus?: number;
  followRedirect?: boolean;
  /** Where ours fetches the bytes from, so that server's CPU is measured apart. */
  upstream?: ServerProcess;
}

function requestTo(target: Target, headers: Record<string, string>): LoadRequest {
  return { path: target.path, headers: { ...(target.cookie && { cookie: target.cookie }), ...headers } };
}

export interface AudioOnS3 {
  server: S3Server;
  /** Ours on the bucket, bytes through the app. */
  proxied: ServerProcess;
  /** Ours on the bucket with S3_REDIRECT_PUBLIC_MEDIA=true. */
  redirected: ServerProcess;
}

type Results<Name extends string> = Record<Name, RoundResult[]>;

/**
 * Every round runs each target once, in order, so a change in the machine's load shows in all of them alike; each
 * of ours is paired with the floor of its own round.
 */
async function rounds<Name extends string>(
  targets: Record<Name, Target>,
  variant: Variant,
  settings: { rounds: number; durationMs: number; connections: number; label: string },
): Promise<Results<Name>> {
  const run = (name: Name, durationMs: number) => {
    const target = targets[name];
    return loadRound(target.server, {
      connections: settings.connections,
      durationMs,
      expectStatus: target.expectStatus ?? variant.expectStatus,
      followRedirect: target.followRedirect ?? false,
      ...(target.upstream && { upstream: target.upstream }),
      request: (index) => requestTo(target, variant.headers(index)),
    });
  };
  const names = Object.keys(targets) as Name[];
  log(`audio (${variant.name}, ${settings.label}): warm-up`);
  for (const name of names) await run(name, 1000);
  const results = Object.fromEntries(names.map((name) => [name, [] as RoundResult[]])) as Results<Name>;
  for (let round = 1; round <= settings.rounds; round += 1) {
    for (const name of names) {
      const result = await run(name, settings.durationMs);
      results[name].push(result);
      log(
        `audio (${variant.name}, ${settings.label}): round ${round}/${settings.rounds}: ` +
          `${targets[name].server.name} ${describeRound(result)}`,
      );
    }
  }
  return results;
}

function compared(
  section: string,
  measure: string,
  ours: RoundResult[],
  floor: RoundResult[],
  key: 'rps' | 'serverCpuMsPerRequest' | 'firstByteP50Ms' | 'firstByteP99Ms',
  goal?: Goal,
): Row {
  const failed = [...ours, ...floor].find((result) => result.errors > 0);
  return {
    section,
    measure,
    ours: medianOf(ours, key),
    floor: medianOf(floor, key),
    ratio: pairedRatioOf(ours, floor, key),
    unit: key === 'rps' ? 'req/s' : 'ms',
    ...(goal && { goal }),
    ...(failed && { invalid: `${failed.errors} failed requests: ${failed.firstError}` }),
  };
}

function expectAnswer(label: string, answer: Answer, status: number, bytes?: number): void {
  if (answer.status !== status || (bytes !== undefined && answer.bytes !== bytes))
    throw new Error(
      `${label}: expected ${status}${bytes === undefined ? '' : ` with ${bytes} bytes`}, ` +
        `got ${answer.status} with ${answer.bytes} bytes`,
    );
}

/** Every target serves the same bytes, a range as a real 206, and the redirect leads to both. */
async function checkTargets(targets: Record<string, Target>, fileBytes: number): Promise<void> {
  const range = { range: rangeHeader(1, fileBytes) };
  for (const [name, target] of Object.entries(targets)) {
    const sendIt = (headers: Record<string, string> = {}) =>
      sendFollowingRedirect(target.server.port, requestTo(target, headers));
    if (target.expectStatus)
      expectAnswer(name, await send(target.server.port, requestTo(target, {})), target.expectStatus);
    expectAnswer(`${name}, whole file`, await sendIt(), 200, fileBytes);
    expectAnswer(`${name}, range`, await sendIt(range), 206, RANGE_BYTES);
  }
}

const fixed = (value: number) => value.toFixed(1);

export async function benchAudioRoute(
  options: HttpBenchOptions & { audio: ServedAudio; s3: AudioOnS3 },
): Promise<{ rows: Row[]; notes: string[] }> {
  const { ours, floor, cookie, audio, s3 } = options;
  const oursPath = `/media/audio/${audio.assetId}/${audio.fileName}`;
  // Under load, in this order in every round.
  const targets = {
    disk: { server: ours, path: oursPath, cookie },
    floor: { server: floor, path: `/static/${audio.key}` },
    proxied: { server: s3.proxied, path: oursPath, cookie, upstream: s3.server },
    redirect: { server: s3.redirected, path: oursPath, cookie, expectStatus: 302 },
  } satisfies Record<string, Target>;
  // One listener pressing play: the redirect is followed to the bucket, as a browser does.
  const firstByteTargets = {
    floor: targets.floor,
    proxied: targets.proxied,
    redirect: { server: s3.redirected, path: oursPath, cookie, followRedirect: true, upstream: s3.server },
  } satisfies Record<string, Target>;
  await checkTargets(targets, audio.bytes);

  const variants: Variant[] = [
    { name: 'full file', expectStatus: 200, headers: () => ({}) },
    {
      name: '64 KiB ranges',
      expectStatus: 206,
      headers: (index) => ({ range: rangeHeader(index, audio.bytes) }),
    },
  ];
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const variant of variants) {
    const load = await rounds(targets, variant, { ...options, label: 'load' });
    const firstByte = await rounds(firstByteTargets, variant, {
      ...options,
      connections: 1,
      label: 'first byte',
    });
    const v = variant.name;
    rows.push(
      compared('Audio route (disk)', `req/s, ${v}`, load.disk, load.floor, 'rps', {
        kind: 'ratio-at-least',
        value: 0.9,
      }),
      compared(
        'Audio route (disk)',
        `Server CPU per request, ${v}`,
        load.disk,
        load.floor,
        'serverCpuMsPerRequest',
      ),
      compared('Audio route (S3, proxied)', `req/s, ${v}`, load.proxied, load.floor, 'rps'),
      compared(
        'Audio route (S3, proxied)',
        `Server CPU per request, ${v}`,
        load.proxied,
        load.floor,
        'serverCpuMsPerRequest',
      ),
      compared(
        'Audio route (S3, proxied)',
        `First byte p50, one listener, ${v}`,
        firstByte.proxied,
        firstByte.floor,
        'firstByteP50Ms',
      ),
      compared(
        'Audio route (S3, proxied)',
        `First byte p99, one listener, ${v}`,
        firstByte.proxied,
        firstByte.floor,
        'firstByteP99Ms',
      ),
      compared('Audio route (S3, 302)', `302 answers/s, ${v}`, load.redirect, load.floor, 'rps'),
      compared(
        'Audio route (S3, 302)',
        `Server CPU per 302, ${v}`,
        load.redirect,
        load.floor,
        'serverCpuMsPerRequest',
      ),
      compared(
        'Audio route (S3, 302)',
        `First byte p50 via the 302, one listener, ${v}`,
        firstByte.redirect,
        firstByte.floor,
        'firstByteP50Ms',
      ),
      compared(
        'Audio route (S3, 302)',
        `First byte p99 via the 302, one listener, ${v}`,
        firstByte.redirect,
        firstByte.floor,
        'firstByteP99Ms',
      ),
    );
    const latency = (name: keyof typeof targets) =>
      `${targets[name].server.name} ${fixed(medianOf(load[name], 'p50Ms'))}/${fixed(medianOf(load[name], 'p99Ms'))} ms`;
    notes.push(
      `Audio route, ${v}, latency p50/p99 under load (${options.connections} connections): ` +
        `${(Object.keys(targets) as (keyof typeof targets)[]).map(latency).join(', ')}; load generator CPU share ` +
        `${(medianOf(Object.values(load).flat(), 'clientCpuShare') * 100).toFixed(0)} %. fauxqs CPU per request: ` +
        `${medianOf(load.proxied, 'upstreamCpuMsPerRequest').toFixed(2)} ms proxied, ` +
        `${medianOf(firstByte.redirect, 'upstreamCpuMsPerRequest').toFixed(2)} ms per followed presigned GET.`,
    );
  }
  notes.unshift(
    `Audio route: a ${(audio.bytes / 1024).toFixed(0)} KiB AAC/M4A file (a ${audio.seconds} s voice post) behind a ` +
      `public post, fetched with the viewer's session cookie as a browser sends it (public media needs the asset's ` +
      `row, no session lookup). The floor is @fastify/static in a bare Fastify app over the disk store's folder. ` +
      `In each round the four run one after another (disk, floor, S3 proxied, S3 302) and each of ours is paired ` +
      `with that round's floor.`,
    `Audio route on S3: the same bytes under the same key in a bucket of fauxqs, an S3 emulator written in Node ` +
      `(objects in memory), in a process of its own over 127.0.0.1, so its CPU is not in "Server CPU"; a real S3 ` +
      `answers at other speeds, so the S3 rows' req/s and first-byte times describe fauxqs as much as us, while ` +
      `Server CPU is our process's own cost. "302" rows are ours answering with the redirect alone; "first byte ` +
      `via the 302" runs from the request to the app to the first byte of the presigned GET it leads to (one ` +
      `keep-alive connection to each), against the floor's first byte, one listener at a time.`,
  );
  return { rows, notes };
}
