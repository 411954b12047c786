import type { Health } from '@shared/contract/health';
import type { FastifyBaseLogger } from 'fastify';
import { pingDatabase, type Db } from '../db/database';
import { jobBacklog } from '../db/queries/job-backlog';
import type { FfmpegHealth } from '../media/ffmpeg-check';
import type { BlobStore, StorageCheck } from '../storage/blob-store';
import type { ScratchFiles } from '../storage/scratch-files';

export interface HealthService {
  /**
   * The state of everything the server needs; `status` is 'unavailable' when the database or ffmpeg is unusable, or
   * the storage cannot take an upload (the disk under DATA_DIR has no room left for one).
   */
  report(): Promise<Health>;
}

export function createHealthService(deps: {
  db: Db;
  ffmpeg: FfmpegHealth;
  storage: Pick<BlobStore, 'check'>;
  scratch: Pick<ScratchFiles, 'check'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}): HealthService {
  const now = deps.now ?? (() => new Date());

  /**
   * The store, and the local disk every upload arrives on first (the same disk on the disk store, so its figures
   * are those of the disk that matters either way).
   */
  async function storageIfCheckable(): Promise<StorageCheck | undefined> {
    try {
      const [store, local] = await Promise.all([deps.storage.check(), deps.scratch.check()]);
      const figures = { freeBytes: local.freeBytes, totalBytes: local.totalBytes };
      const failed = [store, local].flatMap((check) => (check.ok ? [] : [check]));
      if (failed.length === 0) return { ok: true, ...figures };
      const joined = (texts: string[]) => [...new Set(texts)].join(' ');
      return {
        ok: false,
        problem: joined(failed.map((check) => check.problem)),
        detail: joined(failed.map((check) => check.detail ?? check.problem)),
        ...figures,
      };
    } catch (error) {
      deps.log.error({ err: error }, 'health check: storage could not be checked');
      return undefined;
    }
  }

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
        storageIfCheckable(),
      ]);
      if (ffmpegProblem) deps.log.error({ problem: ffmpegProblem }, 'health check: ffmpeg unusable');
      const problems = [
        ...(jobs === undefined ? ['The database is unreachable.'] : []),
        ...(ffmpegProblem ? ['ffmpeg is not usable, so audio cannot be processed.'] : []),
        ...(storage === undefined ? ['Media storage could not be checked.'] : []),
        ...(storage?.ok === false ? [storage.problem] : []),
      ];
      if (storage?.ok === false) deps.log.error({ storage }, 'health check: storage cannot take uploads');
      return {
        status: problems.length === 0 ? 'ok' : 'unavailable',
        ...(problems.length > 0 && { message: problems.join(' ') }),
        database: { ok: jobs !== undefined },
        ffmpeg: { ok: ffmpegProblem === undefined },
        storage: storage
          ? { ok: storage.ok, freeBytes: storage.freeBytes, totalBytes: storage.totalBytes }
          : null,
        jobs: jobs ?? null,
      };
    },
  };
}
