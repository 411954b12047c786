import type { Health } from '@shared/contract/health';
import type { FastifyBaseLogger } from 'fastify';
import { statfs } from 'node:fs/promises';
import { pingDatabase, type Db } from '../db/database';
import { jobBacklog } from '../db/queries/job-backlog';
import type { FfmpegHealth } from '../media/ffmpeg-check';

export interface HealthService {
  /** The state of everything the server needs; `status` is 'unavailable' when the database or ffmpeg is unusable. */
  report(): Promise<Health>;
}

async function storageOf(dataDir: string): Promise<Health['storage']> {
  try {
    const space = await statfs(dataDir);
    return { freeBytes: space.bavail * space.bsize, totalBytes: space.blocks * space.bsize };
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
      ];
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
