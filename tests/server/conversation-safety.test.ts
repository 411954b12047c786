import type { Conversation } from '@shared/contract/conversations';
import type { CurrentUser } from '@shared/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { callAs, signUp, type Method, type SignedIn } from './support/accounts';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { sendForm, webmPart } from './support/uploads';

let testApp: TestApp;
let voice: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(() => testApp?.close());

const person = () => signUp(testApp.app);
const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

const startGroup = (who: SignedIn, others: SignedIn[], name = 'Walkers') =>
  call(who, 'POST', '/api/conversations', {
    type: 'group',
    name,
    participantIds: others.map((other) => other.user.id),
  });

const startDirect = (who: SignedIn, other: SignedIn) =>
  call(who, 'POST', '/api/conversations', { type: 'direct', participantIds: [other.user.id] });

async function chooseGroupAdds(who: SignedIn, groupAdds: string): Promise<CurrentUser> {
  const response = await call(who, 'PUT', '/api/me/settings', { groupAdds });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function conversationsOf(who: SignedIn): Promise<Conversation[]> {
  const response = await call(who, 'GET', '/api/conversations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const sendVoice = (who: SignedIn, conversationId: string) =>
  sendForm(
    testApp.app,
    who.cookie,
    `/api/conversations/${conversationId}/recordings`,
    multipartForm({}, [webmPart(voice)]),
  );

describe(`who may add me to groups, on ${databaseKind}`, () => {
  it('keeps the setting on my account: everyone at first, then what I choose; nothing else is taken', async () => {
    const ada = await person();
    expect(ada.user.groupAdds).toBe('everyone');
    expect((await chooseGroupAdds(ada, 'nobody')).groupAdds).toBe('nobody');
    const me = await call(ada, 'GET', '/api/auth/user');
    expect(me.json<CurrentUser>().groupAdds).toBe('nobody');

    const wrong = await call(ada, 'PUT', '/api/me/settings', { groupAdds: 'friends' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'groupAdds must be "everyone", "following" or "nobody".' });
    expect((await call(ada, 'PUT', '/api/me/settings', { email: 'x@example.com' })).statusCode).toBe(400);
    expect((await call(undefined, 'PUT', '/api/me/settings', { groupAdds: 'nobody' })).statusCode).toBe(401);
  });

  it('refuses a group that would pull in someone who lets nobody add them, naming them, and makes none', async () => {
    const [asker, open, closed, alsoClosed] = await Promise.all([person(), person(), person(), person()]);
    await chooseGroupAdds(closed, 'nobody');
    await chooseGroupAdds(alsoClosed, 'nobody');

    const refused = await startGroup(asker, [open, closed, alsoClosed]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: `@${closed.user.username} and @${alsoClosed.user.username} don't let you add them to groups. Send them a direct message instead.`,
    });
    for (const who of [asker, open, closed, alsoClosed]) expect(await conversationsOf(who)).toEqual([]);

    // A direct chat is not a group: still open to them.
    expect((await startDirect(asker, closed)).statusCode).toBe(201);
  });

  it('lets people I follow add me, and nobody else, to a new group or an existing one', async () => {
    const [friend, stranger, choosy, third] = await Promise.all([person(), person(), person(), person()]);
    await chooseGroupAdds(choosy, 'following');
    const follow = await call(choosy, 'POST', '/api/follows', { followingId: friend.user.id });
    expect(follow.statusCode, follow.body).toBe(200);

    const byStranger = await startGroup(stranger, [choosy, third]);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json().message).toBe(
      `@${choosy.user.username} doesn't let you add them to groups. Send them a direct message instead.`,
    );
    expect((await startGroup(friend, [choosy, third])).statusCode).toBe(201);

    // Adding to a group already there: refused as a whole, so the addable person is not added either.
    const group = (await startGroup(stranger, [friend, third])).json<Conversation>();
    const newcomer = await person();
    const members = `/api/conversations/${group.id}/members`;
    const adding = await call(stranger, 'POST', members, { userIds: [newcomer.user.id, choosy.user.id] });
    expect(adding.statusCode).toBe(403);
    expect(adding.json().message).toContain(`@${choosy.user.username} doesn't let you add them`);
    expect(await conversationsOf(newcomer)).toEqual([]);
    expect(await conversationsOf(choosy)).toHaveLength(1);

    // The friend, whom choosy follows, may add them to the same group.
    const added = await call(friend, 'POST', members, { userIds: [choosy.user.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Conversation>().participants.map((user) => user.id)).toContain(choosy.user.id);
  });

  it('limits how many conversations one person starts in an hour', async () => {
    const [ada, bob] = await Promise.all([person(), person()]);
    // Finding the chat the two already share counts too: every attempt does.
    expect((await startDirect(ada, bob)).statusCode).toBe(201);
    for (let attempt = 1; attempt < 20; attempt += 1) {
      expect((await startDirect(ada, bob)).statusCode).toBe(200);
    }
    const throttled = await startDirect(ada, bob);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      message: 'You have started a lot of conversations in the last hour. Please wait a while and try again.',
    });
    // Another person's count is their own.
    expect((await startDirect(bob, ada)).statusCode).toBe(200);
  });
});

describe(`a direct chat whose other person left Earshot, on ${databaseKind}`, () => {
  it('answers 410 "This person has left Earshot." to every message, keeps nothing, and says so on the card', async () => {
    const [ada, fay] = await Promise.all([person(), person()]);
    const chat = (await startDirect(ada, fay)).json<Conversation>();
    expect((await sendVoice(fay, chat.id)).statusCode).toBe(201);

    const deleted = await call(fay, 'DELETE', '/api/me', { password: fay.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const storedBefore = await storedAudioAssetIds(testApp.context.blobs);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await sendVoice(ada, chat.id);
      expect(refused.statusCode, refused.body).toBe(410);
      expect(refused.json()).toEqual({ message: 'This person has left Earshot.' });
    }
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(storedBefore);
    const [card] = await conversationsOf(ada);
    expect(card).toMatchObject({ id: chat.id, closedReason: 'This person has left Earshot.' });
  });

  it('keeps a group open when one of its people deletes their account', async () => {
    const [ada, bob, fay] = await Promise.all([person(), person(), person()]);
    const group = (await startGroup(ada, [bob, fay])).json<Conversation>();
    expect((await call(fay, 'DELETE', '/api/me', { password: fay.password })).statusCode).toBe(200);
    expect((await sendVoice(ada, group.id)).statusCode).toBe(201);
    expect((await conversationsOf(bob))[0]).toMatchObject({ id: group.id, closedReason: null });
  });
});
