import type { ModerationCase } from '@shared/contract/moderation';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { REPORT_NOTE_MAX_LENGTH } from '@shared/domain/moderation';
import { Accept, Create, Document, Flag, Follow, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { callAs, signUp, type SignedIn } from './support/accounts';
import { startFederatingApp } from './support/federating-app';
import { startFediversePeer, type Delivery, type FediversePeer } from './support/fediverse-peer';
import { restartWithAdminEmails, type TestApp } from './support/test-app';
import { sendForm, publishWebm, webmPart } from './support/uploads';
import { multipartForm } from '../support/audio';
import { waitForIdleJobs } from './support/waits';

const MODERATOR_EMAIL = 'federation-flags-moderator@example.com';
const VOICE_PATH = '/media/voice.webm';

let testApp: TestApp;
let peer: FediversePeer;
let origin: string;
let voice: Buffer;
let moderator: SignedIn;
let author: SignedIn;
let reader: SignedIn;
let post: Post;
let flags = 0;

beforeAll(async () => {
  ({ testApp, origin } = await startFederatingApp());
  [peer, voice] = await Promise.all([
    // Another address than ours, as another server's is: a domain block of it is not of us.
    startFediversePeer({ host: '127.0.0.2' }),
    streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
  ]);
  peer.serve(VOICE_PATH, { body: voice, type: 'audio/webm' });
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
  author = await signUp(testApp.app, { firstName: 'Ana', lastName: 'Lima' });
  reader = await signUp(testApp.app, { firstName: 'Rui', lastName: 'Reader' });
  post = await publishWebm(testApp.app, author.cookie, voice, { fields: { title: 'Morning walk' } });
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await peer?.close();
});

const actorOf = (who: SignedIn) => `${origin}/profile/${who.user.id}`;
const noteOf = (each: Post) => `${origin}/posts/${each.id}`;
const peerHost = () => new URL(peer.origin).host;

/** A Flag as Mastodon sends one: from its instance actor, the reported actor first, then statuses. */
function flagOf(objects: string[], content?: string) {
  flags += 1;
  return new Flag({
    id: new URL(`${peer.origin}/${flags}`),
    actor: new URL(peer.instanceActorId),
    objects: objects.map((uri) => new URL(uri)),
    content: content ?? null,
  });
}

async function sendFlag(flag: Flag, options: { unsigned?: boolean } = {}) {
  const response = await peer.post(`${origin}/ap/inbox`, flag, { asInstance: true, ...options });
  await waitForIdleJobs(testApp.context.db, 60_000);
  return response;
}

async function openCases(): Promise<ModerationCase[]> {
  const response = await callAs(testApp.app, moderator, 'GET', '/api/moderation/reports');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ModerationCase[];
}

const caseOf = async (targetId: string) => (await openCases()).find((each) => each.targetId === targetId);

const remoteReportCount = async () =>
  (await testApp.context.db.selectFrom('remote_reports').select('id').execute()).length;

describe('a report from another server (Flag)', () => {
  it('is refused unsigned, with nothing stored', async () => {
    const response = await sendFlag(flagOf([actorOf(author), noteOf(post)], 'spam'), { unsigned: true });
    expect(response.status).toBe(401);
    expect(await remoteReportCount()).toBe(0);
    expect(await openCases()).toEqual([]);
  });

  it('becomes a case of each person and post of ours it names, reported by that server', async () => {
    const response = await sendFlag(
      flagOf([actorOf(author), noteOf(post)], 'Posting the same clip everywhere'),
    );
    expect(response.status).toBe(202);
    const cases = await openCases();
    for (const [kind, id] of [
      ['user', author.user.id],
      ['post', post.id],
    ] as const) {
      expect(cases.find((each) => each.targetId === id)).toMatchObject({
        targetKind: kind,
        reportCount: 1,
        servers: [{ host: peerHost(), note: 'Posting the same clip everywhere' }],
        notes: [],
        reasons: [{ reason: 'other', count: 1 }],
      });
    }
  });

  it('updates its report when the same server reports the same thing again, with a long note cut to our limit', async () => {
    const long = `${'Again and again. '.repeat(60)}`;
    expect((await sendFlag(flagOf([actorOf(author), noteOf(post)], long))).status).toBe(202);
    const reported = await caseOf(post.id);
    expect(reported).toMatchObject({ reportCount: 1, servers: [{ host: peerHost() }] });
    const note = reported!.servers[0]!.note!;
    expect([...note].length).toBeLessThanOrEqual(REPORT_NOTE_MAX_LENGTH);
    expect(note.startsWith('Again and again.')).toBe(true);
    expect(note.endsWith('…')).toBe(true);
    expect(await remoteReportCount()).toBe(2);

    // A report of one of our people joins the case as another report, and names nobody.
    const local = await callAs(testApp.app, reader, 'POST', '/api/reports', {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(local.statusCode, local.body).toBe(200);
    expect(local.json()).toEqual({ received: true });
    expect(await caseOf(post.id)).toMatchObject({ reportCount: 2, servers: [{ host: peerHost() }] });
  });

  it('stores nothing when it names only a private post, one that does not exist, or someone elsewhere', async () => {
    const privatePost = await publishWebm(testApp.app, author.cookie, voice, {
      fields: { title: 'Only mine', isPrivate: 'true' },
    });
    const before = await remoteReportCount();
    const casesBefore = (await openCases()).length;
    for (const objects of [
      [noteOf(privatePost)],
      [`${origin}/posts/00000000-0000-7000-8000-000000000000`],
      [peer.actorId, `${peer.actorId}/statuses/1`],
    ]) {
      expect((await sendFlag(flagOf(objects, 'look'))).status).toBe(202);
    }
    expect(await remoteReportCount()).toBe(before);
    expect(await openCases()).toHaveLength(casesBefore);
    expect(await caseOf(privatePost.id)).toBeUndefined();
  });

  it('is refused from a blocked domain', async () => {
    const block = await callAs(testApp.app, moderator, 'POST', '/api/moderation/domain-blocks', {
      domain: new URL(peer.origin).hostname,
      reason: 'test',
    });
    expect(block.statusCode, block.body).toBe(201);
    const other = await publishWebm(testApp.app, author.cookie, voice, { fields: { title: 'Evening' } });
    const before = await remoteReportCount();
    expect((await sendFlag(flagOf([noteOf(other)], 'again'))).status).toBe(403);
    expect(await remoteReportCount()).toBe(before);
    const unblock = await callAs(
      testApp.app,
      moderator,
      'DELETE',
      `/api/moderation/domain-blocks/${new URL(peer.origin).hostname}`,
    );
    expect(unblock.statusCode, unblock.body).toBe(200);
  });
});

describe('our report of someone of another server', () => {
  let alice: PublicUser;
  let theirs: Post;
  let noteId: string;

  beforeAll(async () => {
    const found = await callAs(
      testApp.app,
      reader,
      'GET',
      `/api/search/users/${encodeURIComponent(peer.actorId)}`,
    );
    alice = (found.json() as PublicUser[])[0]!;
    expect(
      (await callAs(testApp.app, reader, 'POST', '/api/follows', { followingId: alice.id })).statusCode,
    ).toBe(200);
    const sent = await peer.nextDelivery((delivery) => delivery.activity.type === 'Follow');
    const accept = new Accept({
      id: new URL(`${peer.actorId}#accepts/1`),
      actor: new URL(peer.actorId),
      object: new Follow({
        id: new URL((sent.activity as { id: string }).id),
        actor: new URL(actorOf(reader)),
        object: new URL(peer.actorId),
      }),
    });
    expect((await peer.post(`${origin}/ap/users/${reader.user.id}/inbox`, accept)).status).toBe(202);
    // The follow stands before their Note comes: run beside the Accept's job, the Create's could find no follower
    // here and drop the Note, as it should (failed once in CI on PostgreSQL, 2 Dec).
    await waitForIdleJobs(testApp.context.db, 60_000);
    expect((await callAs(testApp.app, reader, 'GET', `/api/follows/${alice.id}`)).json()).toEqual({
      following: true,
    });
    noteId = `${peer.actorId}/statuses/1`;
    const note = new Note({
      id: new URL(noteId),
      attribution: new URL(peer.actorId),
      content: '<p>Dawn chorus</p>',
      to: PUBLIC_COLLECTION,
      attachments: [new Document({ mediaType: 'audio/webm', url: new URL(`${peer.origin}${VOICE_PATH}`) })],
    });
    const create = new Create({
      id: new URL(`${noteId}/activity`),
      actor: new URL(peer.actorId),
      to: PUBLIC_COLLECTION,
      object: note,
    });
    expect((await peer.post(`${origin}/ap/inbox`, create)).status).toBe(202);
    await waitForIdleJobs(testApp.context.db, 60_000);
    const feed = (await callAs(testApp.app, reader, 'GET', '/api/feed')).json() as Post[];
    theirs = feed.find((each) => each.userId === alice.id)!;
    expect(theirs).toBeDefined();
  }, 120_000);

  const flagsReceived = () => peer.received.filter((delivery) => delivery.activity.type === 'Flag');

  it('stays here unless the reporter asks to send it on', async () => {
    const report = await callAs(testApp.app, reader, 'POST', '/api/reports', {
      targetKind: 'post',
      targetId: theirs.id,
      reason: 'spam',
      note: 'Not mine to judge alone',
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual({ received: true });
    await waitForIdleJobs(testApp.context.db, 60_000);
    expect(flagsReceived()).toEqual([]);
    expect(await caseOf(theirs.id)).toMatchObject({ reportCount: 1, servers: [] });
  });

  it('goes to their server as a signed Flag from our server, naming the actor and Note, never the reporter', async () => {
    const report = await callAs(testApp.app, reader, 'POST', '/api/reports', {
      targetKind: 'post',
      targetId: theirs.id,
      reason: 'harassment',
      note: 'Threatens people in the replies',
      forward: true,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual({ received: true, forwarded: true });
    const flag: Delivery = await peer.nextDelivery((delivery) => delivery.activity.type === 'Flag');
    const instanceActor = `${origin}/profile/instance`;
    expect(flag.signedBy).toBe(instanceActor);
    expect(flag.inbox).toBe('/inbox');
    expect(flag.activity).toMatchObject({
      actor: instanceActor,
      object: [peer.actorId, noteId],
      content: 'Threatens people in the replies',
    });
    const said = JSON.stringify(flag.activity);
    for (const secret of [reader.user.id, reader.user.username, reader.email]) {
      expect(said).not.toContain(secret);
    }
    // Our server's actor is an Application, as Mastodon's instance actor is.
    const actor = await fetch(instanceActor, { headers: { accept: 'application/activity+json' } });
    expect(await actor.json()).toMatchObject({ type: 'Application', id: instanceActor });
    // Still one report of theirs here: the second updated the first.
    expect(await caseOf(theirs.id)).toMatchObject({
      reportCount: 1,
      notes: ['Threatens people in the replies'],
    });
  });

  it('of the person goes as a Flag naming them alone', async () => {
    const report = await callAs(testApp.app, reader, 'POST', '/api/reports', {
      targetKind: 'user',
      targetId: alice.id,
      reason: 'spam',
      forward: true,
    });
    expect(report.json()).toEqual({ received: true, forwarded: true });
    const flag = await peer.nextDelivery(
      (delivery) => delivery.activity.type === 'Flag' && delivery.activity.object === peer.actorId,
    );
    expect(flag.signedBy).toBe(`${origin}/profile/instance`);
    expect(flag.activity).not.toHaveProperty('content');
  });

  it('of our voice reply on their post, from their server, is a report of the reply', async () => {
    const form = multipartForm({ postId: theirs.id }, [webmPart(voice)]);
    const sent = await sendForm(testApp.app, reader.cookie, '/api/comments', form);
    expect(sent.statusCode, sent.body).toBe(201);
    const reply = sent.json() as { id: string };
    await waitForIdleJobs(testApp.context.db, 60_000);
    const response = await sendFlag(flagOf([actorOf(reader), `${origin}/ap/comments/${reply.id}`], 'rude'));
    expect(response.status).toBe(202);
    expect(await caseOf(reply.id)).toMatchObject({
      targetKind: 'comment',
      servers: [{ host: peerHost(), note: 'rude' }],
    });
    expect(await caseOf(reader.user.id)).toMatchObject({ targetKind: 'user' });
  });

  it('is not sent on for one of our own people', async () => {
    const before = flagsReceived().length;
    const report = await callAs(testApp.app, reader, 'POST', '/api/reports', {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
      forward: true,
    });
    expect(report.json()).toEqual({ received: true, forwarded: false });
    await waitForIdleJobs(testApp.context.db, 60_000);
    expect(flagsReceived()).toHaveLength(before);
  });
});
