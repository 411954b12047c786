import type { Post } from '@shared/contract/posts';
import type { Notification } from '@shared/contract/social';
import { Follow, Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { callAs, sessionCookieFrom, signUp, type SignedIn } from './support/accounts';
import {
  mastodonKeyPair,
  startFediversePeer,
  type Delivery,
  type FediversePeer,
} from './support/fediverse-peer';
import { restartWithAdminEmails, type TestApp } from './support/test-app';
import { publishWebm, sendForm, sendVoiceMessage, webmPart } from './support/uploads';
import { waitForIdleJobs } from './support/waits';
import { startFederatingApp } from './support/federating-app';

const MODERATOR_EMAIL = 'federation-peer-moderator@example.com';
const ACTIVITY_JSON = 'application/activity+json';

let testApp: TestApp;
let peer: FediversePeer;
let origin: string;
let voice: Buffer;
let author: SignedIn;
let moderator: SignedIn;
let actorUrl: string;
let followId: string;

beforeAll(async () => {
  ({ testApp, origin } = await startFederatingApp());
  [peer, voice] = await Promise.all([
    startFediversePeer(),
    streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
  ]);
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
  author = await signUp(testApp.app, { firstName: 'Ana', lastName: 'Lima' });
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await peer?.close();
});

const fetchJson = async (url: string) => {
  const response = await fetch(url, { headers: { accept: ACTIVITY_JSON } });
  return {
    status: response.status,
    body: response.ok ? ((await response.json()) as Record<string, unknown>) : {},
  };
};

const remoteFollowCount = async () =>
  (await testApp.context.db.selectFrom('remote_follows').select('user_id').execute()).length;

const ofType = (type: string) => (delivery: Delivery) => delivery.activity.type === type;

describe('a Mastodon-shaped server follows one of our people', () => {
  it('finds the person by WebFinger and reads their actor', async () => {
    const finger = await fetch(
      `${origin}/.well-known/webfinger?resource=acct:${author.user.username}@${new URL(origin).host}`,
    );
    expect(finger.status).toBe(200);
    const self = ((await finger.json()) as { links: { rel: string; href: string }[] }).links.find(
      (link) => link.rel === 'self',
    );
    actorUrl = self!.href;
    const actor = await fetchJson(actorUrl);
    expect(actor.status).toBe(200);
    expect(actor.body).toMatchObject({ type: 'Person', preferredUsername: author.user.username });
  });

  it('refuses a Follow unsigned, signed by a key not the actor’s, or in another’s name, and an oversized one: nothing is stored', async () => {
    const follow = new Follow({
      id: new URL(`${peer.actorId}#follows/forged`),
      actor: new URL(peer.actorId),
      object: new URL(actorUrl),
    });
    const inbox = `${actorUrl.replace('/profile/', '/ap/users/')}/inbox`;
    const unsigned = await peer.post(inbox, follow, { unsigned: true });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ message: expect.stringMatching(/signature/i) });
    const stranger = await mastodonKeyPair();
    expect((await peer.post(inbox, follow, { key: stranger.privateKey })).status).toBe(401);
    // Signed by alice, in the name of someone else: identity is the signer's, never the body's.
    const impersonation = new Follow({
      id: new URL(`${peer.origin}/users/bob#follows/1`),
      actor: new URL(`${peer.origin}/users/bob`),
      object: new URL(actorUrl),
    });
    expect((await peer.post(inbox, impersonation)).status).toBe(401);
    const oversized = await fetch(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({ type: 'Note', content: 'x'.repeat(1024 * 1024) }),
    });
    expect(oversized.status).toBe(413);
    await waitForIdleJobs(testApp.context.db, 30_000);
    expect(await remoteFollowCount()).toBe(0);
    expect(peer.received).toEqual([]);
  });

  it('takes a signed Follow, stores the follower, sends back a signed Accept, and tells the person as a follow here does', async () => {
    followId = `${peer.actorId}#follows/1`;
    const follow = new Follow({
      id: new URL(followId),
      actor: new URL(peer.actorId),
      object: new URL(actorUrl),
    });
    const actor = await fetchJson(actorUrl);
    const response = await peer.post(actor.body.inbox as string, follow);
    expect(response.status).toBe(202);
    const accept = await peer.nextDelivery(ofType('Accept'));
    expect(accept.signedBy).toBe(actorUrl);
    expect(accept.activity).toMatchObject({ actor: actorUrl, object: { id: followId, type: 'Follow' } });
    const followers = await fetchJson(actor.body.followers as string);
    expect(followers.body).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
    // A delivery may come twice (retries): told once.
    expect((await peer.post(actor.body.inbox as string, follow)).status).toBe(202);
    await waitForIdleJobs(testApp.context.db, 30_000);
    const told = (await callAs(testApp.app, author, 'GET', '/api/notifications')).json() as Notification[];
    expect(told.map(({ type, user }) => ({ type, username: user.username }))).toEqual([
      { type: 'follow', username: `alice@${new URL(peer.origin).host}` },
    ]);
  });
});

describe('what the follower receives', () => {
  let post: Post;
  let noteUrl: string;
  let refused: string[] = [];

  it('never gets a private post, a diary entry, or one a moderator hid; their URLs are no objects', async () => {
    const privatePost = await publishWebm(testApp.app, author.cookie, voice, {
      fields: { title: 'Only mine', isPrivate: 'true' },
    });
    const diary = await publishWebm(testApp.app, author.cookie, voice, {
      url: '/api/diary',
      fields: { title: 'Dear diary' },
    });
    const hidden = await publishWebm(testApp.app, author.cookie, voice, { fields: { title: 'Soon hidden' } });
    const hide = await callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
      action: 'hide',
      targetKind: 'post',
      targetId: hidden.id,
      note: 'checked',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    await waitForIdleJobs(testApp.context.db, 60_000);
    for (const each of [privatePost, diary, hidden]) {
      expect((await fetchJson(`${origin}/posts/${each.id}`)).status).toBe(404);
    }
    // A post hidden at once may have gone out before it was hidden: then its Delete followed it.
    const noteIds = (type: string) =>
      peer.received.filter(ofType(type)).map((delivery) => (delivery.activity.object as { id: string }).id);
    expect(noteIds('Create')).not.toContain(`${origin}/posts/${privatePost.id}`);
    expect(noteIds('Create')).not.toContain(`${origin}/posts/${diary.id}`);
    if (noteIds('Create').includes(`${origin}/posts/${hidden.id}`)) {
      expect(noteIds('Delete')).toContain(`${origin}/posts/${hidden.id}`);
    }
    refused = [privatePost, diary, hidden].map((each) => each.title);
  });

  it('gets a new public post as Create{Note} with its rendered audio attached, which plays from here', async () => {
    post = await publishWebm(testApp.app, author.cookie, voice, {
      fields: { title: 'Morning by the river', transcription: 'The heron was back today.' },
    });
    noteUrl = `${origin}/posts/${post.id}`;
    const create = await peer.nextDelivery(
      (delivery) =>
        delivery.activity.type === 'Create' && (delivery.activity.object as { id: string }).id === noteUrl,
    );
    expect(create.inbox).toBe('/inbox');
    expect(create.signedBy).toBe(actorUrl);
    const note = create.activity.object as Record<string, unknown>;
    expect(note).toMatchObject({
      type: 'Note',
      attributedTo: actorUrl,
      content: '<p>The heron was back today.</p>',
      to: 'https://www.w3.org/ns/activitystreams#Public',
      cc: `${actorUrl.replace('/profile/', '/ap/users/')}/followers`,
    });
    const attachment = (
      note.attachment as { type: string; mediaType: string; url: string; name: string }[]
    )[0]!;
    expect(note.attachment).toHaveLength(1);
    expect(attachment).toMatchObject({
      type: 'Document',
      mediaType: 'audio/mp4',
      name: 'The heron was back today.',
    });
    const audio = await fetch(attachment.url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mp4');
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const outbox = await fetchJson(`${actorUrl.replace('/profile/', '/ap/users/')}/outbox?cursor=`);
    const items = outbox.body.orderedItems as { type: string; object: { name: string } }[];
    const names = items.map((item) => item.object.name);
    expect(names).toContain('Morning by the river');
    for (const title of refused) expect(names).not.toContain(title);
    // The Note is also at its URL, for any server that looks it up.
    expect((await fetchJson(noteUrl)).body).toMatchObject({ id: noteUrl, type: 'Note' });
  });

  it('gets Update{Note} when the post changes, and Delete{Tombstone} when it goes', async () => {
    const chapters = await callAs(testApp.app, author, 'PUT', `/api/posts/${post.id}/chapters`, {
      chapters: [{ id: 'start', time: 0, title: 'Start' }],
    });
    expect(chapters.statusCode, chapters.body).toBe(200);
    const update = await peer.nextDelivery(ofType('Update'));
    expect(update.activity.object).toMatchObject({ id: noteUrl, type: 'Note' });

    const removed = await callAs(testApp.app, author, 'DELETE', `/api/posts/${post.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const deleted = await peer.nextDelivery(
      (delivery) =>
        delivery.activity.type === 'Delete' && (delivery.activity.object as { id: string }).id === noteUrl,
    );
    expect(deleted.activity.object).toMatchObject({ type: 'Tombstone' });
    expect((await fetchJson(noteUrl)).status).toBe(404);
  });

  it('gets nothing of a voice message or a comment', async () => {
    const commented = await publishWebm(testApp.app, author.cookie, voice, {
      fields: { title: 'Talk to me', allowVisitorComments: 'true' },
    });
    await peer.nextDelivery(
      (delivery) =>
        delivery.activity.type === 'Create' &&
        (delivery.activity.object as { id: string }).id === `${origin}/posts/${commented.id}`,
    );
    const before = peer.received.length;
    const other = await signUp(testApp.app);
    const chat = await callAs(testApp.app, author, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [other.user.id],
    });
    expect(chat.statusCode, chat.body).toBe(201);
    await sendVoiceMessage(testApp.app, author.cookie, (chat.json() as { id: string }).id, voice);
    const comments: [string, Record<string, string>][] = [
      [other.cookie, { postId: commented.id }],
      ['', { postId: commented.id, visitorName: 'Val' }],
    ];
    for (const [cookie, fields] of comments) {
      const comment = await sendForm(
        testApp.app,
        cookie,
        '/api/comments',
        multipartForm(fields, [webmPart(voice)]),
      );
      expect(
        comment.statusCode,
        `${cookie ? 'member' : 'visitor'}: ${comment.body} ${JSON.stringify(commented)}`,
      ).toBe(201);
    }
    await waitForIdleJobs(testApp.context.db, 60_000);
    expect(peer.received.slice(before)).toEqual([]);
  });

  it('stops following with Undo{Follow}', async () => {
    const undo = new Undo({
      id: new URL(`${peer.actorId}#undo/1`),
      actor: new URL(peer.actorId),
      object: new Follow({ id: new URL(followId), actor: new URL(peer.actorId), object: new URL(actorUrl) }),
    });
    const response = await peer.post(`${origin}/ap/inbox`, undo);
    expect(response.status).toBe(202);
    await waitForIdleJobs(testApp.context.db, 30_000);
    expect(await remoteFollowCount()).toBe(0);
  });
});

describe('an account’s end', () => {
  let leaving: SignedIn;
  let leavingActor: string;

  const act = (action: string) =>
    callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
      action,
      targetKind: 'user',
      targetId: leaving.user.id,
      note: 'checked',
    });

  it('tells followers nothing of a suspension or of its end', async () => {
    leaving = await signUp(testApp.app, { firstName: 'Lia', lastName: 'Moss' });
    leavingActor = `${origin}/profile/${leaving.user.id}`;
    const follow = new Follow({
      id: new URL(`${peer.actorId}#follows/leaving`),
      actor: new URL(peer.actorId),
      object: new URL(leavingActor),
    });
    expect((await peer.post(`${origin}/ap/inbox`, follow)).status).toBe(202);
    await peer.nextDelivery(
      (delivery) => delivery.activity.type === 'Accept' && delivery.activity.actor === leavingActor,
    );
    const before = peer.received.length;
    expect((await act('suspend')).statusCode).toBe(200);
    expect((await act('unsuspend')).statusCode).toBe(200);
    await waitForIdleJobs(testApp.context.db, 30_000);
    expect(peer.received.slice(before)).toEqual([]);
  });

  it('sends Delete{Person}, signed with the account’s key, to the follower’s shared inbox when the account is deleted', async () => {
    // Suspension ended their sessions: they sign in again.
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: leaving.email, password: leaving.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const again = { ...leaving, cookie: sessionCookieFrom(signIn.headers['set-cookie']) };
    const deleted = await callAs(testApp.app, again, 'DELETE', '/api/me', { password: leaving.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const farewell = await peer.nextDelivery(
      (delivery) => delivery.activity.type === 'Delete' && delivery.activity.object === leavingActor,
    );
    expect(farewell.inbox).toBe('/inbox');
    expect(farewell.activity.actor).toBe(leavingActor);
    expect(farewell.signedBy).toBe(leavingActor);
    expect((await fetchJson(leavingActor)).status).toBe(410);
    expect(
      await testApp.context.db
        .selectFrom('federation_keys')
        .select('user_id')
        .where('user_id', '=', leaving.user.id)
        .execute(),
    ).toEqual([]);
  });
});
