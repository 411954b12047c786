import { send, type LoadRequest } from './http-load';
import { log, type Row } from './report';
import type { ServedAudio } from './seed';
import {
  describeRound,
  loadRound,
  medianOf,
  pairedRatioOf,
  type HttpBenchOptions,
  type RoundResult,
} from './servers';

const RANGE_BYTES = 64 * 1024;
/** Fixed pseudo-random 64 KiB windows (a player seeking around), the same sequence for both sides. */
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

export async function benchAudioRoute(
  options: HttpBenchOptions & { audio: ServedAudio },
): Promise<{ rows: Row[]; notes: string[] }> {
  const { ours, floor, cookie, audio } = options;
  const oursPath = `/media/audio/${audio.assetId}/${audio.fileName}`;
  const floorPath = `/static/${audio.key}`;

  // Same bytes from both, and a real 206 for a range.
  const oursWhole = await send(ours.port, { path: oursPath, headers: { cookie } });
  const floorWhole = await send(floor.port, { path: floorPath });
  const oursRange = await send(ours.port, {
    path: oursPath,
    headers: { cookie, range: rangeHeader(1, audio.bytes) },
  });
  if (oursWhole.status !== 200 || floorWhole.status !== 200 || oursWhole.bytes !== audio.bytes)
    throw new Error(`media route check failed: ours ${oursWhole.status}, floor ${floorWhole.status}`);
  if (oursRange.status !== 206 || oursRange.bytes !== RANGE_BYTES)
    throw new Error(`range check failed: ${oursRange.status}, ${oursRange.bytes} bytes`);

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
    const oursRequest = (index: number): LoadRequest => ({
      path: oursPath,
      headers: { cookie, ...variant.headers(index) },
    });
    const floorRequest = (index: number): LoadRequest => ({
      path: floorPath,
      headers: variant.headers(index),
    });
    const load = { connections: options.connections, expectStatus: variant.expectStatus };
    log(`audio (${variant.name}): warm-up`);
    await loadRound(ours, { ...load, durationMs: 1000, request: oursRequest });
    await loadRound(floor, { ...load, durationMs: 1000, request: floorRequest });
    const oursRounds: RoundResult[] = [];
    const floorRounds: RoundResult[] = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      oursRounds.push(
        await loadRound(ours, { ...load, durationMs: options.durationMs, request: oursRequest }),
      );
      floorRounds.push(
        await loadRound(floor, { ...load, durationMs: options.durationMs, request: floorRequest }),
      );
      log(
        `audio (${variant.name}): round ${round}/${options.rounds}: ours ${describeRound(oursRounds.at(-1)!)}`,
      );
      log(
        `audio (${variant.name}): round ${round}/${options.rounds}: floor ${describeRound(floorRounds.at(-1)!)}`,
      );
    }
    const failed = [...oursRounds, ...floorRounds].find((result) => result.errors > 0);
    rows.push(
      {
        section: 'Audio route',
        measure: `/media/audio vs @fastify/static, ${variant.name}, req/s`,
        ours: medianOf(oursRounds, 'rps'),
        floor: medianOf(floorRounds, 'rps'),
        ratio: pairedRatioOf(oursRounds, floorRounds, 'rps'),
        unit: 'req/s',
        goal: { kind: 'ratio-at-least', value: 0.9 },
        ...(failed && { invalid: `${failed.errors} failed requests: ${failed.firstError}` }),
      },
      {
        section: 'Audio route',
        measure: `Server CPU per request, ${variant.name}`,
        ours: medianOf(oursRounds, 'serverCpuMsPerRequest'),
        floor: medianOf(floorRounds, 'serverCpuMsPerRequest'),
        ratio: pairedRatioOf(oursRounds, floorRounds, 'serverCpuMsPerRequest'),
        unit: 'ms',
      },
    );
    notes.push(
      `Audio route, ${variant.name}: p99 ours ${medianOf(oursRounds, 'p99Ms').toFixed(1)} ms, floor ${medianOf(floorRounds, 'p99Ms').toFixed(1)} ms; ` +
        `load generator CPU share ${(medianOf([...oursRounds, ...floorRounds], 'clientCpuShare') * 100).toFixed(0)} %.`,
    );
  }
  notes.unshift(
    `Audio route: a ${(audio.bytes / 1024).toFixed(0)} KiB AAC/M4A file (a ${audio.seconds} s voice post) behind a public post, ` +
      `fetched with the viewer's session cookie (so ours also resolves the session and checks visibility); the ` +
      `floor is @fastify/static in a bare Fastify app over the same media directory.`,
  );
  return { rows, notes };
}
