import type { Health } from '@shared/contract/health';
import { MAX_AUDIO_BYTES } from '@shared/domain/posts';
import type { FastifyBaseLogger } from 'fastify';
import { statfs } from 'node:fs/promises';
import { pingDatabase, type Db } from '../db/database';
import { jobBacklog } from '../db/queries/job-backlog';
import type { FfmpegHealth } from '../media/ffmpeg-check';

export interface HealthService {
  /**
   * The state of everything the server needs; `status` is 'unavailable' when the database or ffmpeg is unusable, or
   * the disk under DATA_DIR has no room left for an upload.
   */
  report(): Promise<Health>;
}

async function storageOf(dataDir: string): Promise<Health['storage']> {
  try {
    const space = await statfs(dataDir);
    const freeBytes = space.bavail * space.bsize;
    return { ok: freeBytes >= MAX_AUDIO_BYTES, freeBytes, totalBytes: space.blocks * space.bsize };
  } catch {
    return null;
  }
}

export function createHealthService(deps: {
  db: Db;
  ffmpeg: FfmpegHealth;
  dataDir: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}): HealthService {
  const now = deps.now ?? (() => new Date());

  async function jobsIfReachable(): Promise<Health['jobs'] | undefined> {
    try {
      await pingDatabase(deps.db);
      return await jobBacklog(deps.db, now());
    } catch (error) {
      deps.log.error({ err: error }, 'health check: database unreachable');
      return undefined;
    }
  }

  return {
    async report() {
      const [jobs, ffmpegProblem, storage] = await Promise.all([
        jobsIfReachable(),
        deps.ffmpeg.problem(),
        storageOf(deps.dataDir),
      ]);
      if (ffmpegProblem) deps.log.error({ problem: ffmpegProblem }, 'health check: ffmpeg unusable');
      const problems = [
        ...(jobs === undefined ? ['The database is unreachable.'] : []),
        ...(ffmpegProblem ? ['ffmpeg is not usable, so audio cannot be processed.'] : []),
        ...(storage?.ok === false
          ? ['The disk under DATA_DIR is almost full, so uploads cannot be stored.']
          : []),
      ];
      if (storage?.ok === false) deps.log.error({ storage }, 'health check: the disk is almost full');
      return {
        status: problems.length === 0 ? 'ok' : 'unavailable',
        ...(problems.length > 0 && { message: problems.join(' ') }),
        database: { ok: jobs !== undefined },
        ffmpeg: { ok: ffmpegProblem === undefined },
        storage,
        jobs: jobs ?? null,
      };
    },
  };
}
