import os from 'node:os';
import path from 'node:path';
import { createDatabase, migrateToLatest } from '../src/server/db/database';
import { loadConfig, type Config } from '../src/server/config';
import type { BlobStore } from '../src/server/storage/blob-store';
import { createBlobStore } from '../src/server/storage/create-blob-store';
import { s3Env } from '../tests/support/s3-server';
import { createFfmpeg } from '../src/server/media/ffmpeg';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-binary';
import { benchAlignment } from './alignment';
import { ffmpegVersion, makeAacClip, makeSpeechWebm, type Fixture } from './audio-fixtures';
import { benchAudioRoute } from './audio-route';
import { benchConversations } from './conversations';
import { benchEvents } from './events';
import { benchFeed } from './feed';
import { FULL_LIST_SEED, type ListSeedSize } from './list-seed';
import { benchDiscover } from './discover';
import { benchLists } from './lists';
import { benchSearch } from './search';
import { benchSilence } from './silence';
import { signedInId, signUp } from './http-load';
import { benchMedia } from './media';
import { benchPush } from './push';
import { benchFanout, benchInbox } from './federation';
import { describeCpu, hasProc } from './proc-stats';
import { isMet, log, renderTable, type Row } from './report';
import { seedFeed, seedPublicAudio, type SeededFeed, type ServedAudio } from './seed';
import { startS3Server, startServer, type S3Server, type ServerProcess } from './servers';
import { benchRenditionLag } from './rendition-lag';
import { benchUploadMemory } from './upload-memory';
import { benchImageMemory } from './image-memory';
import { benchEditorMemory } from './editor-memory';
import { repoRoot, Workspace } from './workspace';

/**
 * `npm run bench [-- --quick] [-- --only=media,feed,audio,upload,images,lag,events,conversations,lists,discover,search,editor,push,silence,alignment,fanout,inbox]`: each of ours
 * against its floor on this machine, alternating the two, medians of several rounds. Progress goes to stderr, the
 * table to stdout.
 */

const SECTIONS = [
  'media',
  'feed',
  'audio',
  'upload',
  'images',
  'lag',
  'events',
  'conversations',
  'lists',
  'discover',
  'search',
  'editor',
  'push',
  'silence',
  'alignment',
  'fanout',
  'inbox',
] as const;
/** The events, conversations, lists, discover and search sections need PostgreSQL: BENCH_DATABASE_URL, or the tests' database. */
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A typical voice post: what the rendition-lag section uploads over and over. */
const LAG_CLIP_SECONDS = 20;
/** Events the push section times, quick or not: the p95 is over a hundred. */
const PUSH_EVENTS = 100;
/** A short voice message: what the conversations and push sections send. */
const MESSAGE_CLIP_SECONDS = 3;
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
  eventStreams: number;
  conversations: { sends: number; sizes: [number, number] };
  lists: { size: ListSeedSize; samples: number; budgetMsPerPage: number };
  discoverSizes: [ListSeedSize, ListSeedSize];
  search: { samples: number; writes: number; writeRounds: number };
  alignment: { recordings: number; repeats: number };
}

/** Discover's smaller seed: a hundredth of the full data, to show its lists stay flat as posts grow. */
const SMALL_LIST_SEED: ListSeedSize = {
  ...FULL_LIST_SEED,
  users: 1_000,
  posts: 10_000,
  comments: 2_000,
  notifications: 10_000,
  heavyFollowing: 200,
};

/** A tenth of the full data, for --quick: still ten pages of every list. */
const QUICK_LIST_SEED: ListSeedSize = {
  ...FULL_LIST_SEED,
  users: 10_000,
  posts: 100_000,
  comments: 20_000,
  notifications: 100_000,
};

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
    eventStreams: quick ? 200 : 1000,
    conversations: { sends: quick ? 50 : 200, sizes: [100, 10_000] },
    lists: {
      size: quick ? QUICK_LIST_SEED : FULL_LIST_SEED,
      samples: quick ? 50 : 300,
      budgetMsPerPage: 10_000,
    },
    discoverSizes: [SMALL_LIST_SEED, quick ? QUICK_LIST_SEED : FULL_LIST_SEED],
    search: { samples: quick ? 50 : 300, writes: quick ? 500 : 2000, writeRounds: quick ? 2 : 5 },
    alignment: { recordings: quick ? 2 : 6, repeats: quick ? 1 : 3 },
  };
}

/** Ours on a bucket of that S3 server: bytes proxied through the app, or public media redirected to the bucket. */
function s3Storage(s3: S3Server, redirectPublicMedia: boolean): Record<string, string> {
  return { ...s3Env(s3.endpoint, s3.bucket), S3_REDIRECT_PUBLIC_MEDIA: String(redirectPublicMedia) };
}

interface HttpData {
  seeded: SeededFeed;
  audio: ServedAudio;
}

/** The feed's posts in the database, and the audio file in every store a server reads (the disk, a bucket). */
async function seedHttpData(
  settings: Settings,
  config: Config,
  stores: BlobStore[],
  clip: () => Promise<Fixture>,
): Promise<HttpData> {
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    log(`http: seeding ${settings.posts} posts by ${settings.users} people`);
    const seeded = await seedFeed(db, { users: settings.users, posts: settings.posts });
    const audio = await seedPublicAudio(db, stores, seeded.userIds[0]!, await clip());
    return { seeded, audio };
  } finally {
    await db.destroy();
  }
}

async function benchHttp(
  workspace: Workspace,
  settings: Settings,
  ffmpegPath: string,
  speech: () => Promise<Fixture>,
): Promise<{ rows: Row[]; notes: string[] }> {
  const dataDir = await workspace.dir('http-data');
  const configWith = (storage: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...storage });
  const config = configWith({ STORAGE: 'disk' });
  const servers: ServerProcess[] = [];
  const start = async <Server extends ServerProcess>(starting: Promise<Server>) => {
    const server = await starting;
    servers.push(server);
    return server;
  };
  try {
    // The audio section also serves the file from a bucket, so the bucket's server comes first.
    const s3 = settings.sections.has('audio') ? await start(startS3Server(workspace)) : undefined;
    const stores = [await createBlobStore(config)];
    if (s3) stores.push(await createBlobStore(configWith(s3Storage(s3, false))));
    const { seeded, audio } = await seedHttpData(settings, config, stores, async () => {
      const source = await speech();
      const file = path.join(workspace.root, 'clip.m4a');
      return makeAacClip(ffmpegPath, source.file, file, Math.min(120, source.seconds));
    });

    // One at a time: each of ours checks the (already migrated) schema as it starts. The floor answers the
    // viewer's own feed, so it starts once the viewer has signed up.
    const ours = await start(startServer(workspace, 'ours', dataDir, { name: 'ours (disk)' }));
    const cookie = await signUp(ours.port, 'bench-viewer@example.com');
    const viewerId = await signedInId(ours.port, cookie);
    const floor = await start(
      startServer(workspace, 'floor', dataDir, { feedViewer: { id: viewerId, cookie } }),
    );
    const onS3 = s3 && {
      server: s3,
      proxied: await start(
        startServer(workspace, 'ours', dataDir, {
          name: 'ours (S3, proxied)',
          storage: s3Storage(s3, false),
        }),
      ),
      redirected: await start(
        startServer(workspace, 'ours', dataDir, { name: 'ours (S3, 302)', storage: s3Storage(s3, true) }),
      ),
    };
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
      const feed = await benchFeed(options, { database: config.database, viewerId, people: seeded.userIds });
      rows.push(...feed.rows);
      notes.push(...feed.notes);
    }
    if (onS3) {
      const route = await benchAudioRoute({ ...options, audio, s3: onS3 });
      rows.push(...route.rows);
      notes.push(...route.notes);
    }
    return { rows, notes };
  } finally {
    await Promise.all(servers.map((server) => workspace.stop(server.child)));
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
  const ffmpegBinary = resolveFfmpeg({ ffmpegPath: mediaConfig.ffmpegPath });
  const ffmpegPath = ffmpegBinary.path;
  const rows: Row[] = [];
  const tables: string[] = [];
  const notes = [
    'Ours and Floor are medians over rounds; Ratio is the median of per-round ratios (each round of ours over the ' +
      'floor run right after it), so drift in the machine load cancels within a pair.',
    `Machine: ${describeCpu()}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
      `Node ${process.version}; ${ffmpegBinary.source} ffmpeg ${ffmpegPath} (${await ffmpegVersion(ffmpegPath)}).`,
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
  const run = async (
    name: string,
    section: () => Promise<{ rows: Row[]; notes: string[]; tables?: string[] }>,
  ) => {
    const before = os.loadavg()[0]!;
    try {
      const result = await section();
      rows.push(...result.rows);
      notes.push(...result.notes);
      tables.push(...(result.tables ?? []));
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
          ffmpeg: createFfmpeg(ffmpegBinary, { timeoutMs: mediaConfig.ffmpegTimeoutMs }),
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
    if (settings.sections.has('images')) await run('images', () => benchImageMemory(workspace));
    if (settings.sections.has('editor')) await run('editor', () => benchEditorMemory(workspace, ffmpegPath));
    if (settings.sections.has('lag')) {
      await run('lag', async () =>
        benchRenditionLag(workspace, {
          clip: await makeSpeechWebm(ffmpegPath, await workspace.dir('lag-fixtures'), LAG_CLIP_SECONDS),
          durationMs: settings.lagDurationMs,
        }),
      );
    }
    if (settings.sections.has('events')) {
      await run('events', () =>
        benchEvents(workspace, { streams: settings.eventStreams, databaseUrl: BENCH_DATABASE_URL }),
      );
    }
    if (settings.sections.has('conversations')) {
      await run('conversations', async () =>
        benchConversations(workspace, {
          ...settings.conversations,
          streams: settings.eventStreams,
          clip: await makeSpeechWebm(
            ffmpegPath,
            await workspace.dir('message-fixtures'),
            MESSAGE_CLIP_SECONDS,
          ),
          ffmpegPath,
          databaseUrl: BENCH_DATABASE_URL,
          samples: settings.lists.samples,
          budgetMsPerPage: settings.lists.budgetMsPerPage,
        }),
      );
    }
    if (settings.sections.has('push')) {
      await run('push', async () =>
        benchPush(workspace, {
          events: PUSH_EVENTS,
          clip: await makeSpeechWebm(ffmpegPath, await workspace.dir('push-fixtures'), MESSAGE_CLIP_SECONDS),
          ffmpegPath,
          databaseUrl: BENCH_DATABASE_URL,
        }),
      );
    }
    if (settings.sections.has('fanout')) {
      await run('fanout', async () =>
        benchFanout(workspace, {
          instances: 100,
          followersPerInstance: 100,
          clip: await makeSpeechWebm(
            ffmpegPath,
            await workspace.dir('fanout-fixtures'),
            MESSAGE_CLIP_SECONDS,
          ),
          ffmpegPath,
        }),
      );
    }
    if (settings.sections.has('inbox')) {
      await run('inbox', () =>
        benchInbox(workspace, {
          activities: settings.mediaRounds === 2 ? 500 : 3000,
          databaseUrl: BENCH_DATABASE_URL,
          ffmpegPath,
        }),
      );
    }
    if (settings.sections.has('silence')) {
      await run('silence', async () =>
        benchSilence({ ffmpegPath, directory: await workspace.dir('silence') }),
      );
    }
    if (settings.sections.has('lists')) {
      await run('lists', () =>
        benchLists(workspace, {
          ...settings.lists,
          cacheDir: process.env.BENCH_CACHE_DIR ?? path.join(repoRoot, 'bench', '.cache'),
          postgresUrl: BENCH_DATABASE_URL,
        }),
      );
    }
    if (settings.sections.has('discover')) {
      await run('discover', () =>
        benchDiscover(workspace, {
          sizes: settings.discoverSizes,
          samples: settings.lists.samples,
          budgetMsPerPage: settings.lists.budgetMsPerPage,
          cacheDir: process.env.BENCH_CACHE_DIR ?? path.join(repoRoot, 'bench', '.cache'),
          postgresUrl: BENCH_DATABASE_URL,
        }),
      );
    }
    if (settings.sections.has('search')) {
      await run('search', () =>
        benchSearch(workspace, {
          ...settings.search,
          size: settings.lists.size,
          cacheDir: process.env.BENCH_CACHE_DIR ?? path.join(repoRoot, 'bench', '.cache'),
          postgresUrl: BENCH_DATABASE_URL,
        }),
      );
    }
    if (settings.sections.has('alignment')) {
      await run('alignment', () =>
        benchAlignment(workspace, {
          ...settings.alignment,
          ffmpeg: createFfmpeg(ffmpegBinary, { timeoutMs: mediaConfig.ffmpegTimeoutMs }),
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
    ...tables.flatMap((table) => [table, '']),
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
