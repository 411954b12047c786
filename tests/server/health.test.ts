import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/ids';
import { createHealthService } from '../../src/server/services/health-service';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`health on ${databaseKind}`, () => {
  it.each(['/api/health/ready', '/api/health'])(
    '%s reports the database, ffmpeg, storage and job backlog, with "status":"ok" for load balancers',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const health = response.json();
      expect(health).toMatchObject({ status: 'ok', database: { ok: true }, ffmpeg: { ok: true } });
      expect(health.message).toBeUndefined();
      expect(health.storage.ok).toBe(true);
      expect(health.storage.freeBytes).toBeGreaterThan(0);
      expect(health.storage.totalBytes).toBeGreaterThanOrEqual(health.storage.freeBytes);
      expect(health.jobs).toEqual({ queued: expect.any(Number), oldestDueSeconds: null, failedLastHour: 0 });
    },
  );

  it('answers liveness with a bare "status":"ok" that checks nothing else', async () => {
    const response = await testApp.app.inject({ url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('takes an instance whose database is gone out of the balancer (503 with the report) but keeps it alive', async () => {
    const lonely = await createTestApp();
    try {
      await lonely.context.db.destroy();
      for (const url of ['/api/health/ready', '/api/health']) {
        const ready = await lonely.app.inject({ url });
        expect(ready.statusCode, url).toBe(503);
        expect(ready.headers['cache-control']).toBe('no-store');
        expect(ready.json()).toMatchObject({
          status: 'unavailable',
          message: 'The database is unreachable.',
          database: { ok: false },
          ffmpeg: { ok: true },
          storage: { ok: true },
          jobs: null,
        });
      }
      const live = await lonely.app.inject({ url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await lonely.close();
    }
  });

  it('counts queued jobs, the wait of the oldest due one and the jobs that failed for good in the last hour', async () => {
    // Rows a day ahead, so this app's worker never takes them; the report is made as of then.
    const then = new Date(Date.now() + DAY_MS);
    const at = (secondsBefore: number) => new Date(then.getTime() - secondsBefore * 1000).toISOString();
    const job = (status: 'queued' | 'failed', runAfter: string, updatedAt: string) => ({
      id: newId(),
      name: 'test.health',
      payload_json: '{}',
      unique_key: null,
      status,
      max_attempts: 5,
      run_after: runAfter,
      locked_until: null,
      last_error: status === 'failed' ? 'gave up' : null,
      created_at: updatedAt,
      updated_at: updatedAt,
    });
    await testApp.context.db
      .insertInto('jobs')
      .values([
        job('queued', at(90), at(90)),
        job('queued', at(30), at(30)),
        job('queued', at(-600), at(100)), // not due yet
        job('failed', at(600), at(600)),
        job('failed', at(3 * 3600), at(3 * 3600)), // failed long ago
      ])
      .execute();
    const health = createHealthService({
      db: testApp.context.db,
      ffmpeg: testApp.context.ffmpeg.health,
      storage: testApp.context.blobs,
      scratch: testApp.context.scratch,
      log: testApp.context.log,
      now: () => then,
    });
    const report = await health.report();
    expect(report.jobs).toEqual({ queued: 3, oldestDueSeconds: 90, failedLastHour: 1 });
  });
});
