import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createSessionStore, type SessionStore } from './auth/session-store';
import type { Config } from './config';
import { createDatabase, migrateToLatest, type Db } from './db/database';
import type { JobHandlers } from './jobs/catalogue';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { createFfmpeg, type Ffmpeg } from './media/ffmpeg';
import { resolveFfmpegBinaries } from './media/ffmpeg-binaries';
import { verifyFfmpeg } from './media/ffmpeg-check';
import { createAccountService, type AccountService } from './services/account-service';
import { createAudioLibrary } from './services/audio-library';
import { createAutosaveService, type AutosaveService } from './services/autosave-service';
import { createCommentService, type CommentService } from './services/comment-service';
import { createFollowService, type FollowService } from './services/follow-service';
import { createHealthService, type HealthService } from './services/health-service';
import { createNotificationService, type NotificationService } from './services/notification-service';
import { createReactionService, type ReactionService } from './services/reaction-service';
import { createImageLibrary } from './services/image-library';
import { createLoginThrottle } from './services/login-throttle';
import { createPostService, type PostService } from './services/post-service';
import { createUserService, type UserService } from './services/user-service';
import type { BlobStore } from './storage/blob-store';
import { createDiskBlobStore } from './storage/disk-blob-store';

/** The composition root: every adapter and service, each given only what it needs. */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  db: Db;
  blobs: BlobStore;
  ffmpeg: Ffmpeg;
  jobs: JobQueue;
  jobHandlers: JobHandlers;
  sessions: SessionStore;
  accounts: AccountService;
  users: UserService;
  posts: PostService;
  autosave: AutosaveService;
  reactions: ReactionService;
  follows: FollowService;
  comments: CommentService;
  notifications: NotificationService;
  health: HealthService;
}

export async function createContext(
  config: Config,
  options: { preferNpmFfmpeg?: boolean } = {},
): Promise<AppContext> {
  const log = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
  const binaries = resolveFfmpegBinaries({
    ffmpegPath: config.ffmpegPath,
    preferNpm: options.preferNpmFfmpeg ?? false,
  });
  await verifyFfmpeg(binaries.ffmpeg, {
    timeoutMs: config.ffmpegTimeoutMs,
    allowBundled: !config.isProduction || config.allowBundledFfmpeg,
  });
  const db = createDatabase(config.database, log);
  try {
    await migrateToLatest(db, config.database);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const ffmpeg = createFfmpeg(binaries, {
    timeoutMs: config.ffmpegTimeoutMs,
    concurrency: config.ffmpegConcurrency,
  });
  const blobs = createDiskBlobStore(config.dataDir);
  const jobs = createJobQueue(db, config.database.kind);
  const users = createUserService(db);
  const audio = createAudioLibrary(blobs, ffmpeg, db);
  const posts = createPostService({
    db,
    databaseKind: config.database.kind,
    audio,
    images: createImageLibrary(blobs),
    jobs,
  });
  const autosave = createAutosaveService({
    db,
    databaseKind: config.database.kind,
    blobs,
    audio,
    posts,
    log,
  });
  const notifications = createNotificationService(db, users);
  return {
    config,
    log,
    db,
    blobs,
    ffmpeg,
    jobs,
    jobHandlers: {
      'media.render-speech': ({ assetId }, { signal }) => audio.renderSpeech(assetId, signal),
      'autosave.recover-abandoned': (_payload, { signal }) => autosave.recoverAbandoned(signal),
    },
    sessions: createSessionStore(db),
    accounts: createAccountService(db, createLoginThrottle(db)),
    users,
    posts,
    autosave,
    reactions: createReactionService(db, notifications),
    follows: createFollowService(db, users, notifications),
    comments: createCommentService({ db, audio, jobs, users, notifications }),
    notifications,
    health: createHealthService({ db, ffmpeg: ffmpeg.health, dataDir: config.dataDir, log }),
  };
}
