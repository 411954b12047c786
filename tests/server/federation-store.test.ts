import { Temporal } from '@js-temporal/polyfill';
import type { KvStoreListEntry } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFederationEgress } from '../../src/server/federation/egress';
import { createKvStore } from '../../src/server/federation/kv-store';
import { createFederationQueue, type FederationMessage } from '../../src/server/federation/message-queue';
import { startJobWorker } from '../../src/server/jobs/job-worker';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/waits';

let testApp: TestApp;
const egress = createFederationEgress({
  allowPrivateAddresses: false,
  blockedDomainOf: async () => undefined,
});

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function listed(entries: AsyncIterable<KvStoreListEntry>): Promise<KvStoreListEntry[]> {
  const all: KvStoreListEntry[] = [];
  for await (const entry of entries) all.push(entry);
  return all;
}

describe("Fedify's key–value store in our database", () => {
  it('keeps, replaces and deletes JSON values under keys of several parts', async () => {
    const kv = createKvStore(testApp.context.db);
    expect(await kv.get(['doc', 'https://a.example/actor'])).toBeUndefined();
    await kv.set(['doc', 'https://a.example/actor'], { type: 'Person', n: 1 });
    await kv.set(['doc', 'https://a.example/actor'], { type: 'Person', n: 2 });
    expect(await kv.get(['doc', 'https://a.example/actor'])).toEqual({ type: 'Person', n: 2 });
    await kv.delete(['doc', 'https://a.example/actor']);
    expect(await kv.get(['doc', 'https://a.example/actor'])).toBeUndefined();
  });

  it('forgets an entry once its time to live has passed, for every instance sharing the database', async () => {
    let now = new Date('2026-11-29T10:00:00Z');
    const kv = createKvStore(testApp.context.db, { now: () => now });
    const other = createKvStore(testApp.context.db, { now: () => now });
    await kv.set(['ttl', 'key'], 'fresh', { ttl: Temporal.Duration.from({ minutes: 5 }) });
    expect(await other.get(['ttl', 'key'])).toBe('fresh');
    now = new Date('2026-11-29T10:05:01Z');
    expect(await other.get(['ttl', 'key'])).toBeUndefined();
    expect(await listed(kv.list(['ttl']))).toEqual([]);
    // Gone, it can be claimed again as if it never was.
    expect(await kv.cas!(['ttl', 'key'], undefined, 'again')).toBe(true);
  });

  it('swaps only from the value expected, so of two instances racing one wins', async () => {
    const first = createKvStore(testApp.context.db);
    const second = createKvStore(testApp.context.db);
    const claims = await Promise.all([
      first.cas!(['lock', 'host.example'], undefined, { holder: 'first' }),
      second.cas!(['lock', 'host.example'], undefined, { holder: 'second' }),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const holder = (await first.get<{ holder: string }>(['lock', 'host.example']))!;
    expect(await first.cas!(['lock', 'host.example'], { holder: 'nobody' }, { holder: 'x' })).toBe(false);
    expect(await second.cas!(['lock', 'host.example'], holder, { holder: 'next' })).toBe(true);
    expect(await first.get(['lock', 'host.example'])).toEqual({ holder: 'next' });
    expect(await first.cas!(['lock', 'host.example'], { holder: 'next' }, undefined)).toBe(true);
    expect(await first.get(['lock', 'host.example'])).toBeUndefined();
  });

  it('lists the entries under a prefix, and only those, in key order across pages', async () => {
    const kv = createKvStore(testApp.context.db);
    const hosts = Array.from({ length: 130 }, (_, index) => `h${String(index).padStart(3, '0')}.example`);
    for (const host of hosts) await kv.set(['breaker', host], { failures: 1 });
    await kv.set(['breaker'], 'the prefix itself');
    await kv.set(['breakers', 'x'], 'a neighbour, not under it');
    await kv.set(['break'], 'shorter, not under it');
    const entries = await listed(kv.list(['breaker']));
    expect(entries[0]).toEqual({ key: ['breaker'], value: 'the prefix itself' });
    expect(entries.slice(1).map((entry) => entry.key[1])).toEqual(hosts);
  });
});

describe("Fedify's message queue over our job queue", () => {
  it('runs each message through whichever worker claims it, after its delay, and stops listening on abort', async () => {
    const { context } = testApp;
    const queue = createFederationQueue(context.jobs, egress);
    const heard: FederationMessage[] = [];
    const listening = new AbortController();
    const stopped = queue.listen((message: FederationMessage) => void heard.push(message), {
      signal: listening.signal,
    });
    const worker = startJobWorker({
      queue: context.jobs,
      handlers: { ...context.jobHandlers, 'federation.message': ({ message }) => queue.run(message) },
      log: context.log,
      pollIntervalMs: 50,
    });
    try {
      await queue.enqueue({ type: 'outbox', n: 1 });
      await queue.enqueue({ type: 'outbox', n: 2 }, { delay: Temporal.Duration.from({ hours: 1 }) });
      await waitFor(async () => heard.length === 1 || undefined, 10_000, 'the first message');
      expect(heard).toEqual([{ type: 'outbox', n: 1 }]);
      const waiting = await context.db
        .selectFrom('jobs')
        .select(['name', 'run_after'])
        .where('name', '=', 'federation.message')
        .where('status', '=', 'queued')
        .execute();
      expect(waiting).toHaveLength(1);
      expect(Date.parse(waiting[0]!.run_after) - Date.now()).toBeGreaterThan(59 * 60_000);
    } finally {
      await worker.stop();
      listening.abort();
      await stopped;
    }
  });

  it('leaves a message for later when Fedify is not listening in this process', async () => {
    const queue = createFederationQueue(testApp.context.jobs, egress);
    await expect(queue.run({ type: 'inbox' })).rejects.toThrow('not listening');
  });
});
