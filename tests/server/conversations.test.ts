import type { Conversation, ConversationRecording } from '@shared/contract/conversations';
import type { Post } from '@shared/contract/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { openEventStream, type EventStream } from './support/event-stream';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { sendForm, webmPart } from './support/uploads';
import { waitForIdleJobs } from './support/waits';

let testApp: TestApp;
let origin: string;
let twoSeconds: Buffer;
let threeSeconds: Buffer;
const openStreams: EventStream[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const opus = ['-c:a', 'libopus'];
  [twoSeconds, threeSeconds] = await Promise.all([
    streamedTone({ seconds: 2, format: 'webm', codecArgs: opus }),
    streamedTone({ seconds: 3, format: 'webm', codecArgs: opus, frequency: 330 }),
  ]);
});
afterAll(async () => {
  await Promise.all(openStreams.map((stream) => stream.close()));
  await testApp?.close();
});

let people = 0;
const person = (firstName: string) => {
  people += 1;
  return signUp(testApp.app, { firstName, lastName: `Tester${people}` });
};

function call(who: SignedIn | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function start(who: SignedIn, body: object, status = 201): Promise<Conversation> {
  const response = await call(who, 'POST', '/api/conversations', body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

const direct = (who: SignedIn, other: SignedIn, status = 201) =>
  start(who, { type: 'direct', participantIds: [other.user.id] }, status);

/** As the client sends it (spec §7): the file as `audio` and the length it measured, which the server ignores. */
function sendAudio(
  who: SignedIn,
  conversationId: string,
  audio: Buffer,
  fields: Record<string, string> = {},
) {
  const form = multipartForm({ duration: '999', ...fields }, [webmPart(audio)]);
  return sendForm(testApp.app, who.cookie, `/api/conversations/${conversationId}/recordings`, form);
}

async function send(who: SignedIn, conversationId: string, audio = twoSeconds, transcription?: string) {
  const response = await sendAudio(who, conversationId, audio, transcription ? { transcription } : {});
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ConversationRecording;
}

async function listOf(who: SignedIn): Promise<Conversation[]> {
  const response = await call(who, 'GET', '/api/conversations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const cardOf = async (who: SignedIn, id: string) => (await listOf(who)).find((card) => card.id === id);

async function recordingsOf(who: SignedIn, id: string, query = ''): Promise<ConversationRecording[]> {
  const response = await call(who, 'GET', `/api/conversations/${id}/recordings${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const assetIdOf = (url: string) => url.split('/')[3]!;
const NOT_IN_IT = { message: 'This conversation does not exist or you are not in it.' };
const NO_MEDIA = { message: 'No media is at this address, or it is not shared with you.' };

describe(`conversations on ${databaseKind}`, () => {
  it('opens the one direct conversation two people share, whoever starts it, and back for one who left', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const first = await direct(ada, bob);
    expect(first).toMatchObject({
      type: 'direct',
      name: null,
      recordings: 0,
      lastMessage: null,
      unreadCount: 0,
    });
    expect(first.participants.map((user) => user.id).sort()).toEqual([ada.user.id, bob.user.id].sort());

    expect((await direct(ada, bob, 200)).id).toBe(first.id);
    expect((await direct(bob, ada, 200)).id).toBe(first.id);

    expect((await call(bob, 'DELETE', `/api/conversations/${first.id}`)).statusCode).toBe(200);
    expect(await cardOf(bob, first.id)).toBeUndefined();
    expect((await direct(bob, ada, 200)).id).toBe(first.id);
    expect(await cardOf(bob, first.id)).toBeDefined();
  });

  it('refuses a direct chat with oneself, with two people, or with someone who does not exist', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const cy = await person('Cy');
    const self = await call(ada, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [ada.user.id],
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'Choose someone other than yourself to start a chat with.' });
    const two = await call(ada, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [bob.user.id, cy.user.id],
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: 'A direct conversation is with exactly one other person.' });
    const nobody = await call(ada, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: ['nobody'],
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ message: 'No user has the id nobody.' });
    expect((await call(undefined, 'GET', '/api/conversations')).statusCode).toBe(401);
  });

  it('makes a named group of three, adds a fourth, and refuses what a group cannot be', async () => {
    const [ada, bob, cy, dee] = await Promise.all(['Ada', 'Bob', 'Cy', 'Dee'].map(person));
    const noName = await call(ada, 'POST', '/api/conversations', {
      type: 'group',
      participantIds: [bob!.user.id, cy!.user.id],
    });
    expect(noName.json()).toEqual({ message: 'Give the group a name.' });
    const tooFew = await call(ada, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Pair',
      participantIds: [bob!.user.id],
    });
    expect(tooFew.json()).toEqual({ message: 'A group needs at least two other people.' });
    const longName = await call(ada, 'POST', '/api/conversations', {
      type: 'group',
      name: 'x'.repeat(81),
      participantIds: [bob!.user.id, cy!.user.id],
    });
    expect(longName.statusCode).toBe(400);

    const group = await start(ada!, {
      type: 'group',
      name: '  Book club ',
      participantIds: [bob!.user.id, cy!.user.id],
    });
    expect(group).toMatchObject({ type: 'group', name: 'Book club' });
    expect(group.participants).toHaveLength(3);
    expect((await call(dee, 'GET', `/api/conversations/${group.id}/recordings`)).statusCode).toBe(404);

    // Only members add people.
    const byOutsider = await call(dee, 'POST', `/api/conversations/${group.id}/members`, {
      userIds: [dee!.user.id],
    });
    expect(byOutsider.statusCode).toBe(404);
    const added = await call(cy, 'POST', `/api/conversations/${group.id}/members`, {
      userIds: [dee!.user.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as Conversation).participants.map((user) => user.id)).toContain(dee!.user.id);
    expect(await recordingsOf(dee!, group.id)).toEqual([]);

    const pair = await direct(ada!, bob!);
    const toDirect = await call(ada, 'POST', `/api/conversations/${pair.id}/members`, {
      userIds: [cy!.user.id],
    });
    expect(toDirect.statusCode).toBe(400);
  });

  it('measures each message itself, counts what others sent as unread until opened, and pages oldest first', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    const first = await send(ada, chat.id, twoSeconds, 'Hello Bob');
    expect(first.duration).toBeGreaterThan(1.9);
    expect(first.duration).toBeLessThan(2.1);
    expect(first.peaks).toHaveLength(20);
    expect(first).toMatchObject({
      userId: ada.user.id,
      transcription: 'Hello Bob',
      user: { id: ada.user.id },
    });
    const second = await send(ada, chat.id, threeSeconds);
    const third = await send(ada, chat.id);

    const bobsCard = await cardOf(bob, chat.id);
    expect(bobsCard).toMatchObject({ recordings: 3, unreadCount: 3, lastMessage: { id: third.id } });
    expect((await cardOf(ada, chat.id))?.unreadCount).toBe(0);

    const page = await call(bob, 'GET', `/api/conversations/${chat.id}/recordings?limit=2`);
    expect((page.json() as ConversationRecording[]).map((message) => message.id)).toEqual([
      second.id,
      third.id,
    ]);
    const older = await recordingsOf(bob, chat.id, `?limit=2&cursor=${page.headers['x-next-cursor']}`);
    expect(older.map((message) => message.id)).toEqual([first.id]);
    expect((await cardOf(bob, chat.id))?.unreadCount).toBe(0);

    await send(ada, chat.id);
    expect((await cardOf(bob, chat.id))?.unreadCount).toBe(1);
    // Newest activity first.
    const other = await direct(bob, await person('Cy'));
    expect((await listOf(bob)).map((card) => card.id).slice(0, 2)).toEqual([other.id, chat.id]);
  });

  it('shows nothing of a conversation to anyone not in it, a member who left included: messages and media', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const cy = await person('Cy');
    const group = await start(ada, {
      type: 'group',
      name: 'Trio',
      participantIds: [bob.user.id, cy.user.id],
    });
    const message = await send(ada, group.id);
    expect((await call(bob, 'GET', message.audioUrl)).statusCode).toBe(200);

    const outsider = await person('Eve');
    for (const who of [outsider, undefined]) {
      const media = await call(who, 'GET', message.audioUrl);
      expect(media.statusCode).toBe(404);
      expect(media.json()).toEqual(NO_MEDIA);
    }
    for (const [method, url] of [
      ['GET', `/api/conversations/${group.id}/recordings`],
      ['DELETE', `/api/conversations/${group.id}`],
      ['POST', `/api/conversations/${group.id}/publish`],
      ['DELETE', `/api/conversations/recordings/${message.id}`],
    ] as const) {
      const response = await call(outsider, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const sent = await sendAudio(outsider, group.id, twoSeconds);
    expect(sent.statusCode).toBe(404);
    expect(sent.json()).toEqual(NOT_IN_IT);
    expect(await cardOf(outsider, group.id)).toBeUndefined();

    expect((await call(cy, 'DELETE', `/api/conversations/${group.id}`)).statusCode).toBe(200);
    expect(await cardOf(cy, group.id)).toBeUndefined();
    expect((await call(cy, 'GET', `/api/conversations/${group.id}/recordings`)).json()).toEqual(NOT_IN_IT);
    expect((await call(cy, 'GET', message.audioUrl)).statusCode).toBe(404);
    expect((await sendAudio(cy, group.id, twoSeconds)).statusCode).toBe(404);
    expect((await call(cy, 'POST', `/api/conversations/${group.id}/publish`)).statusCode).toBe(404);
  });

  it('refuses a message longer than 15 minutes as measured, keeping nothing of it', async () => {
    const ada = await person('Ada');
    const chat = await direct(ada, await person('Bob'));
    const tooLong = await streamedTone({
      seconds: 15 * 60 + 2,
      format: 'webm',
      codecArgs: ['-c:a', 'libopus'],
    });
    const storedBefore = await storedAudioAssetIds(testApp.context.blobs);
    const response = await sendAudio(ada, chat.id, tooLong);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Voice messages can be at most 15 minutes long.' });
    expect(await recordingsOf(ada, chat.id)).toEqual([]);
    const added = (await storedAudioAssetIds(testApp.context.blobs)).filter(
      (id) => !storedBefore.includes(id),
    );
    expect(added).toEqual([]);
  });

  it('brings back a direct conversation’s other person, who had left it, when a message arrives', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    expect((await call(bob, 'DELETE', `/api/conversations/${chat.id}`)).statusCode).toBe(200);
    expect(await cardOf(bob, chat.id)).toBeUndefined();
    const message = await send(ada, chat.id);
    expect(await cardOf(bob, chat.id)).toMatchObject({ unreadCount: 1, lastMessage: { id: message.id } });
    expect((await call(bob, 'GET', message.audioUrl)).statusCode).toBe(200);
  });

  it('lets members delete only their own messages; a deleted message and its media are gone', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    const message = await send(ada, chat.id);
    const byOther = await call(bob, 'DELETE', `/api/conversations/recordings/${message.id}`);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ message: 'You can delete only your own messages.' });

    expect((await call(ada, 'DELETE', `/api/conversations/recordings/${message.id}`)).statusCode).toBe(200);
    expect(await recordingsOf(bob, chat.id)).toEqual([]);
    expect(await cardOf(bob, chat.id)).toMatchObject({ recordings: 0, lastMessage: null, unreadCount: 0 });
    for (const who of [ada, bob]) expect((await call(who, 'GET', message.audioUrl)).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/api/conversations/recordings/${message.id}`)).statusCode).toBe(404);
    await waitForIdleJobs(testApp.context.db);
    expect(await storedAudioAssetIds(testApp.context.blobs)).not.toContain(assetIdOf(message.audioUrl));
  });

  it('deletes every message and its audio when the last member leaves', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    const messages = [await send(ada, chat.id), await send(bob, chat.id)];
    await waitForIdleJobs(testApp.context.db);
    const assets = messages.map((message) => assetIdOf(message.audioUrl));
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(expect.arrayContaining(assets));

    expect((await call(ada, 'DELETE', `/api/conversations/${chat.id}`)).statusCode).toBe(200);
    // Bob is still in it: nothing is deleted yet.
    expect(await recordingsOf(bob, chat.id)).toHaveLength(2);
    expect((await call(bob, 'DELETE', `/api/conversations/${chat.id}`)).statusCode).toBe(200);

    const stored = await storedAudioAssetIds(testApp.context.blobs);
    for (const asset of assets) expect(stored).not.toContain(asset);
    const { db } = testApp.context;
    expect(await db.selectFrom('conversations').select('id').where('id', '=', chat.id).execute()).toEqual([]);
    expect(await db.selectFrom('audio_assets').select('id').where('id', 'in', assets).execute()).toEqual([]);
    // Starting again is a new conversation.
    expect((await direct(ada, bob)).id).not.toBe(chat.id);
  });

  it('posts the conversation as one post of the publisher: the messages joined, measured, titled and transcribed', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    const empty = await call(bob, 'POST', `/api/conversations/${chat.id}/publish`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'This conversation has no voice messages to post.' });

    const messages = [
      await send(ada, chat.id, twoSeconds, 'Hi Bob'),
      await send(bob, chat.id, threeSeconds, 'Hi Ada'),
    ];
    const response = await call(bob, 'POST', `/api/conversations/${chat.id}/publish`);
    expect(response.statusCode, response.body).toBe(201);
    const post = response.json() as Post;
    const sum = messages.reduce((total, message) => total + message.duration, 0);
    expect(Math.abs(post.duration - sum)).toBeLessThan(0.1);
    expect(post).toMatchObject({
      userId: bob.user.id,
      type: 'post',
      isPrivate: false,
      isDraft: false,
      title: `Conversation with Ada ${ada.user.lastName}`,
      transcription: 'Hi Bob\n\nHi Ada',
    });
    // An ordinary public post: anyone hears it.
    expect((await call(undefined, 'GET', post.audioUrl)).statusCode).toBe(200);
    expect(
      (await call(await person('Eve'), 'POST', `/api/conversations/${chat.id}/publish`)).statusCode,
    ).toBe(404);
  });

  it('tells every member’s open stream of a new conversation, a message and a deletion, and nobody else', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const eve = await person('Eve');
    const bobs = await openEventStream(origin, bob.cookie);
    const eves = await openEventStream(origin, eve.cookie);
    openStreams.push(bobs, eves);

    const chat = await direct(ada, bob);
    const joined = await bobs.next();
    expect(joined.event).toBe('conversation');
    expect(joined.id).toBeUndefined();
    expect((JSON.parse(joined.data) as Conversation).id).toBe(chat.id);

    const message = await send(ada, chat.id, twoSeconds, 'Psst');
    const arrived = await bobs.next();
    expect(arrived.event).toBe('conversation-recording');
    expect(JSON.parse(arrived.data)).toMatchObject({
      id: message.id,
      conversationId: chat.id,
      transcription: 'Psst',
    });

    expect((await call(ada, 'DELETE', `/api/conversations/recordings/${message.id}`)).statusCode).toBe(200);
    const deleted = await bobs.next();
    expect(deleted.event).toBe('conversation-recording-deleted');
    expect(JSON.parse(deleted.data)).toEqual({ id: message.id, conversationId: chat.id });

    // Eve heard none of it: her first event is of her own conversation, started afterwards.
    const evesChat = await direct(ada, eve);
    const evesFirst = await eves.next();
    expect(evesFirst.event).toBe('conversation');
    expect((JSON.parse(evesFirst.data) as Conversation).id).toBe(evesChat.id);
  });
});

describe.skipIf(databaseKind !== 'postgres')('conversation events across instances on PostgreSQL', () => {
  it('delivers a message sent through one instance to a member’s stream on another', async () => {
    const other = await createTestApp({}, { sameDatabaseAs: testApp });
    try {
      const otherOrigin = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const ada = await person('Ada');
      const bob = await person('Bob');
      const chat = await direct(ada, bob);
      const bobs = await openEventStream(otherOrigin, bob.cookie);
      openStreams.push(bobs);
      const message = await send(ada, chat.id);
      const arrived = await bobs.next();
      expect(arrived.event).toBe('conversation-recording');
      expect(JSON.parse(arrived.data)).toMatchObject({ id: message.id, userId: ada.user.id });
      await bobs.close();
    } finally {
      await other.close();
    }
  });
});
