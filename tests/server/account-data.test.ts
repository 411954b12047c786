import type { Conversation, ConversationRecording } from '@shared/contract/conversations';
import type { Post } from '@shared/contract/posts';
import { execFile } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { WRONG_PASSWORD_MESSAGE } from '../../src/server/services/account-deletion';
import { openEventStream } from './support/event-stream';
import { memberListenerKey } from '../../src/server/services/listen-service';
import { keysUnder } from '../../src/server/storage/blob-store';
import { multipartForm, writtenTone } from '../support/audio';
import { signUp, sessionCookieFrom, type SignedIn, callAs, type Method } from './support/accounts';
import { createTestApp, databaseKind, storageKind, type TestApp } from './support/test-app';
import { publishWebm, sendForm, webmPart } from './support/uploads';
import { waitForJobsNamed } from './support/waits';

const run = promisify(execFile);

/** Until the renditions are written (a deleted account's queued removal waits ten minutes: not that). */
const renditionsDone = () => waitForJobsNamed(testApp.context.db, 'media.render-speech');

let testApp: TestApp;
let origin: string;
let workDir: string;
/** Each recording different, so an archive's file is known to be that one's. */
let tones: Buffer[];

beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  workDir = await mkdtemp(path.join(os.tmpdir(), 'account-data-'));
  const opus = ['-c:a', 'libopus'];
  // Written to a file, with duration and cues, so each is stored (and exported) byte for byte as uploaded.
  tones = await Promise.all(
    [220, 330, 440, 550, 660, 770, 880].map((frequency) =>
      writtenTone({ seconds: 1, extension: 'webm', codecArgs: opus, frequency }),
    ),
  );
});
afterAll(async () => {
  await testApp?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

async function ok<T>(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

const comment = (who: SignedIn, postId: string, audio: Buffer) =>
  sendForm(
    testApp.app,
    who.cookie,
    '/api/comments',
    multipartForm({ postId }, [
      { field: 'audio', filename: 'c.webm', contentType: 'audio/webm', content: audio },
    ]),
  );

const sendMessage = async (who: SignedIn, conversationId: string, audio: Buffer) => {
  const form = multipartForm({}, [webmPart(audio)]);
  const response = await sendForm(
    testApp.app,
    who.cookie,
    `/api/conversations/${conversationId}/recordings`,
    form,
  );
  return ok<ConversationRecording>(response, 201);
};

/** Downloads the export through a real connection into a file; returns the response's headers and the file. */
async function download(who: SignedIn): Promise<{ response: IncomingMessage; file: string }> {
  const file = path.join(workDir, `export-${Date.now()}-${Math.random()}.zip`);
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    get(`${origin}/api/me/export`, { headers: { cookie: who.cookie } }, resolve).on('error', reject),
  );
  await pipeline(response, createWriteStream(file));
  return { response, file };
}

const unzip = async (...args: string[]) =>
  (await run('unzip', args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 })).stdout as Buffer;

interface ExportIndex {
  profile: { path: string; media: Array<{ role: string; path: string }> };
  entries: Array<{
    kind: string;
    id: string;
    metadata: Record<string, unknown>;
    media: Array<{ role: string; path: string; mime: string; included: boolean }>;
  }>;
}

/** A person with something of every kind, and others around them. */
async function leaverAndOthers() {
  const ada = await signUp(testApp.app, { firstName: 'Ada', lastName: 'Leaving' });
  const bea = await signUp(testApp.app, { firstName: 'Bea', lastName: 'Staying' });
  const cy = await signUp(testApp.app, { firstName: 'Cy', lastName: 'Staying' });
  const profileForm = multipartForm({}, [
    { field: 'profileImage', filename: 'me.jpg', contentType: 'image/jpeg', content: await photo() },
  ]);
  const profileAnswer = await testApp.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { ...profileForm.headers, cookie: ada.cookie },
    payload: profileForm.payload,
  });
  expect(profileAnswer.statusCode, profileAnswer.body).toBe(200);
  const bioForm = multipartForm({}, [
    { field: 'voiceBio', filename: 'bio.webm', contentType: 'audio/webm', content: tones[6]! },
  ]);
  expect((await sendForm(testApp.app, ada.cookie, '/api/voice-bio', bioForm)).statusCode).toBe(200);

  const adaPost = await publishWebm(testApp.app, ada.cookie, tones[0]!, {
    fields: { title: 'Ada speaks' },
    files: [{ field: 'photo', filename: 'p.jpg', contentType: 'image/jpeg', content: await photo() }],
  });
  const adaDraft = await publishWebm(testApp.app, ada.cookie, tones[1]!, {
    url: '/api/diary',
    fields: { title: 'Ada’s diary' },
  });
  const beaPost = await publishWebm(testApp.app, bea.cookie, tones[2]!, { fields: { title: 'Bea speaks' } });
  const adaComment = await ok<{ id: string }>(await comment(ada, beaPost.id, tones[3]!), 201);
  const beaComment = await ok<{ id: string }>(await comment(bea, adaPost.id, tones[4]!), 201);
  await ok(await call(ada, 'POST', '/api/likes', { postId: beaPost.id }));
  await ok(await call(ada, 'POST', '/api/reposts', { postId: beaPost.id }));
  await ok(await call(bea, 'POST', '/api/likes', { postId: adaPost.id }));
  await ok(await call(ada, 'POST', '/api/posts/' + beaPost.id + '/listens', { seconds: 1 }));
  await ok(await call(ada, 'POST', '/api/follows', { followingId: bea.user.id }));
  await ok(await call(bea, 'POST', '/api/follows', { followingId: ada.user.id }));
  await ok(await call(ada, 'POST', '/api/follows', { followingId: cy.user.id }));

  const group = await ok<Conversation>(
    await call(ada, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Trio',
      participantIds: [bea.user.id, cy.user.id],
    }),
    201,
  );
  const adaSaid = await sendMessage(ada, group.id, tones[5]!);
  const beaSaid = await sendMessage(bea, group.id, tones[2]!);
  await sendMessage(ada, group.id, tones[5]!);
  const withCy = await ok<Conversation>(
    await call(ada, 'POST', '/api/conversations', { type: 'direct', participantIds: [cy.user.id] }),
    201,
  );
  await sendMessage(cy, withCy.id, tones[3]!);
  await ok(await call(cy, 'DELETE', `/api/conversations/${withCy.id}`));
  await renditionsDone();
  return {
    ada,
    bea,
    cy,
    adaPost,
    adaDraft,
    beaPost,
    adaComment,
    beaComment,
    group,
    adaSaid,
    beaSaid,
    withCy,
  };
}

describe(`leaving with one's data on ${databaseKind} with ${storageKind} storage`, () => {
  it('exports a ZIP of the person’s own profile, posts, drafts, comments and sent messages with their audio', async () => {
    const world = await leaverAndOthers();
    const browser = createECDH('prime256v1');
    const device = {
      endpoint: 'https://93.184.215.14/wpush/v2/ada-laptop',
      keys: {
        p256dh: browser.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
      deviceName: 'Firefox on Linux',
    };
    const subscribed = await callAs(testApp.app, world.ada, 'POST', '/api/push/subscriptions', device);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const { response, file } = await download(world.ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="earshot-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    await run('unzip', ['-tq', file]);
    const index = JSON.parse((await unzip('-p', file, 'index.json')).toString()) as ExportIndex;
    const profile = JSON.parse((await unzip('-p', file, 'profile.json')).toString()) as Record<
      string,
      unknown
    >;
    expect(profile).toMatchObject({ id: world.ada.user.id, email: world.ada.email, firstName: 'Ada' });
    expect(JSON.stringify(profile)).not.toContain('password');
    // The devices that get pushes, by name: their endpoints and keys are capabilities, not the person's data.
    expect(profile.pushDevices).toEqual([
      { deviceName: 'Firefox on Linux', createdAt: expect.any(String), lastDeliveredAt: null },
    ]);
    for (const secret of [device.endpoint, device.keys.p256dh, device.keys.auth])
      expect(JSON.stringify(profile)).not.toContain(secret);
    expect(index.profile.media.map((media) => media.role).sort()).toEqual(['avatar', 'voice-bio']);

    const byKind = (kind: string) =>
      index.entries.filter((entry) => entry.kind === kind).map((entry) => entry.id);
    expect(byKind('post')).toEqual([world.adaPost.id]);
    expect(byKind('draft')).toEqual([world.adaDraft.id]);
    expect(byKind('comment')).toEqual([world.adaComment.id]);
    expect(index.entries.find((entry) => entry.id === world.adaComment.id)!.metadata.postId).toBe(
      world.beaPost.id,
    );
    expect(byKind('message')).toHaveLength(2);
    expect(byKind('message')).toContain(world.adaSaid.id);
    // Nothing of others: not Bea's message in the group, not her comment on Ada's post, not Cy's message.
    const everything = JSON.stringify(index);
    for (const theirs of [world.beaSaid.id, world.beaComment.id]) expect(everything).not.toContain(theirs);

    const post = index.entries.find((entry) => entry.id === world.adaPost.id)!;
    expect(post.metadata).toMatchObject({ title: 'Ada speaks', private: false });
    expect(post.media.map((media) => media.role)).toEqual(['audio', 'photo']);
    const listed = (await unzip('-Z1', file)).toString().trim().split('\n').sort();
    const mediaPaths = [...index.profile.media, ...index.entries.flatMap((entry) => entry.media)].map(
      (m) => m.path,
    );
    expect(listed).toEqual(['index.json', 'profile.json', ...mediaPaths].sort());
    // The originals, byte for byte.
    const audioOf = (id: string) => index.entries.find((entry) => entry.id === id)!.media[0]!.path;
    expect((await unzip('-p', file, audioOf(world.adaPost.id))).equals(tones[0]!)).toBe(true);
    expect((await unzip('-p', file, audioOf(world.adaDraft.id))).equals(tones[1]!)).toBe(true);
    expect((await unzip('-p', file, audioOf(world.adaComment.id))).equals(tones[3]!)).toBe(true);
    expect((await unzip('-p', file, audioOf(world.adaSaid.id))).equals(tones[5]!)).toBe(true);
    const bio = index.profile.media.find((media) => media.role === 'voice-bio')!;
    expect((await unzip('-p', file, bio.path)).equals(tones[6]!)).toBe(true);
  });

  /**
   * Ada with one post whose original storage answers with `standIn` when her export reads it, and her export's
   * response. The rendition's job reads the original too, so it is done first: only the export gets the stand-in.
   */
  async function exportReadingOriginalAs(standIn: { body: Readable; bytes: number }) {
    const ada = await signUp(testApp.app);
    const post = await publishWebm(testApp.app, ada.cookie, tones[0]!);
    await renditionsDone();
    const { original_key: originalKey } = await testApp.context.db
      .selectFrom('posts')
      .innerJoin('audio_assets', 'audio_assets.id', 'posts.audio_id')
      .select('audio_assets.original_key')
      .where('posts.id', '=', post.id)
      .executeTakeFirstOrThrow();
    const blobs = testApp.context.blobs;
    const realGetStream = blobs.getStream.bind(blobs);
    const getStream = vi
      .spyOn(blobs, 'getStream')
      .mockImplementation(async (key, range) =>
        key === originalKey ? { ...standIn, etag: 'x', modifiedAt: new Date() } : realGetStream(key, range),
      );
    onTestFinished(() => getStream.mockRestore());
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${origin}/api/me/export`, { headers: { cookie: ada.cookie } }, resolve).on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('streams: a reader that stops reading stops the reading of storage, and leaving closes it', async () => {
    const size = 256 * 1024 * 1024;
    let produced = 0;
    const big = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(produced > size ? null : Buffer.alloc(64 * 1024, 1));
      },
    });
    const response = await exportReadingOriginalAs({ body: big, bytes: size });
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Socket buffers and a few stream buffers, not the 256 MB the archive would hold.
    expect(produced).toBeLessThan(16 * 1024 * 1024);
    response.destroy();
    await vi.waitFor(() => expect(big.destroyed).toBe(true), { timeout: 5000 });
  });

  it('breaks the download off, and the server stays up, when storage ends an object short of its length', async () => {
    // A body cut off cleanly (as a dropped S3 connection can be): 10 bytes where 1,000 were announced.
    const response = await exportReadingOriginalAs({
      body: Readable.from([Buffer.alloc(10, 1)]),
      bytes: 1000,
    });
    const outcome = await new Promise<string>((resolve) => {
      response.on('error', () => resolve('broken off'));
      response.on('aborted', () => resolve('broken off'));
      response.on('end', () => resolve('complete'));
      response.resume();
    });
    expect(outcome).toBe('broken off');
    expect((await testApp.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses a signed-out person and limits exports to three an hour', async () => {
    expect((await call(undefined, 'GET', '/api/me/export')).statusCode).toBe(401);
    const ada = await signUp(testApp.app);
    for (let time = 0; time < 3; time += 1)
      expect((await call(ada, 'GET', '/api/me/export')).statusCode).toBe(200);
    const refused = await call(ada, 'GET', '/api/me/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/three times in the last hour/);
  });

  it('deletes the account with the password: no row and no stored object of theirs remains', async () => {
    const world = await leaverAndOthers();
    const { ada, bea, cy, beaPost } = world;
    const secondSession = sessionCookieFrom(
      (await call(undefined, 'POST', '/api/login', { email: ada.email, password: ada.password })).headers[
        'set-cookie'
      ],
    );
    expect((await call(undefined, 'DELETE', '/api/me', { password: ada.password })).statusCode).toBe(401);
    const wrong = await call(ada, 'DELETE', '/api/me', { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(WRONG_PASSWORD_MESSAGE);
    expect((await call(ada, 'DELETE', '/api/me', {})).statusCode).toBe(400);

    const likesBefore = await ok<{ count: number }>(await call(bea, 'GET', `/api/likes/post/${beaPost.id}`));
    expect(likesBefore.count).toBe(1);
    const keysBefore = await keysUnder(testApp.context.blobs, '');
    const adaAudio = [
      ...(
        await testApp.context.db
          .selectFrom('audio_assets')
          .select('id')
          .where('owner_id', '=', ada.user.id)
          .execute()
      ).map((row) => row.id),
      // Her comment on Bea's post: its audio is filed under the post's author.
      ...(
        await testApp.context.db
          .selectFrom('comments')
          .select('audio_id')
          .where('user_id', '=', ada.user.id)
          .execute()
      ).map((row) => row.audio_id),
    ];
    expect(adaAudio.length).toBeGreaterThanOrEqual(7);

    // Blocks, mutes and reports, each way, and Ada a moderator with actions in the log.
    const dee = await signUp(testApp.app, { firstName: 'Dee', lastName: 'Staying' });
    for (const [who, other] of [
      [ada, dee],
      [dee, ada],
    ] as const) {
      await ok(await call(who, 'PUT', `/api/users/${other.user.id}/block`));
      await ok(await call(who, 'PUT', `/api/users/${other.user.id}/mute`));
    }
    const report = (who: SignedIn, targetKind: string, targetId: string) =>
      call(who, 'POST', '/api/reports', { targetKind, targetId, reason: 'spam' });
    await ok(await report(ada, 'post', beaPost.id));
    await ok(await report(cy, 'post', beaPost.id));
    await ok(await report(ada, 'user', cy.user.id));
    await ok(await report(bea, 'user', ada.user.id));
    await ok(await report(bea, 'post', world.adaPost.id));
    await ok(await report(cy, 'comment', world.beaComment.id));
    await testApp.context.db
      .updateTable('users')
      .set({ role: 'moderator' })
      .where('id', '=', ada.user.id)
      .execute();
    const act = (action: string) =>
      call(ada, 'POST', '/api/moderation/actions', {
        action,
        targetKind: 'post',
        targetId: beaPost.id,
        note: 'checked',
      });
    await ok(await act('hide'));
    await ok(await act('unhide'));

    const deleted = await call(ada, 'DELETE', '/api/me', { password: ada.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.headers['set-cookie']).toMatch(/sid=;/);

    // Their sessions, every one, no longer sign anyone in; nor does the password.
    for (const cookie of [ada.cookie, secondSession]) {
      expect((await testApp.app.inject({ url: '/api/auth/user', headers: { cookie } })).json()).toBeNull();
    }
    // No table has a row that names them, their posts, comments, messages or audio.
    const db = testApp.context.db;
    const tables =
      databaseKind === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
              db,
            )
          ).rows
        : (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
          ).rows;
    expect(tables.length).toBeGreaterThan(20);
    const theirs = [
      ada.user.id,
      ada.email,
      world.adaPost.id,
      world.adaDraft.id,
      world.adaComment.id,
      world.beaComment.id,
      world.adaSaid.id,
      world.withCy.id,
      ...adaAudio,
    ];
    for (const { name } of tables) {
      if (name === 'jobs') continue; // the queued removal names their stored objects, to remove them again
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
      const text = JSON.stringify(rows);
      for (const value of theirs) expect(text, `${name} still names ${value}`).not.toContain(value);
    }

    // What Ada did as a moderator stays on record, unsigned; Bea's post keeps Cy's report alone, Cy's person none.
    const log = await testApp.context.db
      .selectFrom('moderation_actions')
      .select(['action', 'moderator_id'])
      .where('target_id', '=', beaPost.id)
      .orderBy('created_at')
      .execute();
    expect(log).toEqual([
      { action: 'hide', moderator_id: null },
      { action: 'unhide', moderator_id: null },
    ]);
    const cases = await testApp.context.db
      .selectFrom('moderation_cases')
      .select(['target_id', 'report_count'])
      .where('target_id', 'in', [beaPost.id, cy.user.id])
      .execute();
    expect(cases.map((each) => [each.target_id, Number(each.report_count)])).toEqual([[beaPost.id, 1]]);

    // (A sign-in tried with their e-mail after this is counted against it again, as for any e-mail.)
    const login = await call(undefined, 'POST', '/api/login', { email: ada.email, password: ada.password });
    expect(login.statusCode).toBe(401);

    // Their listening rows (keyed by an HMAC of their id under each kept day's salt) went too.
    const salts = (await db.selectFrom('listener_salts').select('salt').execute()).map((row) => row.salt);
    expect(salts.length).toBeGreaterThan(0);
    const listens = await db
      .selectFrom('post_listens')
      .select('listener_key')
      .where(
        'listener_key',
        'in',
        salts.map((salt) => memberListenerKey(salt, ada.user.id)),
      )
      .execute();
    expect(listens).toEqual([]);

    // Storage keeps exactly what still has a row: others' objects stay, none of theirs does.
    const keysAfter = await keysUnder(testApp.context.blobs, '');
    for (const id of adaAudio) expect(keysAfter.some((key) => key.startsWith(`audio/${id}/`))).toBe(false);
    expect(keysAfter.filter((key) => key.startsWith('images/'))).toEqual(
      (await db.selectFrom('images').select('storage_key').execute()).map((row) => row.storage_key).sort(),
    );
    const liveAudio = new Set(
      (await db.selectFrom('audio_assets').select('id').execute()).map((row) => row.id),
    );
    for (const key of keysAfter.filter((key) => key.startsWith('audio/'))) {
      expect(liveAudio.has(key.split('/')[1]!), key).toBe(true);
    }
    expect(keysAfter.every((key) => keysBefore.includes(key))).toBe(true);
    expect(keysAfter.length).toBeLessThan(keysBefore.length);

    // What others see: counts and lists no longer show them.
    expect((await ok<{ count: number }>(await call(bea, 'GET', `/api/likes/post/${beaPost.id}`))).count).toBe(
      0,
    );
    expect(await ok<number>(await call(bea, 'GET', `/api/followers/count/${bea.user.id}`))).toBe(0);
    expect(await ok<number>(await call(cy, 'GET', `/api/followers/count/${cy.user.id}`))).toBe(0);
    expect(await ok<number>(await call(bea, 'GET', `/api/following/count/${bea.user.id}`))).toBe(0);
    expect(await ok<unknown[]>(await call(bea, 'GET', `/api/posts/${beaPost.id}/comments`))).toEqual([]);
    expect(await ok<unknown[]>(await call(bea, 'GET', `/api/notifications`))).toEqual([]);
    expect((await call(bea, 'GET', `/api/users/${ada.user.id}`)).statusCode).toBe(404);
    expect((await call(bea, 'GET', `/api/posts/${world.adaPost.id}`)).statusCode).toBe(404);
    const feed = await ok<Post[]>(await call(bea, 'GET', '/api/posts'));
    expect(feed.map((post) => post.id)).not.toContain(world.adaPost.id);
    const users = await ok<Array<{ id: string }>>(await call(bea, 'GET', '/api/users'));
    expect(users.map((user) => user.id)).not.toContain(ada.user.id);

    // The group goes on with Bea's message alone; the direct conversation nobody was left in is gone.
    const group = await ok<Conversation>(await call(bea, 'GET', `/api/conversations/${world.group.id}`));
    expect(group.recordings).toBe(1);
    expect(group.lastMessage?.id).toBe(world.beaSaid.id);
    expect(group.participants.map((person) => person.id).sort()).toEqual([bea.user.id, cy.user.id].sort());
    const recordings = await ok<ConversationRecording[]>(
      await call(cy, 'GET', `/api/conversations/${world.group.id}/recordings`),
    );
    expect(recordings.map((recording) => recording.id)).toEqual([world.beaSaid.id]);
    expect(await ok<{ count: number }>(await call(cy, 'GET', '/api/conversations/unread'))).toMatchObject({
      count: 0,
    });
  });

  it('removes what storage failed to delete when the queued job runs again', async () => {
    const ada = await signUp(testApp.app);
    const post = await publishWebm(testApp.app, ada.cookie, tones[0]!);
    await renditionsDone();
    const { blobs, db, jobHandlers } = testApp.context;
    const assetId = (
      await db.selectFrom('posts').select('audio_id').where('id', '=', post.id).executeTakeFirstOrThrow()
    ).audio_id;
    const failing = vi.spyOn(blobs, 'delete').mockRejectedValue(new Error('storage is down'));
    try {
      expect((await call(ada, 'DELETE', '/api/me', { password: ada.password })).statusCode).toBe(200);
    } finally {
      failing.mockRestore();
    }
    // The rows went; the objects are still there, and the removal waits in the queue.
    expect(await db.selectFrom('posts').select('id').where('id', '=', post.id).execute()).toEqual([]);
    expect(await keysUnder(blobs, `audio/${assetId}/`)).not.toEqual([]);
    const job = await db
      .selectFrom('jobs')
      .select('payload_json')
      .where('name', '=', 'storage.remove-objects')
      .where('payload_json', 'like', `%${assetId}%`)
      .executeTakeFirstOrThrow();
    await jobHandlers['storage.remove-objects'](JSON.parse(job.payload_json), {
      signal: new AbortController().signal,
    });
    expect(await keysUnder(blobs, `audio/${assetId}/`)).toEqual([]);
  });

  it('tells the others’ open pages at once that the leaver’s messages went, and their list reorders', async () => {
    const [ada, bea, cy] = await Promise.all(
      ['Ada', 'Bea', 'Cy'].map((firstName) => signUp(testApp.app, { firstName })),
    );
    const group = await ok<Conversation>(
      await call(ada, 'POST', '/api/conversations', {
        type: 'group',
        name: 'Trio',
        participantIds: [bea!.user.id, cy!.user.id],
      }),
      201,
    );
    const beaSaid = await sendMessage(bea!, group.id, tones[0]!);
    const withCy = await ok<Conversation>(
      await call(bea, 'POST', '/api/conversations', { type: 'direct', participantIds: [cy!.user.id] }),
      201,
    );
    await sendMessage(cy!, withCy.id, tones[1]!);
    const adaSaid = await sendMessage(ada!, group.id, tones[2]!);
    const listOf = async (who: SignedIn) =>
      (await ok<Conversation[]>(await call(who, 'GET', '/api/conversations'))).map((item) => item.id);
    expect(await listOf(bea!)).toEqual([group.id, withCy.id]);

    const beas = await openEventStream(origin, bea!.cookie);
    onTestFinished(() => beas.close());
    expect((await call(ada, 'DELETE', '/api/me', { password: ada!.password })).statusCode).toBe(200);
    const deleted = await beas.next(10_000);
    expect(deleted.event).toBe('conversation-recording-deleted');
    expect(JSON.parse(deleted.data)).toEqual({ id: adaSaid.id, conversationId: group.id });
    const changed = await beas.next(10_000);
    expect(changed.event).toBe('conversation');
    expect(JSON.parse(changed.data)).toMatchObject({
      id: group.id,
      recordings: 1,
      lastMessage: { id: beaSaid.id },
      lastActivity: beaSaid.timestamp,
    });
    // Its newest activity is Bea's own message now, older than Cy's in their direct chat.
    expect(await listOf(bea!)).toEqual([withCy.id, group.id]);
  });

  it('closes the deleted person’s open live stream at once', async () => {
    const ada = await signUp(testApp.app);
    const stream = await openEventStream(origin, ada.cookie);
    onTestFinished(() => stream.close());
    expect((await call(ada, 'DELETE', '/api/me', { password: ada.password })).statusCode).toBe(200);
    await stream.ended(5_000);
  });

  it('deletes the account even when PostgreSQL breaks the first attempt off for a deadlock', async () => {
    const ada = await signUp(testApp.app);
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const enqueue = vi.spyOn(testApp.context.jobs, 'enqueue').mockRejectedValueOnce(deadlock);
    onTestFinished(() => enqueue.mockRestore());
    expect((await call(ada, 'DELETE', '/api/me', { password: ada.password })).statusCode).toBe(200);
    const left = await testApp.context.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', ada.user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('answers a like whose person was deleted on its way with 401, and one on a post deleted meanwhile with 404', async () => {
    const [ada, bea] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const post = await publishWebm(testApp.app, bea.cookie, tones[0]!);
    const { db, sessions } = testApp.context;
    const resolve = sessions.resolve.bind(sessions);
    /** Signs the request in, then takes `remove` away before the route writes anything. */
    const goneOnTheWay = (remove: () => Promise<unknown>) => {
      const spy = vi.spyOn(sessions, 'resolve').mockImplementationOnce(async (token) => {
        const user = await resolve(token);
        await remove();
        return user;
      });
      onTestFinished(() => spy.mockRestore());
    };

    goneOnTheWay(async () => {
      await db.deleteFrom('sessions').where('user_id', '=', ada.user.id).execute();
      await db.deleteFrom('users').where('id', '=', ada.user.id).execute();
    });
    const liked = await call(ada, 'POST', '/api/likes', { postId: post.id });
    expect(liked.statusCode, liked.body).toBe(401);
    expect(liked.json()).toEqual({ message: 'Your session has ended. Sign in again.' });

    goneOnTheWay(() => call(bea, 'DELETE', `/api/posts/${post.id}`));
    const onGone = await call(bea, 'POST', '/api/likes', { postId: post.id });
    expect(onGone.statusCode, onGone.body).toBe(404);
  });
});
