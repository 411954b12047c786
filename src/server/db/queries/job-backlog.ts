import type { Db } from '../database';

export interface JobBacklog {
  queued: number;
  oldestDueSeconds: number | null;
  failedLastHour: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** How far behind the background jobs are, for the health check. */
export async function jobBacklog(db: Db, now: Date): Promise<JobBacklog> {
  const at = now.toISOString();
  const [queued, oldestDue, failed] = await Promise.all([
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('run_after').as('runAfter'))
      .where('status', '=', 'queued')
      .where('run_after', '<=', at)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('status', '=', 'failed')
      .where('updated_at', '>=', new Date(now.getTime() - HOUR_MS).toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  const runAfter = oldestDue.runAfter as string | null;
  return {
    queued: Number(queued.count),
    oldestDueSeconds: runAfter ? Math.round((now.getTime() - Date.parse(runAfter)) / 1000) : null,
    failedLastHour: Number(failed.count),
  };
}
