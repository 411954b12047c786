import { statSync } from 'node:fs';
import type { ResolvedBinary } from './ffmpeg-binary';
import { MediaProcessError, runProcess } from './process-runner';

/** What the pipeline asks of ffmpeg (media/ffmpeg.ts), and `sine` and `lavfi` for the probe below. */
const REQUIRED = {
  filters: ['amovie', 'amultiply', 'aresample', 'aformat', 'volume', 'concat', 'asplit', 'sine'],
  encoders: ['aac', 'libopus', 'pcm_s16le'],
  demuxers: ['matroska', 'mov', 'wav', 'ogg', 'flac', 'mp3', 'aac', 'lavfi'],
} as const;

/** A check never waits longer than this, whatever the media timeout: a hung ffmpeg must show quickly. */
const CHECK_TIMEOUT_MS = 10_000;
const PROBE_SECONDS = 0.1;
const PROBE_RATE = 8000;

const checkTimeout = (timeoutMs: number) => Math.min(timeoutMs, CHECK_TIMEOUT_MS);

function describeFailure(error: unknown): string {
  if (error instanceof MediaProcessError) {
    if (error.reason === 'not-started') return 'is missing or cannot be run';
    if (error.reason === 'timed-out') return 'does not answer (it hangs)';
    return `fails (${error.message.slice(-300)})`;
  }
  throw error;
}

/**
 * Decodes a tenth of a second of generated tone to 32-bit float WAV on a pipe, as every analysis does. Resolves
 * with undefined when ffmpeg works, else with what is wrong ("is missing or cannot be run").
 */
async function probeFfmpeg(binaryPath: string, timeoutMs: number): Promise<string | undefined> {
  let bytes = 0;
  try {
    await runProcess(
      binaryPath,
      [
        '-nostdin',
        '-hide_banner',
        '-nostats',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:sample_rate=${PROBE_RATE}:duration=${PROBE_SECONDS}`,
        '-af',
        'aformat=channel_layouts=mono',
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        'pipe:1',
      ],
      {
        timeoutMs: checkTimeout(timeoutMs),
        onStdout: (stdout) => stdout.on('data', (chunk: Buffer) => (bytes += chunk.length)),
      },
    );
  } catch (error) {
    return describeFailure(error);
  }
  const expected = PROBE_SECONDS * PROBE_RATE * 2;
  return bytes >= expected ? undefined : `decoded ${bytes} bytes of a test tone instead of about ${expected}`;
}

/** The names in one of ffmpeg's lists (`-filters`, `-encoders`, `-demuxers`): the second column, split at commas. */
function namesIn(listing: string): Set<string> {
  return new Set(listing.split('\n').flatMap((line) => line.trim().split(/\s+/)[1]?.split(',') ?? []));
}

/** What the pipeline needs that this ffmpeg lacks, or why its lists could not be read. */
async function capabilityProblem(binaryPath: string, timeoutMs: number): Promise<string | undefined> {
  const kinds = Object.keys(REQUIRED) as Array<keyof typeof REQUIRED>;
  let listings: string[];
  try {
    listings = await Promise.all(
      kinds.map((kind) => runProcess(binaryPath, ['-nostdin', '-hide_banner', `-${kind}`], { timeoutMs })),
    );
  } catch (error) {
    return describeFailure(error);
  }
  const missing = kinds.flatMap((kind, index) => {
    const present = namesIn(listings[index]!);
    return REQUIRED[kind].filter((name) => !present.has(name)).map((name) => `${kind.slice(0, -1)} ${name}`);
  });
  return missing.length > 0 ? `lacks what the pipeline uses (${missing.join(', ')})` : undefined;
}

export const BUNDLED_FFMPEG_REFUSAL =
  'Refusing to start in production on the npm-shipped ffmpeg: it is a 2018 build without security fixes and it ' +
  'would parse every upload; install the system ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH, or set ' +
  'ALLOW_BUNDLED_FFMPEG=1 to accept the risk.';

/** The builds that passed the start-up check in this process, by path and file: the same binary answers the same. */
const verifiedBuilds = new Set<string>();

/** The file at `binaryPath` as it is now; undefined when it cannot be read (the check then says why). */
function buildIdentity(binaryPath: string): string | undefined {
  try {
    const file = statSync(binaryPath);
    return `${binaryPath}\0${file.dev}:${file.ino}:${file.size}:${file.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/**
 * The start-up check: ffmpeg runs, decodes, and has every filter, encoder and demuxer the pipeline uses; the
 * npm-shipped build only where `allowBundled`. Throws one sentence naming the binary and what is wrong. A build
 * that passed is not run again by a later start in the same process (another instance, another app) unless its file
 * changed.
 */
export async function verifyFfmpeg(
  binary: ResolvedBinary,
  options: { timeoutMs: number; allowBundled: boolean },
): Promise<void> {
  if (binary.source === 'npm' && !options.allowBundled) throw new Error(BUNDLED_FFMPEG_REFUSAL);
  const identity = buildIdentity(binary.path);
  if (identity !== undefined && verifiedBuilds.has(identity)) return;
  const [decodeProblem, listProblem] = await Promise.all([
    probeFfmpeg(binary.path, options.timeoutMs),
    capabilityProblem(binary.path, checkTimeout(options.timeoutMs)),
  ]);
  const problem = decodeProblem ?? listProblem;
  if (problem) {
    throw new Error(
      `ffmpeg at ${binary.path} (${binary.source}) ${problem}, so the server cannot process audio: install ` +
        `ffmpeg (apt-get install ffmpeg) or point FFMPEG_PATH at a working build.`,
    );
  }
  if (identity !== undefined) verifiedBuilds.add(identity);
}

/** How long a probe's answer is reused: a flood of bad uploads or health checks runs ffmpeg at most this often. */
const PROBE_CACHE_MS = 10_000;

export interface FfmpegHealth {
  /** Undefined when ffmpeg works, else what is wrong; probed at most once per 10 s. */
  problem(): Promise<string | undefined>;
}

export function createFfmpegHealth(
  binaryPath: string,
  timeoutMs: number,
  now: () => number = Date.now,
): FfmpegHealth {
  let cached: { at: number; answer: Promise<string | undefined> } | undefined;
  return {
    problem() {
      if (!cached || now() - cached.at > PROBE_CACHE_MS) {
        cached = { at: now(), answer: probeFfmpeg(binaryPath, timeoutMs) };
      }
      return cached.answer;
    },
  };
}
