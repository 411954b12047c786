import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { endpoints } from '@shared/contract/endpoints';
import { LIVE_EVENT_NAMES } from '@shared/contract/events';
import { SESSION_COOKIE } from '../src/server/auth/session-store';
import type { DatabaseConfig } from '../src/server/config';
import { createDatabase, migrateToLatest } from '../src/server/db/database';
import type { Database } from '../src/server/db/schema';
import type { Fixture } from './audio-fixtures';
import { closeStream, openStream, withTwoInstances, type OpenStream } from './events';
import { audioForm, send } from './http-load';
import { audioLibraryCte, dialectOf, withClause } from './list-seed';
import type { CachedSeed } from './list-seed-cache';
import { DATABASE_NAMES, pagePaths, seededApp, timePages, type ListEndpoint, type PageTimes } from './lists';
import { log, percentileOfSorted, renderGrid, type Row } from './report';
import type { Workspace } from './workspace';

/**
 * Conversations (issue 15, Performance): a voice message's delivery to another member's open stream, with 1,000
 * other streams open, on one instance and across two on PostgreSQL; and a conversation's message list at 10,000
 * messages against 100, on SQLite and PostgreSQL, through the real app.
 */

/** p99 from a send's response to its event on the other member's stream. */
const DELIVERY_GOAL_MS = 250;
const DELIVERY_TIMEOUT_MS = 10_000;
/** Sends per sender, under the route's 60 voice messages per person in 10 minutes. */
const SENDS_PER_SENDER = 50;
/** Sends on each instance before the measured ones: the first ffmpeg runs, the routes' first calls. */
const WARM_UP_SENDS = 3;
/** At most this many times the short conversation's p50 at the long one: one index range either way. */
const FLAT_GOAL = 2;

type Kind = DatabaseConfig['kind'];
type Route = 'one instance' | 'across two';

export interface ConversationsBenchOptions {
  streams: number;
  /** Measured sends on each route. */
  sends: number;
  /** A short recording, sent as each voice message. */
  clip: Fixture;
  ffmpegPath: string;
  databaseUrl: string;
  /** Messages in the short conversation and in the long one. */
  sizes: [number, number];
  samples: number;
  budgetMsPerPage: number;
}

interface Sent {
  route: Route;
  startedAt: number;
  respondedAt: number;
  arrivedAt?: number;
}

/**
 * Direct conversations between one receiver, whose stream is open on B, and each sender. Sends alternate between
 * B itself (one instance: send and stream on B) and A (across two: sent on A, delivered by B), one at a time, each
 * waiting for its event, while B also holds `streams` other people's streams.
 */
async function benchDelivery(workspace: Workspace, options: ConversationsBenchOptions) {
  const total = 2 * (options.sends + WARM_UP_SENDS);
  const senderCount = Math.ceil(total / SENDS_PER_SENDER);
  const clip = await readFile(options.clip.file);
  /** performance.now() when each message's event reached the receiver's stream, by message id. */
  const arrivals = new Map<string, number>();
  return withTwoInstances(
    workspace,
    {
      streams: options.streams,
      others: senderCount + 1,
      databaseUrl: options.databaseUrl,
      env: { FFMPEG_PATH: options.ffmpegPath },
    },
    async ({ schema, a, b, others }) => {
      const [receiver, ...senders] = others;
      const conversationIds = await Promise.all(
        senders.map(
          async (sender) =>
            (
              await a.context.conversations.create(sender.id, {
                type: 'direct',
                participantIds: [receiver!.id],
                name: undefined,
              })
            ).conversation.id,
        ),
      );
      let stream: OpenStream | undefined;
      try {
        stream = await openStream(b.port, receiver!.token, (event, data, at) => {
          if (event === LIVE_EVENT_NAMES.conversationRecording) {
            arrivals.set((JSON.parse(data) as { id: string }).id, at);
          }
        });
        const sendOne = async (index: number, route: Route): Promise<Sent> => {
          const sender = Math.floor(index / SENDS_PER_SENDER);
          const form = audioForm(clip, { duration: String(options.clip.seconds) });
          const startedAt = performance.now();
          const answer = await send(route === 'one instance' ? b.port : a.port, {
            method: 'POST',
            path: endpoints.sendConversationRecording.path.replace(':id', conversationIds[sender]!),
            headers: {
              cookie: `${SESSION_COOKIE}=${senders[sender]!.token}`,
              'content-type': form.contentType,
            },
            body: form.body,
            keepBody: true,
          });
          const respondedAt = performance.now();
          if (answer.status !== 201) {
            throw new Error(`sending a voice message answered ${answer.status}: ${answer.body?.toString()}`);
          }
          const { id } = JSON.parse(answer.body!.toString()) as { id: string };
          const deadline = respondedAt + DELIVERY_TIMEOUT_MS;
          while (!arrivals.has(id) && performance.now() < deadline) await sleep(2);
          return { route, startedAt, respondedAt, ...(arrivals.has(id) && { arrivedAt: arrivals.get(id)! }) };
        };
        log(`conversations: ${WARM_UP_SENDS} warm-up sends on each instance`);
        let index = 0;
        for (; index < 2 * WARM_UP_SENDS; index += 1) {
          await sendOne(index, index % 2 ? 'across two' : 'one instance');
        }
        log(
          `conversations: ${options.sends} sends on each instance, alternating, ${options.streams} streams open`,
        );
        const sent: Sent[] = [];
        for (; index < total; index += 1)
          sent.push(await sendOne(index, index % 2 ? 'across two' : 'one instance'));
        return { schema, sent, senders: senderCount };
      } finally {
        if (stream) closeStream(stream);
      }
    },
  );
}

function deliveryRows(sent: Sent[]): Row[] {
  return (['one instance', 'across two'] as const).flatMap((route): Row[] => {
    const ofRoute = sent.filter((each) => each.route === route);
    const latencies = ofRoute
      .flatMap((each) => (each.arrivedAt === undefined ? [] : [each.arrivedAt - each.respondedAt]))
      .sort((x, y) => x - y);
    const missing = ofRoute.length - latencies.length;
    const invalid = missing ? `${missing} events never arrived` : undefined;
    const where = route === 'one instance' ? 'sent on B → stream on B' : 'sent on A → stream on B';
    return [50, 99].map((p) => ({
      section: 'Conversations',
      measure: `message delivery p${p}, ${where} (response → event)`,
      ours: percentileOfSorted(latencies, p),
      unit: 'ms',
      ...(p === 99 && { goal: { kind: 'below', value: DELIVERY_GOAL_MS } }),
      ...(invalid && { invalid }),
    }));
  });
}

function deliveryNote(
  result: { schema: string; sent: Sent[]; senders: number },
  options: ConversationsBenchOptions,
) {
  const describe = (route: Route) => {
    const ofRoute = result.sent.filter((each) => each.route === route);
    const posts = ofRoute.map((each) => each.respondedAt - each.startedAt).sort((x, y) => x - y);
    const early = ofRoute.filter((each) => each.arrivedAt !== undefined && each.arrivedAt < each.respondedAt);
    return (
      `${route}: the POST (upload, audio analysis, commit) p50 ${percentileOfSorted(posts, 50).toFixed(0)} ms, ` +
      `p99 ${percentileOfSorted(posts, 99).toFixed(0)} ms; ${early.length} of ${ofRoute.length} events arrived ` +
      'before the response (a negative latency)'
    );
  };
  return (
    `Conversations, delivery: PostgreSQL schema ${result.schema}; instance A is buildApp() in the bench process ` +
    `(jobs off), B the real server (jobs on, so it renders each message's speech rendition meanwhile). A receiver ` +
    `holds one stream on B beside ${options.streams} other people's; ${result.senders} senders in direct ` +
    `conversations with them send a ${options.clip.seconds} s Opus/WebM recording by a real POST of ` +
    `${endpoints.sendConversationRecording.path}, ${options.sends} to each instance, alternating, one at a time. ` +
    `Latency runs from the POST's response (just after its commit) to the ${LIVE_EVENT_NAMES.conversationRecording} ` +
    `event on the receiver's stream. ${describe('one instance')}; ${describe('across two')}.`
  );
}

/** The ids of the seeded people: the first is in both conversations and reads them; the others never read. */
const seededUser = (index: number) => `cu${index}`;
const conversationOf = (messages: number) => `conversation-${messages}`;
/** Fixed, so both databases hold the same rows. */
const SEED_START_MS = Date.UTC(2026, 9, 1);

/**
 * A direct conversation of `messages` voice messages (one a minute, alternately from each of the two), with their
 * audio rows, written by SQL inside the database; the first person has read it all, the other nothing.
 */
async function seedConversation(db: Kysely<Database>, kind: Kind, messages: number, other: string) {
  const d = dialectOf(kind);
  const { cte, from } = d.rows(messages);
  const id = conversationOf(messages);
  const reader = seededUser(0);
  const createdMs = `(${SEED_START_MS} + n * 60000)`;
  const lastMs = SEED_START_MS + (messages - 1) * 60_000;
  const audioId = d.padded(`a${messages}-`, 'n');
  const sender = `case when n % 2 = 0 then '${reader}' else '${other}' end`;
  const iso = (ms: number) => new Date(ms).toISOString();
  await db
    .insertInto('conversations')
    .values({
      id,
      type: 'direct',
      name: null,
      direct_key: [reader, other].sort().join(' '),
      message_count: messages,
      last_message_id: `m${messages}-${String(messages - 1).padStart(9, '0')}`,
      created_at: iso(SEED_START_MS),
      last_activity_at: iso(lastMs),
    })
    .execute();
  await db
    .insertInto('conversation_members')
    .values(
      [reader, other].map((userId) => ({
        conversation_id: id,
        user_id: userId,
        joined_at: iso(SEED_START_MS),
        last_read_at: iso(userId === reader ? lastMs : SEED_START_MS),
        last_activity_at: iso(lastMs),
        type: 'direct' as const,
        // The reader sent every even message: the other person has read none of them.
        unread_count: userId === reader ? 0 : Math.ceil(messages / 2),
      })),
    )
    .execute();
  await sql
    .raw(
      `${withClause(cte, audioLibraryCte({ peaksPerSecond: 20 }))}
      insert into audio_assets (id, owner_id, is_private, original_key, original_mime, original_bytes, rendition_key,
        rendition_mime, duration, waveform_json, peaks_json, peaks_per_second, loudness_lufs, created_at)
      select ${audioId}, ${sender}, 1, 'audio/' || ${audioId} || '/original.webm', 'audio/webm',
        cast(audio_library.duration * 8000 as bigint), 'audio/' || ${audioId} || '/speech.m4a', 'audio/mp4',
        audio_library.duration, audio_library.waveform_json, audio_library.peaks_json, 20, -16, ${d.iso(createdMs)}
      from ${from} cross join audio_library where audio_library.variant = n % 16`,
    )
    .execute(db);
  await sql
    .raw(
      `${withClause(cte)}
      insert into conversation_messages (id, conversation_id, user_id, audio_id, transcription, created_at)
      select ${d.padded(`m${messages}-`, 'n')}, '${id}', ${sender}, ${audioId},
        case when n % 3 = 0 then 'Are we still on for Saturday?' else null end, ${d.iso(createdMs)}
      from ${from}`,
    )
    .execute(db);
}

/** A fresh database of both conversations: SQLite in the workspace, or a PostgreSQL schema dropped afterwards. */
async function seedDatabase(
  workspace: Workspace,
  kind: Kind,
  options: ConversationsBenchOptions,
): Promise<CachedSeed & { drop: () => Promise<void> }> {
  const dataDir = await workspace.dir(`conversations-${kind}`);
  const schema = `bench_conversations_${randomBytes(4).toString('hex')}`;
  const file = path.join(dataDir, 'earshot.sqlite');
  const config: DatabaseConfig =
    kind === 'sqlite' ? { kind, file } : { kind, url: options.databaseUrl, schema, poolMax: 1 };
  const admin = kind === 'postgres' ? new pg.Client({ connectionString: options.databaseUrl }) : undefined;
  await admin?.connect();
  await admin?.query(`create schema ${schema}`);
  const db = createDatabase(config);
  try {
    await migrateToLatest(db, config);
    const now = new Date(SEED_START_MS).toISOString();
    await db
      .insertInto('users')
      .values(
        [0, 1, 2].map((index) => ({
          id: seededUser(index),
          email: `conversations-${index}@example.com`,
          password_hash: 'bench-user-without-password',
          first_name: 'Bench',
          last_name: `Talker ${index}`,
          username: `talker_${index}`,
          created_at: now,
        })),
      )
      .execute();
    // The second person talks with the first in the short conversation, the third in the long one.
    for (const [index, messages] of options.sizes.entries()) {
      await seedConversation(db, kind, messages, seededUser(index + 1));
    }
    if (kind === 'postgres') {
      await sql`analyze users, audio_assets, conversations, conversation_members, conversation_messages`.execute(
        db,
      );
    }
  } finally {
    await db.destroy();
  }
  const drop = async () => {
    await admin?.query(`drop schema ${schema} cascade`).catch(() => {});
    await admin?.end();
  };
  return {
    kind,
    dataDir,
    ...(kind === 'postgres' && { postgres: { url: options.databaseUrl, schema } }),
    description: kind === 'sqlite' ? file : `schema ${schema}`,
    drop,
  };
}

const count = (messages: number) => messages.toLocaleString('en');

interface Measured {
  list: string;
  messages: number;
  page: number;
  times: PageTimes;
}

/**
 * Each conversation's messages, page 1 (which also marks it read) and the deepest page up to 10 following the
 * cursors, as the person who reads them; and the conversation list of the other person in each, who has read
 * nothing (half the messages unread).
 */
async function benchPages(workspace: Workspace, seed: CachedSeed, options: ConversationsBenchOptions) {
  const { context, app } = await seededApp(workspace, seed);
  const sessions = await Promise.all([0, 1, 2].map((index) => context.sessions.create(seededUser(index))));
  const cookieOf = (index: number) => `${SESSION_COOKIE}=${sessions[index]!.token}`;
  const measured: Measured[] = [];
  try {
    for (const [index, messages] of options.sizes.entries()) {
      const endpoint: ListEndpoint = {
        name: `Messages of a conversation of ${messages}`,
        path: endpoints.listConversationRecordings.path.replace(':id', conversationOf(messages)),
        viewer: 'ordinary',
      };
      const { paths, deepPage } = await pagePaths(app, endpoint, cookieOf(0));
      const [first, deep] = await timePages(app, paths, cookieOf(0), options);
      measured.push({ list: 'Messages', messages, page: 1, times: first! });
      if (deep) measured.push({ list: 'Messages', messages, page: deepPage, times: deep });
      const [list] = await timePages(app, [endpoints.listConversations.path], cookieOf(index + 1), options);
      measured.push({ list: 'Conversation list, half unread', messages, page: 1, times: list! });
    }
  } finally {
    await app.close();
  }
  for (const each of measured) {
    log(
      `conversations: ${DATABASE_NAMES[seed.kind]}: ${each.list}, ${count(each.messages)} messages, page ${each.page}: ` +
        `p50 ${each.times.p50.toFixed(2)} ms, p99 ${each.times.p99.toFixed(2)} ms`,
    );
  }
  return measured;
}

function pageRows(kind: Kind, measured: Measured[], [small, large]: [number, number]): Row[] {
  const lists = [...new Set(measured.map((each) => each.list))];
  return lists.flatMap((list) => {
    const ofSize = (messages: number) =>
      measured.filter((each) => each.list === list && each.messages === messages);
    // Page 1 against page 1, the deepest page measured against the deepest.
    return ofSize(large).flatMap((each, position): Row[] => {
      const before = ofSize(small)[position];
      if (!before) return [];
      const pages = each.page === before.page ? `page ${each.page}` : `page ${each.page} vs ${before.page}`;
      return [
        {
          section: 'Conversations',
          measure: `${list}, ${pages}, ${DATABASE_NAMES[kind]}: p50 at ${count(large)} messages (ours col) vs ${count(small)}`,
          ours: each.times.p50,
          floor: before.times.p50,
          unit: 'ms',
          goal: { kind: 'ratio-at-most', value: FLAT_GOAL },
        },
      ];
    });
  });
}

function pagesTable(results: Array<{ kind: Kind; measured: Measured[] }>): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return renderGrid(
    ['Database', 'Messages', 'List', 'Page', 'p50', 'p99'],
    results.flatMap(({ kind, measured }) =>
      measured.map((each) => [
        DATABASE_NAMES[kind],
        count(each.messages),
        each.list,
        String(each.page),
        ms(each.times.p50),
        ms(each.times.p99),
      ]),
    ),
    4,
  );
}

export async function benchConversations(
  workspace: Workspace,
  options: ConversationsBenchOptions,
): Promise<{ rows: Row[]; notes: string[]; tables: string[] }> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const results: Array<{ kind: Kind; measured: Measured[] }> = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    log(
      `conversations: seeding ${options.sizes.map(count).join(' and ')} messages on ${DATABASE_NAMES[kind]}`,
    );
    const seed = await seedDatabase(workspace, kind, options);
    try {
      const measured = await benchPages(workspace, seed, options);
      results.push({ kind, measured });
      rows.push(...pageRows(kind, measured, options.sizes));
    } finally {
      await seed.drop();
    }
  }
  const delivery = await benchDelivery(workspace, options);
  rows.unshift(...deliveryRows(delivery.sent));
  notes.push(
    deliveryNote(delivery, options),
    `Conversations, lists: a direct conversation of ${count(options.sizes[0])} messages and one of ` +
      `${count(options.sizes[1])} (one a minute, alternately from each person, audio rows as wide as posts'), ` +
      'written by SQL into a fresh SQLite database and a fresh PostgreSQL schema (after ANALYZE). Through buildApp() ' +
      `and app.inject, signed in, up to ${options.samples} requests a page: the messages as the person who reads them ` +
      '(page 1 also marks the conversation read; the deep page follows the cursors, page 10 of the long one, the last ' +
      'of the short one), and GET /api/conversations of the other person, who has half the messages unread.',
  );
  return { rows, notes, tables: [pagesTable(results)] };
}
