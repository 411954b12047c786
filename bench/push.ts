import { readFile } from 'node:fs/promises';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContext } from '../src/server/context';
import type { App } from '../src/server/http/app-types';
import { multipartForm } from '../tests/support/audio';
import { startTestPushService, type TestPushService } from '../tests/support/push-service';
import type { Fixture } from './audio-fixtures';
import { log, percentileOfSorted, type Row } from './report';
import type { Workspace } from './workspace';
import { signUpInBench } from './accounts';

/** Issue 27: a push reaches the push service within 5 s of the event (p95). */
const PUSH_GOAL_MS = 5_000;
const WARM_UP_EVENTS = 5;
const ARRIVAL_TIMEOUT_MS = 60_000;
/** Under the route's 60 voice messages per person in 10 minutes. */
const SENDS_PER_SENDER = 50;

export interface PushBenchOptions {
  events: number;
  /** The voice message each event sends. */
  clip: Fixture;
  ffmpegPath: string;
}

/**
 * Voice messages to Bob (from a few people, under the send limit), one at a time, through the app (upload, analysis, commit): from each answer to
 * the push's arrival, decrypted, at a push service of our own on the loopback address, with the app's job worker
 * delivering as in production.
 */
async function measure(
  app: App,
  pushService: TestPushService,
  clip: Buffer,
  count: number,
): Promise<number[]> {
  const total = WARM_UP_EVENTS + count;
  const bob = await signUpInBench(app, 'Bob');
  const subscription = pushService.subscribe();
  const subscribed = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: bob.cookie },
    payload: { ...subscription, deviceName: 'Bench browser' },
  });
  if (subscribed.statusCode !== 201) throw new Error(`subscribing answered ${subscribed.statusCode}`);
  const chats: { cookie: string; conversationId: string }[] = [];
  for (let sender = 0; sender * SENDS_PER_SENDER < total; sender += 1) {
    const { cookie } = await signUpInBench(app, `Sender${sender}`);
    const started = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie },
      payload: { type: 'direct', participantIds: [bob.id] },
    });
    chats.push({ cookie, conversationId: started.json<{ id: string }>().id });
  }
  const latencies: number[] = [];
  for (let index = 0; index < total; index += 1) {
    const { cookie, conversationId } = chats[Math.floor(index / SENDS_PER_SENDER)]!;
    const form = multipartForm({ duration: '3' }, [
      { field: 'audio', filename: 'message.webm', contentType: 'audio/webm', content: clip },
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/recordings`,
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    const respondedAt = performance.now();
    if (answer.statusCode !== 201) throw new Error(`sending answered ${answer.statusCode}: ${answer.body}`);
    const push = await pushService.nextPush(
      (each) => each.endpoint === subscription.endpoint,
      ARRIVAL_TIMEOUT_MS,
    );
    if (index >= WARM_UP_EVENTS) latencies.push(push.receivedAt - respondedAt);
  }
  return latencies.sort((x, y) => x - y);
}

export async function benchPush(
  workspace: Workspace,
  options: PushBenchOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const pushService = await startTestPushService();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: await workspace.dir('push-data'),
    LOG_LEVEL: 'silent',
    FFMPEG_PATH: options.ffmpegPath,
    PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
  });
  const context = await createContext(config);
  const app = await buildApp(context, { runJobs: true });
  try {
    await app.ready();
    log(`push: ${WARM_UP_EVENTS} warm-up and ${options.events} voice messages, each pushed to one device`);
    const latencies = await measure(app, pushService, await readFile(options.clip.file), options.events);
    const rows = [50, 95].map((p): Row => ({
      section: 'Push',
      measure: `voice message push p${p} (response → arrival at the push service)`,
      ours: percentileOfSorted(latencies, p),
      unit: 'ms',
      ...(p === 95 && { goal: { kind: 'below', value: PUSH_GOAL_MS } }),
    }));
    return {
      rows,
      notes: [
        `Push: ${options.events} voice messages of ${options.clip.seconds} s, one at a time, on SQLite through ` +
          'buildApp() and app.inject, with the job worker running in the same process; each push is signed (VAPID), ' +
          'encrypted (aes128gcm), sent over https to a push service of our own on 127.0.0.1 that checks and ' +
          'decrypts it (tests/support/push-service.ts). The message’s rendition job shares the worker.',
      ],
    };
  } finally {
    await app.close();
    await pushService.close();
  }
}
