import os from 'node:os';
import path from 'node:path';
import { createDatabase, migrateToLatest } from '../src/server/db/database';
import { loadConfig } from '../src/server/config';
import { createFfmpeg } from '../src/server/media/ffmpeg';
import { resolveFfmpegBinaries } from '../src/server/media/ffmpeg-binaries';
import { ffmpegVersion, makeAacClip, makeSpeechWebm, type Fixture } from './audio-fixtures';
import { benchAudioRoute } from './audio-route';
import { benchFeed, benchFeedQuery } from './feed';
import { signUp } from './http-load';
import { benchMedia } from './media';
import { describeCpu, hasProc } from './proc-stats';
import { isMet, log, renderTable, type Row } from './report';
import { seedFeed, seedPublicAudio } from './seed';
import { startServer } from './servers';
import { benchRenditionLag } from './rendition-lag';
import { benchUploadMemory } from './upload-memory';
import { Workspace } from './workspace';

/**
 * `npm run bench [-- --quick] [-- --only=media,feed,audio,upload,lag]`: each of ours against its floor on this machine,
 * alternating the two, medians of several rounds. Progress goes to stderr, the table to stdout.
 */

const SECTIONS = ['media', 'feed', 'audio', 'upload', 'lag'] as const;
/** A typical voice post: what the rendition-lag section uploads over and over. */
const LAG_CLIP_SECONDS = 20;
type Section = (typeof SECTIONS)[number];

interface Settings {
  sections: Set<Section>;
  mediaSeconds: number;
  mediaRounds: number;
  httpRounds: number;
  httpDurationMs: number;
  connections: number;
  posts: number;
  users: number;
  lagDurationMs: number;
}

function parseArgs(argv: string[]): Settings {
  const quick = argv.includes('--quick');
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const sections = new Set<Section>(
    only
      ? only.split(',').filter((name): name is Section => (SECTIONS as readonly string[]).includes(name))
      : SECTIONS,
  );
  if (sections.size === 0) throw new Error(`--only takes a list of: ${SECTIONS.join(', ')}`);
  return {
    sections,
    mediaSeconds: quick ? 60 : 600,
    mediaRounds: quick ? 2 : 9,
    httpRounds: quick ? 2 : 7,
    httpDurationMs: quick ? 1500 : 3000,
    connections: 10,
    posts: 10_000,
    users: 20,
    lagDurationMs: quick ? 15_000 : 60_000,
  };
}

async function benchHttp(
  workspace: Workspace,
  settings: Settings,
  ffmpegPath: string,
  speech: () => Promise<Fixture>,
): Promise<{ rows: Row[]; notes: string[] }> {
  const dataDir = await workspace.dir('http-data');
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = createDatabase(config.database);
  let seeded;
  let audio;
  let queryRow: Row | undefined;
  try {
    await migrateToLatest(db, config.database);
    log(`http: seeding ${settings.posts} posts by ${settings.users} people`);
    seeded = await seedFeed(db, { users: settings.users, posts: settings.posts });
    const source = await speech();
    const clip = await makeAacClip(
      ffmpegPath,
      source.file,
      path.join(workspace.root, 'clip.m4a'),
      Math.min(120, source.seconds),
    );
    audio = await seedPublicAudio(db, dataDir, seeded.userIds[0]!, clip);
    if (settings.sections.has('feed')) queryRow = await benchFeedQuery(db);
  } finally {
    await db.destroy();
  }

  const [ours, floor] = await Promise.all([
    startServer(workspace, 'ours', dataDir),
    startServer(workspace, 'floor', dataDir),
  ]);
  try {
    const cookie = await signUp(ours.port, 'bench-viewer@example.com');
    const options = {
      ours,
      floor,
      cookie,
      rounds: settings.httpRounds,
      durationMs: settings.httpDurationMs,
      connections: settings.connections,
    };
    const rows: Row[] = [];
    const notes = [
      `HTTP data: ${seeded.posts} posts (${seeded.publicPosts} public) by ${settings.users} people in SQLite; ours is ` +
        `buildApp() with NODE_ENV=production, LOG_LEVEL=warn, jobs off.`,
    ];
    if (settings.sections.has('feed')) {
      const feed = await benchFeed(options);
      rows.push(...feed.rows, ...(queryRow ? [queryRow] : []));
      notes.push(...feed.notes);
    }
    if (settings.sections.has('audio')) {
      const route = await benchAudioRoute({ ...options, audio });
      rows.push(...route.rows);
      notes.push(...route.notes);
    }
    return { rows, notes };
  } finally {
    await Promise.all([workspace.stop(ours.child), workspace.stop(floor.child)]);
  }
}

async function main(): Promise<number> {
  const settings = parseArgs(process.argv.slice(2));
  if (!hasProc) log('warning: no /proc here, so CPU and memory figures are unavailable (Linux only)');
  const workspace = await Workspace.create();
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    log(`${signal}: cleaning up`);
    void workspace.dispose().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', () => workspace.disposeSync());

  // The ffmpeg and the timeout the server would use in this environment.
  const mediaConfig = loadConfig({
    ...(process.env.FFMPEG_PATH && { FFMPEG_PATH: process.env.FFMPEG_PATH }),
    ...(process.env.FFMPEG_TIMEOUT_SECONDS && { FFMPEG_TIMEOUT_SECONDS: process.env.FFMPEG_TIMEOUT_SECONDS }),
  });
  const binaries = resolveFfmpegBinaries({ ffmpegPath: mediaConfig.ffmpegPath });
  const ffmpegPath = binaries.ffmpeg.path;
  const rows: Row[] = [];
  const notes = [
    'Ours and Floor are medians over rounds; Ratio is the median of per-round ratios (each round of ours over the ' +
      'floor run right after it), so drift in the machine load cancels within a pair.',
    `Machine: ${describeCpu()}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
      `Node ${process.version}; ${binaries.ffmpeg.source} ffmpeg ${ffmpegPath} (${await ffmpegVersion(ffmpegPath)}).`,
  ];
  const failures: string[] = [];

  let speech: Promise<Fixture> | undefined;
  const speechFixture = () => {
    speech ??= (async () => {
      log(`fixtures: generating ${settings.mediaSeconds} s of speech-like Opus/WebM`);
      return makeSpeechWebm(ffmpegPath, await workspace.dir('fixtures'), settings.mediaSeconds);
    })();
    return speech;
  };

  const loads: string[] = [];
  const run = async (name: string, section: () => Promise<{ rows: Row[]; notes: string[] }>) => {
    const before = os.loadavg()[0]!;
    try {
      const result = await section();
      rows.push(...result.rows);
      notes.push(...result.notes);
    } catch (error) {
      failures.push(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      loads.push(`${name} ${before.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`);
    }
  };

  try {
    if (settings.sections.has('media')) {
      await run('media', async () =>
        benchMedia({
          ffmpeg: createFfmpeg(binaries, { timeoutMs: mediaConfig.ffmpegTimeoutMs }),
          input: await speechFixture(),
          directory: await workspace.dir('media'),
          rounds: settings.mediaRounds,
        }),
      );
    }
    if (settings.sections.has('feed') || settings.sections.has('audio')) {
      await run('http', () => benchHttp(workspace, settings, ffmpegPath, speechFixture));
    }
    if (settings.sections.has('upload')) await run('upload', () => benchUploadMemory(workspace));
    if (settings.sections.has('lag')) {
      await run('lag', async () =>
        benchRenditionLag(workspace, {
          clip: await makeSpeechWebm(ffmpegPath, await workspace.dir('lag-fixtures'), LAG_CLIP_SECONDS),
          durationMs: settings.lagDurationMs,
        }),
      );
    }
  } finally {
    await workspace.dispose();
  }
  // Half-finished sections are no result; the signal handler exits once cleanup is done.
  if (interrupted) return 130;

  notes.push(
    `1-minute load average at the start and end of each section (this machine has ${os.availableParallelism()} ` +
      `cores; anything well above what the bench itself runs means other work shared the CPU): ${loads.join(', ')}.`,
  );
  const goals = rows.filter((row) => row.goal);
  const met = goals.filter((row) => isMet(row));
  const output = [
    '',
    renderTable(rows),
    '',
    `${met.length} of ${goals.length} goals met.`,
    '',
    ...notes.map((note) => `- ${note}`),
    ...(failures.length ? ['', 'Sections that failed:', ...failures.map((failure) => `- ${failure}`)] : []),
    '',
  ];
  process.stdout.write(output.join('\n'));
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
