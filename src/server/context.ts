import type { Config } from './config';
import { createSessionStore, type SessionStore } from './auth/session-store';
import { createDatabase, migrateToLatest, type Db } from './db/database';
import { resolveFfmpegBinaries } from './media/ffmpeg-binaries';
import { createFfmpeg, type Ffmpeg } from './media/ffmpeg';
import { createAccountService, type AccountService } from './services/account-service';
import { createLoginThrottle } from './services/login-throttle';
import { createUserService, type UserService } from './services/user-service';
import { createTempFiles, type TempFiles } from './storage/temp-files';

/** The composition root: every adapter and service, each given only what it needs. */
export interface AppContext {
  config: Config;
  db: Db;
  sessions: SessionStore;
  accounts: AccountService;
  users: UserService;
  ffmpeg: Ffmpeg;
  tempFiles: TempFiles;
}

export async function createContext(
  config: Config,
  options: { preferNpmFfmpeg?: boolean } = {},
): Promise<AppContext> {
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const binaries = resolveFfmpegBinaries({
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    preferNpm: options.preferNpmFfmpeg ?? false,
  });
  return {
    config,
    db,
    sessions: createSessionStore(db),
    accounts: createAccountService(db, createLoginThrottle(db)),
    users: createUserService(db),
    ffmpeg: createFfmpeg(binaries),
    tempFiles: createTempFiles(config.dataDir),
  };
}
