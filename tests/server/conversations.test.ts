import type { Conversation, ConversationRecording, PublishRequest } from '@shared/contract/conversations';
import type { Post } from '@shared/contract/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn, callAs, type Method } from './support/accounts';
import { openEventStream, type EventStream } from './support/event-stream';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { sendForm, webmPart } from './support/uploads';
import { createAudioLibrary } from '../../src/server/services/audio-library';
import { createConversationPublisher } from '../../src/server/services/conversation-publisher';
import { createConversationService } from '../../src/server/services/conversation-service';

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

const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

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
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toEqual({ message: 'No user has the id nobody.' });
    const noOne = await call(ada, 'POST', '/api/conversations', { type: 'direct', participantIds: [] });
    expect(noOne.statusCode).toBe(400);
    expect(noOne.json()).toEqual({ message: 'Choose the person to start a chat with.' });
    const crowd = await call(ada, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: Array.from({ length: 51 }, (_, index) => `someone-${index}`),
    });
    expect(crowd.statusCode).toBe(400);
    expect(crowd.json()).toEqual({ message: 'A direct conversation is with exactly one other person.' });
    expect((await call(undefined, 'GET', '/api/conversations')).statusCode).toBe(401);
  });

  it('gives two people who start the same direct chat at once one conversation: one 201, one 200', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const [fromAda, fromBob] = await Promise.all([
      call(ada, 'POST', '/api/conversations', { type: 'direct', participantIds: [bob.user.id] }),
      call(bob, 'POST', '/api/conversations', { type: 'direct', participantIds: [ada.user.id] }),
    ]);
    expect([fromAda.statusCode, fromBob.statusCode].sort()).toEqual([200, 201]);
    expect(fromAda.json<Conversation>().id).toBe(fromBob.json<Conversation>().id);
    expect((await listOf(ada)).map((card) => card.id)).toEqual([fromAda.json<Conversation>().id]);
  });

  it('refuses a group of 51 people, and counts the asker once when they name themselves', async () => {
    const [ada, bob, cy] = await Promise.all(['Ada', 'Bob', 'Cy'].map(person));
    const crowd = await call(ada, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Crowd',
      participantIds: Array.from({ length: 51 }, (_, index) => `someone-${index}`),
    });
    expect(crowd.statusCode).toBe(400);
    expect(crowd.json()).toEqual({ message: 'A group can have at most 50 people.' });
    const withSelf = await start(ada!, {
      type: 'group',
      name: 'Trio',
      participantIds: [ada!.user.id, bob!.user.id, cy!.user.id],
    });
    expect(withSelf.participants.map((user) => user.id).sort()).toEqual(
      [ada!.user.id, bob!.user.id, cy!.user.id].sort(),
    );
    const badCursor = await call(ada, 'GET', '/api/conversations?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    const badMessagesCursor = await call(ada, 'GET', `/api/conversations/${withSelf.id}/recordings?cursor=x`);
    expect(badMessagesCursor.statusCode).toBe(400);
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

  // The server decodes all 15 minutes to measure them: seconds of CPU, which a loaded machine stretches.
  it(
    'refuses a message longer than 15 minutes as measured, keeping nothing of it',
    { timeout: 120_000 },
    async () => {
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
    },
  );

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
    expect(await storedAudioAssetIds(testApp.context.blobs)).not.toContain(assetIdOf(message.audioUrl));
  });

  it('deletes every message and its audio when the last member leaves', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    const messages = [await send(ada, chat.id), await send(bob, chat.id)];
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
    // Ada's voice is in it: she is asked first (issue 25), and her yes posts it.
    const asked = await call(bob, 'POST', `/api/conversations/${chat.id}/publish`);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json() as PublishRequest;
    expect(request.kind).toBe('publish-request');
    const answered = await call(ada, 'POST', `/api/conversations/publish-requests/${request.id}/answer`, {
      answer: 'agree',
    });
    const response = await call(bob, 'GET', `/api/posts/${(answered.json() as PublishRequest).postId}`);
    expect(response.statusCode, response.body).toBe(200);
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

  it('tells every member’s open stream of a new conversation, a message and a deletion', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const bobs = await openEventStream(origin, bob.cookie);
    openStreams.push(bobs);

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
  });

  it('tells every member when people join or leave a group, so their counts follow', async () => {
    const [ada, bob, cy, dee] = await Promise.all(['Ada', 'Bob', 'Cy', 'Dee'].map(person));
    // Open before the group starts, so Bob hears of its start first: on PostgreSQL, a stream opened just after the
    // start could still get it, in place of the news of Dee joining.
    const [bobs, dees] = await Promise.all([
      openEventStream(origin, bob!.cookie),
      openEventStream(origin, dee!.cookie),
    ]);
    openStreams.push(bobs, dees);
    const group = await start(ada!, {
      type: 'group',
      name: 'Trio',
      participantIds: [bob!.user.id, cy!.user.id],
    });
    const peopleIn = async (stream: EventStream) => {
      const event = await stream.next();
      expect(event.event).toBe('conversation');
      const conversation = JSON.parse(event.data) as Conversation;
      expect(conversation.id).toBe(group.id);
      return conversation.participants.length;
    };
    expect(await peopleIn(bobs)).toBe(3);

    const added = await call(ada, 'POST', `/api/conversations/${group.id}/members`, {
      userIds: [dee!.user.id],
    });
    expect(added.statusCode).toBe(200);
    expect(await peopleIn(bobs)).toBe(4);
    expect(await peopleIn(dees)).toBe(4);

    expect((await call(cy, 'DELETE', `/api/conversations/${group.id}`)).statusCode).toBe(200);
    expect(await peopleIn(bobs)).toBe(3);
    expect(await peopleIn(dees)).toBe(3);
  });

  it('tells a member who left, their stream still open, nothing of what is sent or deleted afterwards', async () => {
    const [ada, bob, cy] = await Promise.all(['Ada', 'Bob', 'Cy'].map(person));
    // Open before the group starts, so the group's own news comes first: on PostgreSQL, events cross LISTEN/NOTIFY,
    // and a stream opened just after the start could still get it.
    const cys = await openEventStream(origin, cy!.cookie);
    openStreams.push(cys);
    const group = await start(ada!, {
      type: 'group',
      name: 'Trio',
      participantIds: [bob!.user.id, cy!.user.id],
    });
    const started = await cys.next();
    expect(started.event).toBe('conversation');
    expect(JSON.parse(started.data)).toMatchObject({ id: group.id });
    const before = await send(ada!, group.id);
    expect(JSON.parse((await cys.next()).data)).toMatchObject({ id: before.id });

    expect((await call(cy, 'DELETE', `/api/conversations/${group.id}`)).statusCode).toBe(200);
    await send(ada!, group.id);
    expect((await call(ada, 'DELETE', `/api/conversations/recordings/${before.id}`)).statusCode).toBe(200);
    // The next thing Cy hears is of a conversation started after all that.
    const later = await direct(bob!, cy!);
    const next = await cys.next();
    expect(next.event).toBe('conversation');
    expect((JSON.parse(next.data) as Conversation).id).toBe(later.id);
  });

  it('keeps my unread total for the badge, lists one type of conversation, and shows one conversation', async () => {
    const [ada, bob, cy] = await Promise.all(['Ada', 'Bob', 'Cy'].map(person));
    const chat = await direct(ada!, bob!);
    const group = await start(ada!, {
      type: 'group',
      name: 'Trio',
      participantIds: [bob!.user.id, cy!.user.id],
    });
    const unreadOf = async (who: SignedIn) => {
      const response = await call(who, 'GET', '/api/conversations/unread');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ count: number }>().count;
    };
    expect(await unreadOf(bob!)).toBe(0);
    await send(ada!, chat.id);
    const deletedLater = await send(ada!, group.id);
    await send(cy!, group.id);
    await send(bob!, group.id);
    expect(await unreadOf(bob!)).toBe(3);
    expect(await unreadOf(ada!)).toBe(2);

    // A message deleted before it was heard is no longer unread.
    expect((await call(ada, 'DELETE', `/api/conversations/recordings/${deletedLater.id}`)).statusCode).toBe(
      200,
    );
    expect(await unreadOf(bob!)).toBe(2);
    expect((await cardOf(bob!, group.id))?.unreadCount).toBe(1);
    await recordingsOf(bob!, group.id);
    expect(await unreadOf(bob!)).toBe(1);

    const ofType = async (type: string) => {
      const response = await call(bob, 'GET', `/api/conversations?type=${type}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Conversation[]>().map((card) => card.id);
    };
    expect(await ofType('direct')).toEqual([chat.id]);
    expect(await ofType('group')).toEqual([group.id]);
    expect((await call(bob, 'GET', '/api/conversations?type=other')).statusCode).toBe(400);

    const one = await call(bob, 'GET', `/api/conversations/${chat.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: chat.id, type: 'direct', unreadCount: 1, recordings: 1 });
    for (const [who, id] of [
      [cy!, chat.id],
      [bob!, 'nothing'],
    ] as const) {
      const response = await call(who, 'GET', `/api/conversations/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_IN_IT);
    }
    expect((await call(undefined, 'GET', '/api/conversations/unread')).statusCode).toBe(401);
  });

  it('leaves a message sent while the conversation was being opened unread', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    await send(ada, chat.id);
    let sentMeanwhile: Promise<ConversationRecording> | undefined;
    const { db, users, events } = testApp.context;
    const { blobs, scratch, ffmpeg, jobs } = testApp.context;
    // Bob's page is read, and before it is marked read Ada's next message arrives.
    const conversations = createConversationService({
      db,
      events,
      jobs,
      push: testApp.context.push,
      audio: createAudioLibrary({ blobs, scratch, ffmpeg, db, jobs }),
      users: {
        ...users,
        async publicUsersByIds(ids) {
          sentMeanwhile ??= send(ada, chat.id);
          await sentMeanwhile;
          return users.publicUsersByIds(ids);
        },
      },
    });
    const page = await conversations.listRecordings(bob.user.id, chat.id, { limit: 20 });
    expect(page.items).toHaveLength(1);
    expect((await cardOf(bob, chat.id))?.unreadCount).toBe(1);
  });

  it('deletes a message once when its sender deletes it twice at the same moment: 200, then 404', async () => {
    const ada = await person('Ada');
    const chat = await direct(ada, await person('Bob'));
    const message = await send(ada, chat.id);
    const url = `/api/conversations/recordings/${message.id}`;
    const answers = await Promise.all([call(ada, 'DELETE', url), call(ada, 'DELETE', url)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });

  it('limits how many conversations a person posts in an hour', async () => {
    const ada = await person('Ada');
    const chat = await direct(ada, await person('Bob'));
    const url = `/api/conversations/${chat.id}/publish`;
    // Nothing to post, refused at once, but every attempt counts.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await call(ada, 'POST', url)).statusCode).toBe(400);
    }
    const throttled = await call(ada, 'POST', url);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      message: 'You have posted a lot of conversations in the last hour. Please wait a while and try again.',
    });
  });

  it('deletes everything when the last two members leave at the same moment', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    const messages = [await send(ada, chat.id), await send(bob, chat.id)];
    const assets = messages.map((message) => assetIdOf(message.audioUrl));
    const left = await Promise.all([
      call(ada, 'DELETE', `/api/conversations/${chat.id}`),
      call(bob, 'DELETE', `/api/conversations/${chat.id}`),
    ]);
    expect(left.map((response) => response.statusCode)).toEqual([200, 200]);
    const { db } = testApp.context;
    for (const table of ['conversations', 'conversation_members', 'conversation_messages'] as const) {
      const column = table === 'conversations' ? 'id' : 'conversation_id';
      expect(await db.selectFrom(table).select(column).where(column, '=', chat.id).execute(), table).toEqual(
        [],
      );
    }
    expect(await db.selectFrom('audio_assets').select('id').where('id', 'in', assets).execute()).toEqual([]);
    const stored = await storedAudioAssetIds(testApp.context.blobs);
    for (const asset of assets) expect(stored).not.toContain(asset);
  });
});

/** The app's publisher, its audio library running `meanwhile` just before the messages' audio is copied, or after. */
function publisherWith(meanwhile: {
  beforeCopy?: () => Promise<unknown>;
  afterCopy?: () => Promise<unknown>;
}) {
  const { db, blobs, scratch, ffmpeg, jobs, users, posts, events, notifications, push } = testApp.context;
  const audio = createAudioLibrary({ blobs, scratch, ffmpeg, db, jobs });
  return createConversationPublisher({
    db,
    users,
    posts,
    events,
    notifications,
    push,
    audio: {
      ...audio,
      async prepareJoinedAssets(...args) {
        await meanwhile.beforeCopy?.();
        const joined = await audio.prepareJoinedAssets(...args);
        await meanwhile.afterCopy?.();
        return joined;
      },
    },
  });
}

const CHANGED = 'This conversation changed while it was being posted. Try again.';

describe(`posting a conversation that changes meanwhile, on ${databaseKind}`, () => {
  async function chatOfTwoMessages() {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const chat = await direct(ada, bob);
    // Both Ada's: a post of her own voice alone is made at once, not asked about.
    const messages = [await send(ada, chat.id), await send(ada, chat.id)];
    return { ada, bob, chat, messages, storedBefore: await storedAudioAssetIds(testApp.context.blobs) };
  }

  async function expectNoPostBy(who: SignedIn, storedBefore: string[]) {
    const posts = await call(who, 'GET', `/api/posts/user/${who.user.id}`);
    expect(posts.json()).toEqual([]);
    const added = (await storedAudioAssetIds(testApp.context.blobs)).filter(
      (id) => !storedBefore.includes(id),
    );
    expect(added).toEqual([]);
  }

  type Chat = Awaited<ReturnType<typeof chatOfTwoMessages>>;
  const deleteSecondMessage = ({ ada, messages }: Chat) =>
    call(ada, 'DELETE', `/api/conversations/recordings/${messages[1]!.id}`);
  const adaLeaves = ({ ada, chat }: Chat) => call(ada, 'DELETE', `/api/conversations/${chat.id}`);
  it.each([
    {
      name: 'answers 409, never 500, when a message and its audio were deleted before its audio was copied',
      hooks: (chat: Chat) => ({ beforeCopy: () => deleteSecondMessage(chat) }),
    },
    {
      name: 'refuses the post, keeping nothing of it, when a message was deleted after its audio was joined',
      hooks: (chat: Chat) => ({ afterCopy: () => deleteSecondMessage(chat) }),
    },
    {
      name: 'refuses the post of a publisher who left the conversation meanwhile',
      hooks: (chat: Chat) => ({ afterCopy: () => adaLeaves(chat) }),
    },
  ])('$name', async ({ hooks }) => {
    const twoMessages = await chatOfTwoMessages();
    const { ada, chat, storedBefore } = twoMessages;
    const publisher = publisherWith(hooks(twoMessages));
    await expect(publisher.publish(ada.user.id, chat.id)).rejects.toMatchObject({
      statusCode: 409,
      message: CHANGED,
    });
    await expectNoPostBy(ada, storedBefore);
  });

  it('refuses a conversation longer than a post may be before copying any of it', async () => {
    const { ada, chat, messages } = await chatOfTwoMessages();
    // As if each had been two and a half hours long when it was measured.
    await testApp.context.db
      .updateTable('audio_assets')
      .set({ duration: 2.5 * 3600 })
      .where(
        'id',
        'in',
        messages.map((message) => assetIdOf(message.audioUrl)),
      )
      .execute();
    let copied = false;
    const publisher = publisherWith({ beforeCopy: async () => (copied = true) });
    await expect(publisher.publish(ada.user.id, chat.id)).rejects.toMatchObject({
      statusCode: 400,
      message:
        'Posts, pods and diary entries can be at most 4 hours long. This conversation is longer than that.',
    });
    expect(copied).toBe(false);
    const response = await call(ada, 'POST', `/api/conversations/${chat.id}/publish`);
    expect(response.statusCode).toBe(400);
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
      // The conversation's own event, from its start, may reach the other instance only after Bob's stream opened
      // (as here): his list shows the conversation as it now is, which changes nothing.
      await testApp.context.events.publish(testApp.context.db, {
        type: 'conversation',
        userId: bob.user.id,
        id: chat.id,
      });
      const message = await send(ada, chat.id);
      let arrived = await bobs.next();
      while (arrived.event === 'conversation') {
        expect(JSON.parse(arrived.data)).toMatchObject({ id: chat.id });
        arrived = await bobs.next();
      }
      expect(arrived.event).toBe('conversation-recording');
      expect(JSON.parse(arrived.data)).toMatchObject({ id: message.id, userId: ada.user.id });
      await bobs.close();
    } finally {
      await other.close();
    }
  });
});
