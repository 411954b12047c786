import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Fixture } from './audio-fixtures';
import { audioForm, send, signUp } from './http-load';
import { startMainServer, type MainServer } from './main-server';
import { processTreeCpuMs } from './proc-stats';
import { log, median, percentileOfSorted, type Row } from './report';
import type { Workspace } from './workspace';

/** Clips uploaded one at a time on the idle server: the median of their lags is the floor. */
const IDLE_CLIPS = 3;
/** Clips uploaded at once per core to measure what the machine renders per second right now. */
const BURST_CLIPS_PER_CORE = 4;
/** The sustained rate is this share of that measured capacity. */
const TARGET_SHARE = 0.5;
const POLL_MS = 100;
const DRAIN_TIMEOUT_MS = 120_000;

interface Upload {
  postId: string;
  answeredAt: number;
  readyAt?: number;
}

interface Session {
  server: MainServer;
  agent: http.Agent;
  cookie: string;
  userId: string;
  clip: { body: Buffer; contentType: string };
  /** Uploads answered 201 whose rendition is not listed yet, by post id. */
  pending: Map<string, Upload>;
}

async function uploadClip(session: Session): Promise<Upload> {
  const answer = await send(
    session.server.port,
    {
      method: 'POST',
      path: '/api/posts',
      headers: { cookie: session.cookie, 'content-type': session.clip.contentType },
      body: session.clip.body,
      keepBody: true,
    },
    session.agent,
  );
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body?.toString()}`);
  const upload = {
    postId: (JSON.parse(answer.body!.toString()) as { id: string }).id,
    answeredAt: performance.now(),
  };
  session.pending.set(upload.postId, upload);
  return upload;
}

/** Reads the person's posts, newest first, page by page until every pending post has been seen. */
async function markRendered(session: Session): Promise<void> {
  let cursor: string | undefined;
  do {
    const answer = await send(
      session.server.port,
      {
        path: `/api/posts/user/${session.userId}?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { cookie: session.cookie },
        keepBody: true,
      },
      session.agent,
    );
    if (answer.status !== 200) throw new Error(`listing posts answered ${answer.status}`);
    const seenAt = performance.now();
    for (const post of JSON.parse(answer.body!.toString()) as Array<{
      id: string;
      audioSources: unknown[];
    }>) {
      const upload = session.pending.get(post.id);
      if (upload && post.audioSources.length > 1) {
        upload.readyAt = seenAt;
        session.pending.delete(post.id);
      }
    }
    cursor = answer.headers['x-next-cursor'] as string | undefined;
  } while (cursor && session.pending.size > 0);
}

async function untilRendered(session: Session, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (session.pending.size > 0 && performance.now() < deadline) {
    await markRendered(session);
    if (session.pending.size > 0) await sleep(POLL_MS);
  }
}

const lagOf = (upload: Upload) => (upload.readyAt! - upload.answeredAt) / 1000;

/** The floor (the median lag of clips sent one at a time) and the capacity (clips/s, from a burst). */
async function calibrate(
  session: Session,
  burstClips: number,
): Promise<{ idleLagS: number; capacity: number }> {
  const lags: number[] = [];
  for (let index = 0; index < IDLE_CLIPS; index += 1) {
    const upload = await uploadClip(session);
    await untilRendered(session, DRAIN_TIMEOUT_MS);
    if (upload.readyAt === undefined) throw new Error('a clip on the idle server got no rendition');
    lags.push(lagOf(upload));
  }
  const start = performance.now();
  await Promise.all(Array.from({ length: burstClips }, () => uploadClip(session)));
  await untilRendered(session, DRAIN_TIMEOUT_MS);
  if (session.pending.size > 0) throw new Error('the calibration burst was not rendered in time');
  return { idleLagS: median(lags), capacity: (burstClips * 1000) / (performance.now() - start) };
}

export interface RenditionLagOptions {
  clip: Fixture;
  durationMs: number;
}

export async function benchRenditionLag(
  workspace: Workspace,
  options: RenditionLagOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const server = await startMainServer(workspace, await workspace.dir('lag-data'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  try {
    const cookie = await signUp(server.port, 'lag-bench@example.com');
    const me = await send(server.port, { path: '/api/auth/user', headers: { cookie }, keepBody: true });
    const session: Session = {
      server,
      agent,
      cookie,
      userId: (JSON.parse(me.body!.toString()) as { id: string }).id,
      clip: audioForm(await readFile(options.clip.file), { title: 'Lag bench' }),
      pending: new Map(),
    };

    const cores = os.availableParallelism();
    const burstClips = BURST_CLIPS_PER_CORE * cores;
    log(`lag: ${IDLE_CLIPS} clips of ${options.clip.seconds} s one at a time, then ${burstClips} at once`);
    const { idleLagS, capacity } = await calibrate(session, burstClips);
    const rate = TARGET_SHARE * capacity;
    const intervalMs = 1000 / rate;
    log(
      `lag: idle lag ${idleLagS.toFixed(2)} s, capacity ${capacity.toFixed(2)} clips/s; ` +
        `uploading ${rate.toFixed(2)}/s for ${options.durationMs / 1000} s`,
    );

    const uploads: Upload[] = [];
    const failures: string[] = [];
    let sending = true;
    const poller = (async () => {
      while (sending) {
        await markRendered(session);
        await sleep(POLL_MS);
      }
    })();
    const cpuBefore = await processTreeCpuMs(server.pid);
    const start = performance.now();
    const sends: Promise<void>[] = [];
    // Open loop: each upload leaves at its time whatever the earlier ones are doing, as people's uploads would.
    for (let index = 0; index * intervalMs < options.durationMs; index += 1) {
      await sleep(Math.max(0, start + index * intervalMs - performance.now()));
      sends.push(
        uploadClip(session).then(
          (upload) => void uploads.push(upload),
          (error: unknown) => void failures.push(error instanceof Error ? error.message : String(error)),
        ),
      );
    }
    await Promise.all(sends);
    const sentS = (performance.now() - start) / 1000;
    const backlogAtEnd = session.pending.size;
    sending = false;
    await poller;
    await untilRendered(session, DRAIN_TIMEOUT_MS);
    const busyShare =
      ((await processTreeCpuMs(server.pid)) - cpuBefore) / ((performance.now() - start) * cores);

    const rendered = uploads.filter((upload) => upload.readyAt !== undefined);
    const lags = rendered.map(lagOf).sort((a, b) => a - b);
    const unrendered = uploads.length - rendered.length;
    const invalid =
      failures.length || unrendered
        ? `${failures.length} uploads failed${failures[0] ? ` (${failures[0]})` : ''}, ${unrendered} never rendered`
        : undefined;
    const section = 'Rendition lag';
    const at = `${rate.toFixed(2)} uploads/s for ${Math.round(sentS)} s`;
    const rows: Row[] = [
      {
        section,
        measure: `p50, 201 to rendition listed, ${at}`,
        ours: percentileOfSorted(lags, 50),
        floor: idleLagS,
        unit: 's',
        ...(invalid && { invalid }),
      },
      {
        section,
        measure: `p95, 201 to rendition listed, ${at}`,
        ours: percentileOfSorted(lags, 95),
        floor: idleLagS,
        unit: 's',
        goal: { kind: 'ratio-at-most', value: 3 },
        ...(invalid && { invalid }),
      },
      {
        section,
        measure: `max, 201 to rendition listed, ${at}`,
        ours: lags.at(-1) ?? Number.NaN,
        unit: 's',
        goal: { kind: 'below', value: 10 },
        ...(invalid && { invalid }),
      },
    ];
    const notes = [
      `Rendition lag: server = src/server/main.ts (NODE_ENV=production, SQLite, jobs on with the default JOB_CONCURRENCY ` +
        `and ffmpeg cap, ${cores} cores). Clip: ${options.clip.seconds} s speech-like Opus/WebM ` +
        `(${(session.clip.body.length / 1e3).toFixed(0)} kB). Floor: the median lag of ${IDLE_CLIPS} clips uploaded one ` +
        `at a time on the idle server (${idleLagS.toFixed(2)} s). Rate: ${TARGET_SHARE * 100} % of the capacity measured ` +
        `just before (${burstClips} clips uploaded at once, all rendered at ${capacity.toFixed(2)} clips/s, so what ` +
        `the machine sustains with whatever else it runs), ${rate.toFixed(2)} uploads/s, sent ` +
        `open-loop (${uploads.length} answered 201, ${failures.length} failed). Lag is measured from the 201 to the post ` +
        `listing its rendition (GET /api/posts/user/:id polled every ${POLL_MS} ms, so up to ${POLL_MS} ms late). ` +
        `${backlogAtEnd} renditions were pending when the last upload was answered; ${unrendered} still missing ` +
        `${DRAIN_TIMEOUT_MS / 1000} s later. Server CPU over the run: ${(busyShare * 100).toFixed(0)} % of the cores.`,
    ];
    return { rows, notes };
  } finally {
    agent.destroy();
    await workspace.stop(server.child);
  }
}
