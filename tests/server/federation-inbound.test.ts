import type { Comment, Notification } from '@shared/contract/social';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import {
  Accept,
  Announce,
  Block,
  Create,
  Delete,
  Document,
  Follow,
  Like,
  Note,
  PUBLIC_COLLECTION,
  Reject,
  Tombstone,
  Undo,
  Update,
  type Activity,
  type Object as ActivityObject,
} from '@fedify/vocab';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteAudio, RemoteAudioRefused } from '../../src/server/federation/remote-audio';
import { REMOTE_LOOKUPS_PER_MINUTE } from '../../src/server/routes/search';
import { multipartForm, streamedTone } from '../support/audio';
import { callAs, signUp, type SignedIn } from './support/accounts';
import { startFediversePeer, type Delivery, type FediversePeer } from './support/fediverse-peer';
import { restartWithAdminEmails, type TestApp } from './support/test-app';
import { publishWebm, sendForm, webmPart } from './support/uploads';
import { waitFor, waitForIdleJobs } from './support/waits';
import { startFederatingApp } from './support/federating-app';

const MODERATOR_EMAIL = 'federation-inbound-moderator@example.com';
const VOICE_PATH = '/media/voice.webm';

let testApp: TestApp;
let peer: FediversePeer;
let origin: string;
let voice: Buffer;
let reader: SignedIn;
let moderator: SignedIn;
let alice: PublicUser;
let notes = 0;

beforeAll(async () => {
  ({ testApp, origin } = await startFederatingApp());
  [peer, voice] = await Promise.all([
    startFediversePeer(),
    streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
  ]);
  peer.serve(VOICE_PATH, { body: voice, type: 'audio/webm' });
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
  reader = await signUp(testApp.app, { firstName: 'Rui', lastName: 'Reader' });
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await peer?.close();
});

const inboxOf = (user: SignedIn) => `${origin}/ap/users/${user.user.id}/inbox`;
const ofType = (type: string) => (delivery: Delivery) => delivery.activity.type === type;
const byActor = (type: string, actor: string) => (delivery: Delivery) =>
  delivery.activity.type === type && delivery.activity.actor === actor;
const undoing = (type: string, actor: string) => (delivery: Delivery) =>
  byActor('Undo', actor)(delivery) && (delivery.activity.object as { type?: string }).type === type;
const actorOfOurs = (who: SignedIn) => `${origin}/profile/${who.user.id}`;
let activities = 0;
/** Alice's `kind` of `object`, with an id of its own. */
function aliceDoes<T extends Activity>(
  Kind: new (values: { id: URL; actor: URL; object: URL | ActivityObject; to?: URL }) => T,
  object: string | ActivityObject,
): T {
  activities += 1;
  return new Kind({
    id: new URL(`${peer.actorId}#activities/${activities}`),
    actor: new URL(peer.actorId),
    object: typeof object === 'string' ? new URL(object) : object,
  });
}
const reactionCounts = async (who: SignedIn, postId: string) => ({
  likes: ((await callAs(testApp.app, who, 'GET', `/api/likes/post/${postId}`)).json() as { count: number })
    .count,
  reposts: ((await callAs(testApp.app, who, 'GET', `/api/reposts/${postId}`)).json() as { count: number })
    .count,
});
const count = async (table: 'posts' | 'comments' | 'audio_assets' | 'users') =>
  (
    await testApp.context.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

/** Alice's Note with `audioPath` served by her server as its audio attachment, in a Create signed by her. */
function voiceNote(fields: {
  audioPath?: string;
  attributedTo?: string;
  inReplyTo?: string;
  content?: string;
}) {
  notes += 1;
  const id = new URL(`${peer.actorId}/statuses/${notes}`);
  const note = new Note({
    id,
    attribution: new URL(fields.attributedTo ?? peer.actorId),
    content: fields.content ?? `<p>Dawn chorus, take ${notes}</p>`,
    url: new URL(`${peer.origin}/@alice/${notes}`),
    to: PUBLIC_COLLECTION,
    replyTarget: fields.inReplyTo ? new URL(fields.inReplyTo) : null,
    attachments: fields.audioPath
      ? [new Document({ mediaType: 'audio/webm', url: new URL(`${peer.origin}${fields.audioPath}`) })]
      : [],
  });
  return {
    note,
    create: new Create({
      id: new URL(`${id.href}/activity`),
      actor: new URL(peer.actorId),
      to: PUBLIC_COLLECTION,
      object: note,
    }),
  };
}

async function deliver(activity: Activity, to = `${origin}/ap/inbox`) {
  const response = await peer.post(to, activity);
  expect(response.status).toBe(202);
  await waitForIdleJobs(testApp.context.db, 60_000);
}

const feedOf = async (who: SignedIn) => {
  const response = await callAs(testApp.app, who, 'GET', '/api/feed');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Post[];
};

describe('following a person of another server', () => {
  it('finds them by their profile address and shows who they are', async () => {
    const found = await callAs(
      testApp.app,
      reader,
      'GET',
      `/api/search/users/${encodeURIComponent(peer.actorId)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    alice = (found.json() as PublicUser[])[0]!;
    expect(alice).toMatchObject({
      username: `alice@${new URL(peer.origin).host}`,
      firstName: 'Alice Peer',
      bio: 'Field recordist & birder.',
    });
    // Visitors do not reach out to other servers through our search.
    const visitor = await testApp.app.inject({
      url: `/api/search/users/${encodeURIComponent(peer.actorId)}`,
    });
    expect(visitor.json()).toEqual([]);
  });

  it('sends a signed Follow and shows "requested" until it is accepted', async () => {
    const follow = await callAs(testApp.app, reader, 'POST', '/api/follows', { followingId: alice.id });
    expect(follow.statusCode, follow.body).toBe(200);
    expect(follow.json()).toEqual({ followed: false, requested: true });
    const sent = await peer.nextDelivery(ofType('Follow'));
    const readerActor = `${origin}/profile/${reader.user.id}`;
    expect(sent.signedBy).toBe(readerActor);
    expect(sent.activity).toMatchObject({ actor: readerActor, object: peer.actorId });
    const status = await callAs(testApp.app, reader, 'GET', `/api/follows/${alice.id}`);
    expect(status.json()).toEqual({ following: false, requested: true });
  });

  it('keeps nothing of their voice posts while nobody here follows them', async () => {
    const before = { posts: await count('posts'), users: await count('users') };
    await deliver(voiceNote({ audioPath: VOICE_PATH }).create);
    // Nor is anyone made of a stranger who posts to our inbox.
    const stranger = await startFediversePeer();
    try {
      const id = new URL(`${stranger.actorId}/statuses/1`);
      const note = new Note({
        id,
        attribution: new URL(stranger.actorId),
        to: PUBLIC_COLLECTION,
        attachments: [new Document({ mediaType: 'audio/webm', url: new URL(`${peer.origin}${VOICE_PATH}`) })],
      });
      const create = new Create({
        id: new URL(`${id.href}/activity`),
        actor: new URL(stranger.actorId),
        object: note,
      });
      expect((await stranger.post(`${origin}/ap/inbox`, create)).status).toBe(202);
      await waitForIdleJobs(testApp.context.db, 60_000);
    } finally {
      await stranger.close();
    }
    expect({ posts: await count('posts'), users: await count('users') }).toEqual(before);
  });

  it('makes the follow stand when their server accepts it', async () => {
    const sent = await peer.nextDelivery(ofType('Follow'));
    const followId = (sent.activity as { id: string }).id;
    const followed = new Follow({
      id: new URL(followId),
      actor: new URL(`${origin}/profile/${reader.user.id}`),
      object: new URL(peer.actorId),
    });
    await deliver(
      new Accept({
        id: new URL(`${peer.actorId}#accepts/1`),
        actor: new URL(peer.actorId),
        object: followed,
      }),
      inboxOf(reader),
    );
    const status = await callAs(testApp.app, reader, 'GET', `/api/follows/${alice.id}`);
    expect(status.json()).toEqual({ following: true });
  });
});

describe('their voice posts', () => {
  let post: Post;
  let note: Note;

  it('reach the follower’s feed as their post, measured and rendered by our own pipeline', async () => {
    const sent = voiceNote({ audioPath: VOICE_PATH });
    note = sent.note;
    await deliver(sent.create);
    const feed = await feedOf(reader);
    post = feed.find((each) => each.userId === alice.id)!;
    expect(post).toMatchObject({
      title: `Dawn chorus, take ${notes}`,
      isPrivate: false,
      user: { username: alice.username },
      originalUrl: `${peer.origin}/@alice/${notes}`,
    });
    expect(post.duration).toBeGreaterThan(1.8);
    expect(post.duration).toBeLessThan(2.2);
    // The speech rendition (AAC) was made, as for any upload.
    expect(post.audioSources.map((source) => source.mimeType)).toContain('audio/mp4');
    const peaks = await callAs(testApp.app, reader, 'GET', `/api/posts/${post.id}/peaks`);
    expect(Math.max(...(peaks.json() as { peaks: number[] }).peaks)).toBeGreaterThan(0.1);
    // On their profile too, and never sent on to anyone as ours.
    const byAlice = await callAs(testApp.app, reader, 'GET', `/api/posts/user/${alice.id}`);
    expect((byAlice.json() as Post[]).map((each) => each.id)).toEqual([post.id]);
    expect(
      (await fetch(`${origin}/posts/${post.id}`, { headers: { accept: 'application/activity+json' } }))
        .status,
    ).toBe(404);
  });

  it('take a new recording in an Update through our pipeline, in place of the old one', async () => {
    const longer = await streamedTone({ seconds: 3, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    peer.serve('/media/voice-longer.webm', { body: longer, type: 'audio/webm' });
    peer.serve('/media/retake-not-audio.webm', { body: 'no recording', type: 'audio/webm' });
    const read = async () =>
      (await callAs(testApp.app, reader, 'GET', `/api/posts/${post.id}`)).json() as Post;
    const retake = (audioPath: string, words: string) =>
      new Update({
        id: new URL(`${note.id!.href}#update-${audioPath}`),
        actor: new URL(peer.actorId),
        object: new Note({
          id: note.id,
          attribution: new URL(peer.actorId),
          content: `<p>${words}</p>`,
          to: PUBLIC_COLLECTION,
          attachments: [
            new Document({ mediaType: 'audio/webm', url: new URL(`${peer.origin}${audioPath}`) }),
          ],
        }),
      });
    const oldAudio = (await read()).audioSources.map((source) => source.url);
    const assets = await count('audio_assets');

    await deliver(retake('/media/voice-longer.webm', 'Dawn chorus, longer'));
    const retaken = await read();
    expect(retaken.title).toBe('Dawn chorus, longer');
    expect(retaken.duration).toBeGreaterThan(2.8);
    expect(retaken.duration).toBeLessThan(3.2);
    expect(retaken.audioSources.map((source) => source.mimeType)).toContain('audio/mp4');
    for (const url of oldAudio) {
      expect(retaken.audioSources.map((source) => source.url)).not.toContain(url);
      expect((await callAs(testApp.app, reader, 'GET', url)).statusCode).toBe(404);
    }
    for (const source of retaken.audioSources) {
      expect((await callAs(testApp.app, reader, 'GET', source.url)).statusCode).toBe(200);
    }
    expect(await count('audio_assets')).toBe(assets);

    // A new recording that fails our checks changes nothing.
    await deliver(retake('/media/retake-not-audio.webm', 'Dawn chorus, broken'));
    expect(await read()).toMatchObject({ title: 'Dawn chorus, longer', audioSources: retaken.audioSources });
  });

  it('take their edits, and go when they delete them', async () => {
    const edited = new Note({
      ...{},
      id: note.id,
      attribution: new URL(peer.actorId),
      content: '<p>Dawn chorus, edited</p>',
      to: PUBLIC_COLLECTION,
    });
    await deliver(
      new Update({ id: new URL(`${note.id!.href}#update`), actor: new URL(peer.actorId), object: edited }),
    );
    const read = await callAs(testApp.app, reader, 'GET', `/api/posts/${post.id}`);
    expect((read.json() as Post).title).toBe('Dawn chorus, edited');

    await deliver(
      new Delete({
        id: new URL(`${note.id!.href}#delete`),
        actor: new URL(peer.actorId),
        object: new Tombstone({ id: note.id }),
      }),
    );
    expect((await callAs(testApp.app, reader, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
  });

  it('are refused with nothing kept when the Note is not the signer’s, has no audio, or its audio fails our checks', async () => {
    peer.serve('/media/not-audio.webm', { body: 'this is no recording', type: 'audio/webm' });
    peer.serve('/media/huge.webm', { body: '', type: 'audio/webm', claimedLength: 200 * 1024 * 1024 });
    const before = { posts: await count('posts'), audio: await count('audio_assets') };
    for (const hostile of [
      voiceNote({ audioPath: VOICE_PATH, attributedTo: `${peer.origin}/users/bob` }),
      voiceNote({}),
      voiceNote({ audioPath: '/media/not-audio.webm' }),
      voiceNote({ audioPath: '/media/huge.webm' }),
      voiceNote({ audioPath: '/media/missing.webm' }),
    ]) {
      await deliver(hostile.create);
    }
    expect({ posts: await count('posts'), audio: await count('audio_assets') }).toEqual(before);
  });

  it('never fetch audio from a private address unless FEDERATION_ALLOW_PRIVATE_ADDRESSES is set', async () => {
    const guarded = createRemoteAudio(testApp.context.scratch, false);
    await expect(guarded.download(new URL(`${peer.origin}${VOICE_PATH}`))).rejects.toBeInstanceOf(
      RemoteAudioRefused,
    );
    await expect(guarded.download(new URL(`https://127.0.0.1:1${VOICE_PATH}`))).rejects.toThrow();
  });
});

describe('their voice replies', () => {
  let author: SignedIn;
  let ours: Post;

  it('become voice comments on our post; a reply without audio does not', async () => {
    author = await signUp(testApp.app, { firstName: 'Ana' });
    ours = await publishWebm(testApp.app, author.cookie, voice, {
      fields: { title: 'What birds do you hear?' },
    });
    await deliver(voiceNote({ audioPath: VOICE_PATH, inReplyTo: `${origin}/posts/${ours.id}` }).create);
    await deliver(
      voiceNote({ inReplyTo: `${origin}/posts/${ours.id}`, content: '<p>Only words</p>' }).create,
    );
    const comments = await callAs(testApp.app, author, 'GET', `/api/posts/${ours.id}/comments`);
    const items = comments.json() as Comment[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ user: { id: alice.id }, transcription: null });
    expect(items[0]!.duration).toBeGreaterThan(1.8);
  });

  it('are kept once when the same reply reaches both inboxes at the same time', async () => {
    const owner = await signUp(testApp.app, { firstName: 'Oda' });
    const post = await publishWebm(testApp.app, owner.cookie, voice, { fields: { title: 'Any wrens?' } });
    let release = () => {};
    const held = { until: new Promise<void>((resolve) => (release = resolve)), requests: 0 };
    const audioPath = '/media/held-voice.webm';
    peer.serve(audioPath, { body: voice, type: 'audio/webm', held });
    const { create } = voiceNote({ audioPath, inReplyTo: `${origin}/posts/${post.id}` });
    const before = { comments: await count('comments'), audio: await count('audio_assets') };
    // A personal and a shared inbox both take it, and both find it not yet kept while its audio downloads.
    for (const inbox of [inboxOf(owner), `${origin}/ap/inbox`]) {
      expect((await peer.post(inbox, create)).status).toBe(202);
    }
    await waitFor(async () => (held.requests === 2 ? true : undefined), 30_000, 'both to fetch the audio');
    release();
    await waitForIdleJobs(testApp.context.db, 60_000);
    const comments = await callAs(testApp.app, owner, 'GET', `/api/posts/${post.id}/comments`);
    expect((comments.json() as Comment[]).map((comment) => comment.user?.id)).toEqual([alice.id]);
    expect(Number(await count('comments'))).toBe(Number(before.comments) + 1);
    expect(Number(await count('audio_assets'))).toBe(Number(before.audio) + 1);
  });

  it('are refused from someone the post’s owner blocks', async () => {
    const block = await callAs(testApp.app, author, 'PUT', `/api/users/${alice.id}/block`);
    expect(block.statusCode, block.body).toBe(200);
    const before = { comments: await count('comments'), audio: await count('audio_assets') };
    await deliver(voiceNote({ audioPath: VOICE_PATH, inReplyTo: `${origin}/posts/${ours.id}` }).create);
    expect({ comments: await count('comments'), audio: await count('audio_assets') }).toEqual(before);
  });
});

describe('our voice replies to their posts', () => {
  it('go to their server as Create{Note} with our AAC rendition, answer at the Note’s id, and go with a Delete', async () => {
    const sent = voiceNote({ audioPath: VOICE_PATH });
    await deliver(sent.create);
    const theirs = (await feedOf(reader)).find((each) => each.title === `Dawn chorus, take ${notes}`)!;
    const form = multipartForm({ postId: theirs.id, transcription: 'A wren, I think.' }, [webmPart(voice)]);
    const created = await sendForm(testApp.app, reader.cookie, '/api/comments', form);
    expect(created.statusCode, created.body).toBe(201);
    const commentId = (created.json() as Comment).id;
    const noteId = `${origin}/ap/comments/${commentId}`;
    const readerActor = actorOfOurs(reader);

    const create = await peer.nextDelivery(byActor('Create', readerActor));
    expect(create.signedBy).toBe(readerActor);
    const note = create.activity.object as Record<string, unknown>;
    expect(note).toMatchObject({
      id: noteId,
      type: 'Note',
      inReplyTo: sent.note.id!.href,
      attributedTo: readerActor,
      content: '<p>A wren, I think.</p>',
    });
    const attachments = note.attachment as { mediaType: string; url: string }[];
    expect(attachments).toHaveLength(1);
    // What Mastodon and Safari play, though the reply was recorded as WebM.
    expect(attachments[0]).toMatchObject({ type: 'Document', mediaType: 'audio/mp4' });
    const audio = await fetch(attachments[0]!.url);
    expect(audio.headers.get('content-type')).toBe('audio/mp4');

    // Anyone who looks the reply up by its id gets the same Note.
    const lookedUp = await fetch(noteId, { headers: { accept: 'application/activity+json' } });
    expect(lookedUp.status).toBe(200);
    expect(lookedUp.headers.get('content-type')).toMatch(/^application\/activity\+json/);
    expect(await lookedUp.json()).toMatchObject({ id: noteId, type: 'Note', inReplyTo: sent.note.id!.href });

    const removed = await callAs(testApp.app, reader, 'DELETE', `/api/comments/${commentId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const deleted = await peer.nextDelivery(byActor('Delete', readerActor));
    expect(deleted.signedBy).toBe(readerActor);
    expect(deleted.activity.object).toMatchObject({ id: noteId, type: 'Tombstone' });
    expect((await fetch(noteId, { headers: { accept: 'application/activity+json' } })).status).toBe(404);
  });

  it('go with a Delete when our moderators hide them, and come back with a Create once shown', async () => {
    const sent = voiceNote({ audioPath: VOICE_PATH });
    await deliver(sent.create);
    const theirs = (await feedOf(reader)).find((each) => each.title === `Dawn chorus, take ${notes}`)!;
    const form = multipartForm({ postId: theirs.id }, [webmPart(voice)]);
    const created = await sendForm(testApp.app, reader.cookie, '/api/comments', form);
    expect(created.statusCode, created.body).toBe(201);
    const commentId = (created.json() as Comment).id;
    const noteId = `${origin}/ap/comments/${commentId}`;
    const readerActor = actorOfOurs(reader);
    /** The `count`th of our reader's activities of `type` about this reply to reach their server. */
    const delivered = (type: string, count: number) =>
      waitFor(
        async () => {
          const about = peer.received.filter(
            (each) =>
              byActor(type, readerActor)(each) && (each.activity.object as { id?: string }).id === noteId,
          );
          return about.length >= count ? about[count - 1] : undefined;
        },
        20_000,
        `${type} number ${count} of the reply`,
      );
    const moderate = (action: 'hide' | 'unhide') =>
      callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
        action,
        targetKind: 'comment',
        targetId: commentId,
      });
    await delivered('Create', 1);

    expect((await moderate('hide')).statusCode).toBe(200);
    const deleted = await delivered('Delete', 1);
    expect(deleted.signedBy).toBe(readerActor);
    expect(deleted.activity.object).toMatchObject({ id: noteId, type: 'Tombstone' });
    expect((await fetch(noteId, { headers: { accept: 'application/activity+json' } })).status).toBe(404);

    expect((await moderate('unhide')).statusCode).toBe(200);
    const shown = await delivered('Create', 2);
    expect(shown.activity.object).toMatchObject({ id: noteId, type: 'Note', inReplyTo: sent.note.id!.href });
    expect((await fetch(noteId, { headers: { accept: 'application/activity+json' } })).status).toBe(200);
  });

  it('are the only comments that answer as Notes: one on our own post is no object', async () => {
    const ana = await signUp(testApp.app, { firstName: 'Ana' });
    const ours = await publishWebm(testApp.app, ana.cookie, voice, { fields: { title: 'Ours alone' } });
    const form = multipartForm({ postId: ours.id }, [webmPart(voice)]);
    const created = await sendForm(testApp.app, reader.cookie, '/api/comments', form);
    expect(created.statusCode, created.body).toBe(201);
    for (const id of [(created.json() as Comment).id, 'no-such-comment']) {
      const lookedUp = await fetch(`${origin}/ap/comments/${id}`, {
        headers: { accept: 'application/activity+json' },
      });
      expect(lookedUp.status).toBe(404);
      expect(await lookedUp.json()).toEqual({ message: `Nothing is at GET /ap/comments/${id}.` });
    }
  });
});

describe('likes and reposts, both ways', () => {
  it('ours of their post go to their server as Like and Announce, and their Undo when taken back', async () => {
    const sent = voiceNote({ audioPath: VOICE_PATH });
    await deliver(sent.create);
    const theirs = (await feedOf(reader)).find((each) => each.title === `Dawn chorus, take ${notes}`)!;
    const noteId = sent.note.id!.href;
    const readerActor = actorOfOurs(reader);
    const toggle = async (path: string) =>
      expect((await callAs(testApp.app, reader, 'POST', path, { postId: theirs.id })).statusCode).toBe(200);

    await toggle('/api/likes');
    const like = await peer.nextDelivery(byActor('Like', readerActor));
    expect(like).toMatchObject({ signedBy: readerActor, activity: { object: noteId } });
    await toggle('/api/likes');
    const unlike = await peer.nextDelivery(undoing('Like', readerActor));
    expect(unlike.activity.object).toMatchObject({ id: like.activity.id, object: noteId });

    await toggle('/api/reposts');
    const repost = await peer.nextDelivery(byActor('Announce', readerActor));
    expect(repost).toMatchObject({
      signedBy: readerActor,
      activity: { object: noteId, to: PUBLIC_COLLECTION.href, cc: expect.arrayContaining([peer.actorId]) },
    });
    await toggle('/api/reposts');
    const unrepost = await peer.nextDelivery(undoing('Announce', readerActor));
    expect(unrepost.activity.object).toMatchObject({ id: repost.activity.id, object: noteId });
  });

  it('theirs of our public post count once each, tell its author as ours do, and go with their Undo', async () => {
    const lia = await signUp(testApp.app, { firstName: 'Lia' });
    const ours = await publishWebm(testApp.app, lia.cookie, voice, { fields: { title: 'Listen' } });
    const postUrl = `${origin}/posts/${ours.id}`;
    const like = aliceDoes(Like, postUrl);
    const announce = aliceDoes(Announce, postUrl);
    // Delivered twice (retries, personal and shared inboxes): counted once.
    for (const activity of [like, like, announce, announce]) await deliver(activity);
    expect(await reactionCounts(lia, ours.id)).toEqual({ likes: 1, reposts: 1 });
    const told = (await callAs(testApp.app, lia, 'GET', '/api/notifications')).json() as Notification[];
    expect(told.map(({ type, user }) => ({ type, username: user.username })).sort()).toEqual(
      expect.arrayContaining([
        { type: 'like', username: alice.username },
        { type: 'repost', username: alice.username },
      ]),
    );

    await deliver(aliceDoes(Undo, like));
    await deliver(aliceDoes(Undo, announce));
    expect(await reactionCounts(lia, ours.id)).toEqual({ likes: 0, reposts: 0 });
  });

  it('never count on a post they may not see: private, hidden, of someone suspended or who blocks them', async () => {
    const owner = await signUp(testApp.app, { firstName: 'Ola' });
    const publish = (fields: Record<string, string> = {}) =>
      publishWebm(testApp.app, owner.cookie, voice, { fields: { title: 'Not for them', ...fields } });
    const moderate = (action: string, targetKind: string, targetId: string) =>
      callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
        action,
        targetKind,
        targetId,
        note: 'checked',
      });
    const hidden = await publish();
    expect((await moderate('hide', 'post', hidden.id)).statusCode).toBe(200);
    const unseen = [(await publish({ isPrivate: 'true' })).id, hidden.id];
    const blocker = await signUp(testApp.app, { firstName: 'Bo' });
    unseen.push((await publishWebm(testApp.app, blocker.cookie, voice, { fields: { title: 'Bo' } })).id);
    expect((await callAs(testApp.app, blocker, 'PUT', `/api/users/${alice.id}/block`)).statusCode).toBe(200);
    const suspended = await signUp(testApp.app, { firstName: 'Cy' });
    unseen.push((await publishWebm(testApp.app, suspended.cookie, voice, { fields: { title: 'Cy' } })).id);
    expect((await moderate('suspend', 'user', suspended.user.id)).statusCode).toBe(200);

    for (const postId of unseen) {
      await deliver(aliceDoes(Like, `${origin}/posts/${postId}`));
      await deliver(aliceDoes(Announce, `${origin}/posts/${postId}`));
    }
    const kept = await testApp.context.db
      .selectFrom('post_reactions')
      .select('post_id')
      .where('post_id', 'in', unseen)
      .union((db) => db.selectFrom('reposts').select('post_id').where('post_id', 'in', unseen))
      .execute();
    expect(kept).toEqual([]);
  });
});

describe('moderation of remote people', () => {
  it('reports, hides and suspends them through the same screens; a suspended one’s activities are dropped', async () => {
    await deliver(voiceNote({ audioPath: VOICE_PATH }).create);
    const post = (await feedOf(reader)).find((each) => each.userId === alice.id)!;
    const report = await callAs(testApp.app, reader, 'POST', '/api/reports', {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(report.statusCode, report.body).toBe(200);
    const hide = await callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
      action: 'hide',
      targetKind: 'post',
      targetId: post.id,
      note: 'checked',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await feedOf(reader)).map((each) => each.id)).not.toContain(post.id);

    const suspend = await callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
      action: 'suspend',
      targetKind: 'user',
      targetId: alice.id,
      note: 'spam account',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const before = await count('posts');
    await deliver(voiceNote({ audioPath: VOICE_PATH }).create);
    expect(await count('posts')).toBe(before);
  });
});

describe('unfollowing', () => {
  it('sends Undo{Follow}; a Reject clears a follow that was asked', async () => {
    await callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
      action: 'unsuspend',
      targetKind: 'user',
      targetId: alice.id,
      note: 'appeal',
    });
    const unfollow = await callAs(testApp.app, reader, 'POST', '/api/follows', { followingId: alice.id });
    expect(unfollow.json()).toEqual({ followed: false, requested: false });
    const undo = await peer.nextDelivery(undoing('Follow', `${origin}/profile/${reader.user.id}`));
    expect(undo.activity).toMatchObject({ object: { type: 'Follow', object: peer.actorId } });

    const again = await callAs(testApp.app, reader, 'POST', '/api/follows', { followingId: alice.id });
    expect(again.json()).toEqual({ followed: false, requested: true });
    const follow = await waitFor(
      async () => peer.received.filter(ofType('Follow')).at(1),
      30_000,
      'the second Follow',
    );
    const asked = new Follow({
      id: new URL((follow.activity as { id: string }).id),
      actor: new URL(`${origin}/profile/${reader.user.id}`),
      object: new URL(peer.actorId),
    });
    await deliver(
      new Reject({ id: new URL(`${peer.actorId}#rejects/1`), actor: new URL(peer.actorId), object: asked }),
      inboxOf(reader),
    );
    const status = await callAs(testApp.app, reader, 'GET', `/api/follows/${alice.id}`);
    expect(status.json()).toEqual({ following: false, requested: false });
  });
});

describe('looking up people of other servers', () => {
  it('is limited per person per minute with a clear 429; other searches and other people go on', async () => {
    const searcher = await signUp(testApp.app, { firstName: 'Sam' });
    const search = (who: SignedIn, query: string) =>
      callAs(testApp.app, who, 'GET', `/api/search/users/${encodeURIComponent(query)}`);
    for (let lookup = 0; lookup < REMOTE_LOOKUPS_PER_MINUTE; lookup += 1) {
      const found = await search(searcher, lookup % 2 ? alice.username : peer.actorId);
      expect(found.statusCode, found.body).toBe(200);
    }
    const refused = await search(searcher, `@${alice.username}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/other servers.*minute/) });
    expect((await search(searcher, 'Rui')).statusCode).toBe(200);
    expect((await search(reader, alice.username)).statusCode).toBe(200);
  });
});

describe('blocks, both ways', () => {
  /** `who` follows alice (her server accepts) and she follows them (we accept): follows both ways. */
  async function followEachOther(who: SignedIn) {
    await callAs(testApp.app, who, 'POST', '/api/follows', { followingId: alice.id });
    const asked = await peer.nextDelivery(byActor('Follow', actorOfOurs(who)));
    const theirs = new Follow({
      id: new URL((asked.activity as { id: string }).id),
      actor: new URL(actorOfOurs(who)),
      object: new URL(peer.actorId),
    });
    await deliver(aliceDoes(Accept, theirs), inboxOf(who));
    await deliver(aliceDoes(Follow, actorOfOurs(who)), inboxOf(who));
    expect((await callAs(testApp.app, who, 'GET', `/api/follows/${alice.id}`)).json()).toEqual({
      following: true,
    });
    expect(await remoteFollowersOf(who)).toBe(1);
  }
  const remoteFollowersOf = async (who: SignedIn) => {
    const followers = await fetch(`${origin}/ap/users/${who.user.id}/followers`, {
      headers: { accept: 'application/activity+json' },
    });
    return ((await followers.json()) as { totalItems: number }).totalItems;
  };

  it('ours of them sends Block and ends the follows both ways; unblocking sends Undo{Block}', async () => {
    const bea = await signUp(testApp.app, { firstName: 'Bea' });
    await followEachOther(bea);
    expect((await callAs(testApp.app, bea, 'PUT', `/api/users/${alice.id}/block`)).statusCode).toBe(200);
    const block = await peer.nextDelivery(byActor('Block', actorOfOurs(bea)));
    expect(block).toMatchObject({ signedBy: actorOfOurs(bea), activity: { object: peer.actorId } });
    expect((await callAs(testApp.app, bea, 'GET', `/api/follows/${alice.id}`)).json()).toEqual({
      following: false,
      requested: false,
    });
    expect(await remoteFollowersOf(bea)).toBe(0);

    expect((await callAs(testApp.app, bea, 'DELETE', `/api/users/${alice.id}/block`)).statusCode).toBe(200);
    const undo = await peer.nextDelivery(undoing('Block', actorOfOurs(bea)));
    expect(undo.activity.object).toMatchObject({ id: block.activity.id, object: peer.actorId });
  });

  it('theirs of our person ends the follows both ways and refuses their likes and follows, until their Undo', async () => {
    const cas = await signUp(testApp.app, { firstName: 'Cas' });
    await followEachOther(cas);
    const ours = await publishWebm(testApp.app, cas.cookie, voice, { fields: { title: 'Cas' } });
    const block = aliceDoes(Block, actorOfOurs(cas));
    await deliver(block);
    expect((await callAs(testApp.app, cas, 'GET', `/api/follows/${alice.id}`)).json()).toEqual({
      following: false,
      requested: false,
    });
    // Nothing of Cas's is delivered to them any more: they follow nobody here.
    expect(await remoteFollowersOf(cas)).toBe(0);
    await deliver(aliceDoes(Like, `${origin}/posts/${ours.id}`));
    expect(await reactionCounts(cas, ours.id)).toEqual({ likes: 0, reposts: 0 });
    const followAgain = aliceDoes(Follow, actorOfOurs(cas));
    await deliver(followAgain, inboxOf(cas));
    const refused = await peer.nextDelivery(byActor('Reject', actorOfOurs(cas)));
    expect(refused.activity.object).toMatchObject({ id: followAgain.id!.href, object: actorOfOurs(cas) });
    expect(await remoteFollowersOf(cas)).toBe(0);

    await deliver(aliceDoes(Undo, block));
    await deliver(aliceDoes(Like, `${origin}/posts/${ours.id}`));
    expect(await reactionCounts(cas, ours.id)).toEqual({ likes: 1, reposts: 0 });
  });
});

describe('their pictures', () => {
  it('take their actor’s icon as their avatar through our image pipeline, and a new one when it changes', async () => {
    const picture = (background: string) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
        .png()
        .toBuffer();
    peer.serve('/media/alice-1.png', { body: await picture('#c33'), type: 'image/png' });
    peer.serve('/media/alice-2.png', { body: await picture('#33c'), type: 'image/png' });
    peer.serve('/media/alice-broken.png', { body: 'no picture', type: 'image/png' });
    const avatar = async () =>
      ((await callAs(testApp.app, reader, 'GET', `/api/users/${alice.id}`)).json() as PublicUser)
        .profileImageUrl;
    const showing = async (path: string) => {
      peer.setIcon(path, 'image/png');
      await deliver(aliceDoes(Update, peer.person()));
      return avatar();
    };

    const first = await showing('/media/alice-1.png');
    expect(first).toMatch(/^\/media\/images\//);
    const served = await callAs(testApp.app, reader, 'GET', first!);
    expect(served.statusCode).toBe(200);
    const shown = await sharp(served.rawPayload).metadata();
    expect(shown).toMatchObject({ format: 'webp' });
    expect(shown.width).toBeLessThan(1600);

    const second = await showing('/media/alice-2.png');
    expect(second).not.toBe(first);
    expect((await callAs(testApp.app, reader, 'GET', first!)).statusCode).toBe(404);
    expect((await callAs(testApp.app, reader, 'GET', second!)).statusCode).toBe(200);

    // A picture that fails our checks leaves the avatar as it was.
    expect(await showing('/media/alice-broken.png')).toBe(second);
  });
});
