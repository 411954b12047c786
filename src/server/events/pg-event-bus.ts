import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { listenOnChannel, notifyChannel, pingConnection } from '../db/queries/live-events';
import { parseLiveEvent, type EventBus } from './event-bus';
import { LocalSubscribers } from './local-subscribers';

const CHANNEL_PREFIX = 'earshot_events';
const JOBS_CHANNEL_PREFIX = 'earshot_jobs';
// PostgreSQL names (a channel is one) hold at most 63 bytes.
const MAX_CHANNEL_LENGTH = 63;
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 10_000;
/**
 * A connection cut without a reset (a failover, a NAT or balancer idle timeout) sends no error: it is found by
 * asking the server something this often, and by TCP keep-alive; a connect or probe that hangs counts as lost.
 */
const PROBE_EVERY_MS = 30_000;
const CONNECTION_TIMEOUT_MS = 10_000;

function channelOf(prefix: string, schema: string | undefined): string {
  if (!schema) return prefix;
  const channel = `${prefix}:${schema}`;
  if (channel.length <= MAX_CHANNEL_LENGTH) return channel;
  return `${prefix}:${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

/** One channel per schema, so two deployments sharing a database never hear each other. */
export const eventChannel = (schema: string | undefined) => channelOf(CHANNEL_PREFIX, schema);
/** The schema's channel for waking job workers; its notifications carry nothing. */
export const jobWakeupChannel = (schema: string | undefined) => channelOf(JOBS_CHANNEL_PREFIX, schema);

export interface PgEventBusOptions {
  url: string;
  schema: string | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Live events through PostgreSQL LISTEN/NOTIFY. `publish` NOTIFYs inside the writing transaction, so PostgreSQL
 * delivers the event only if that commits; so does `wakeJobWorkers`, on a channel of its own. Each instance holds one connection of its own (not from the pool,
 * which would hand it to queries; never through a transaction-mode pooler) that LISTENs on the channel and hands
 * each event to this instance's subscribers of its user. When that connection drops, it is opened again with
 * backoff, and every subscriber is told to resync, since events sent in between are lost.
 */
export function createPgEventBus({ url, schema, log }: PgEventBusOptions): EventBus {
  const channel = eventChannel(schema);
  // PostgreSQL folds a transaction's identical notifications into one: one wake-up however many jobs it queues.
  const jobsChannel = jobWakeupChannel(schema);
  const subscribers = new LocalSubscribers(log);
  const jobWorkers = new Set<() => void>();
  const wakeJobWorkers = () => {
    for (const wake of jobWorkers) wake();
  };
  let listener: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failedAttempts = 0;
  let closing = false;
  let probe: NodeJS.Timeout | undefined;

  async function listen(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: url,
      // Named in pg_stat_activity beside the pool's `earshot/<pid>` connections.
      fallback_application_name: `earshot/${process.pid}/events`,
      keepAlive: true,
      keepAliveInitialDelayMillis: CONNECTION_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      query_timeout: CONNECTION_TIMEOUT_MS,
    });
    client.on('notification', ({ channel: from, payload }) => {
      if (from === jobsChannel) return wakeJobWorkers();
      const event = from === channel && payload ? parseLiveEvent(payload) : undefined;
      if (event) subscribers.deliver(event);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await listenOnChannel(client, channel);
      await listenOnChannel(client, jobsChannel);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  function lost(client: pg.Client, error?: unknown): void {
    if (closing || listener !== client) return;
    listener = undefined;
    log.warn({ err: error }, 'lost the live events connection to PostgreSQL; reconnecting');
    client.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    const backoff = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failedAttempts);
    // Jitter, so that instances cut off together do not all come back in the same instant.
    reconnectTimer = setTimeout(() => void reconnect(), backoff * (0.5 + Math.random() / 2));
  }

  async function reconnect(): Promise<void> {
    reconnectTimer = undefined;
    let client: pg.Client;
    try {
      client = await listen();
    } catch (error) {
      if (closing) return;
      failedAttempts += 1;
      log.warn({ err: error }, 'could not reopen the live events connection to PostgreSQL; trying again');
      scheduleReconnect();
      return;
    }
    if (closing) {
      await client.end().catch(() => {});
      return;
    }
    listener = client;
    failedAttempts = 0;
    log.info('live events connection to PostgreSQL restored');
    subscribers.resyncAll();
    // Jobs queued meanwhile woke nobody here.
    wakeJobWorkers();
  }

  return {
    async publish(db, event) {
      await notifyChannel(db, channel, JSON.stringify(event));
    },
    subscribe: (userId, listener) => subscribers.add(userId, listener),
    async wakeJobWorkers(db) {
      await notifyChannel(db, jobsChannel, '');
    },
    onJobWorkersWoken(listener) {
      jobWorkers.add(listener);
      return () => jobWorkers.delete(listener);
    },
    async start() {
      listener = await listen();
      probe = setInterval(() => {
        const client = listener;
        if (client) pingConnection(client).catch((error: unknown) => lost(client, error));
      }, PROBE_EVERY_MS);
      probe.unref();
    },
    async close() {
      closing = true;
      clearInterval(probe);
      clearTimeout(reconnectTimer);
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
}
