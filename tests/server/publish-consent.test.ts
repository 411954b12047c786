import type { Conversation, ConversationRecording, PublishRequest } from '@shared/contract/conversations';
import type { Post } from '@shared/contract/posts';
import type { Notification } from '@shared/contract/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { signUp, uniqueEmail, type SignedIn, callAs, type Method } from './support/accounts';
import { createTestApp, databaseKind, type TestApp, restartWithAdminEmails } from './support/test-app';
import { sendVoiceMessage } from './support/uploads';
import { waitForJobsNamed } from './support/waits';

const MODERATOR_EMAIL = uniqueEmail('moderator');
let testApp: TestApp;
let twoSeconds: Buffer;
let threeSeconds: Buffer;
let moderator: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ ADMIN_EMAILS: MODERATOR_EMAIL }, { runJobs: true });
  const opus = ['-c:a', 'libopus'];
  [twoSeconds, threeSeconds] = await Promise.all([
    streamedTone({ seconds: 2, format: 'webm', codecArgs: opus }),
    streamedTone({ seconds: 3, format: 'webm', codecArgs: opus, frequency: 330 }),
  ]);
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL, firstName: 'Mo' });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
});
afterAll(() => testApp?.close());

const person = (firstName: string) => signUp(testApp.app, { firstName });
const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

async function ok<T>(who: SignedIn | undefined, method: Method, url: string, payload?: object, status = 200) {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const group = (who: SignedIn, others: SignedIn[]) =>
  ok<Conversation>(
    who,
    'POST',
    '/api/conversations',
    { type: 'group', name: 'Voices', participantIds: others.map((other) => other.user.id) },
    201,
  );

const send = (who: SignedIn, conversationId: string, audio: Buffer, transcription: string) =>
  sendVoiceMessage(testApp.app, who.cookie, conversationId, audio, { duration: '1', transcription });

const publish = (who: SignedIn, conversationId: string) =>
  call(who, 'POST', `/api/conversations/${conversationId}/publish`);
const answer = (who: SignedIn, requestId: string, reply: 'agree' | 'decline') =>
  call(who, 'POST', `/api/conversations/publish-requests/${requestId}/answer`, { answer: reply });
const postsOf = (who: SignedIn) => ok<Post[]>(who, 'GET', `/api/posts/user/${who.user.id}`);

/** Ada (2 s, "Ada speaks"), Bob (3 s, "Bob speaks") and Cy (2 s, "Cy speaks") in a group of Ada's. */
async function threeVoices() {
  const [ada, bob, cy] = [await person('Ada'), await person('Bob'), await person('Cy')];
  const chat = await group(ada, [bob, cy]);
  const messages = [
    await send(ada, chat.id, twoSeconds, 'Ada speaks'),
    await send(bob, chat.id, threeSeconds, 'Bob speaks'),
    await send(cy, chat.id, twoSeconds, 'Cy speaks'),
  ];
  return { ada, bob, cy, chat, messages };
}

async function askToPublish(who: SignedIn, conversationId: string): Promise<PublishRequest> {
  const response = await publish(who, conversationId);
  expect(response.statusCode, response.body).toBe(201);
  const request = response.json() as PublishRequest;
  expect(request.kind, 'the others were asked, not posted over').toBe('publish-request');
  return request;
}

const sumOf = (messages: ConversationRecording[]) =>
  messages.reduce((total, message) => total + message.duration, 0);

describe(`asking the others before a conversation is posted, on ${databaseKind}`, () => {
  it('asks everyone whose voice is in it, and posts only once all of them agree', async () => {
    const { ada, bob, cy, chat, messages } = await threeVoices();
    const request = await askToPublish(ada, chat.id);
    expect(request).toMatchObject({ status: 'asking', messageCount: 3, postId: null });
    expect(request.answers.map((row) => [row.user.id, row.answer, row.messageCount]).sort()).toEqual(
      [
        [bob.user.id, 'pending', 1],
        [cy.user.id, 'pending', 1],
      ].sort(),
    );
    expect(await postsOf(ada)).toEqual([]);
    // Bob is told in his notifications, which open the conversation.
    const [told] = await ok<Notification[]>(bob, 'GET', '/api/notifications');
    expect(told).toMatchObject({
      type: 'publish-request',
      message: 'Ada asks to post your conversation as a pod',
      conversationId: chat.id,
    });
    // Bob sees the prompt in the conversation.
    const seen = await ok<PublishRequest | null>(bob, 'GET', `/api/conversations/${chat.id}/publish-request`);
    expect(seen?.id).toBe(request.id);
    expect(seen?.requester.id).toBe(ada.user.id);
    // Only those asked answer; a stranger learns nothing of it.
    expect((await answer(ada, request.id, 'agree')).statusCode).toBe(403);
    expect((await answer(await person('Eve'), request.id, 'agree')).statusCode).toBe(404);

    expect((await answer(bob, request.id, 'agree')).json()).toMatchObject({ status: 'asking' });
    expect(await postsOf(ada)).toEqual([]);
    const done = (await answer(cy, request.id, 'agree')).json() as PublishRequest;
    expect(done.status).toBe('posted');
    const [post] = await postsOf(ada);
    expect(post?.id).toBe(done.postId);
    expect(post?.transcription).toBe('Ada speaks\n\nBob speaks\n\nCy speaks');
    expect(Math.abs(post!.duration - sumOf(messages))).toBeLessThan(0.15);
    expect(await ok(bob, 'GET', `/api/conversations/${chat.id}/publish-request`)).toBeNull();
  });

  it('leaves out the voice of whoever declines when the asker posts it with those who agreed', async () => {
    const { ada, bob, cy, chat, messages } = await threeVoices();
    const request = await askToPublish(ada, chat.id);
    await answer(bob, request.id, 'decline');
    expect(await postsOf(ada)).toEqual([]);
    await answer(cy, request.id, 'agree');
    // Not everyone agreed: nothing is posted until Ada posts it without Bob.
    expect(await postsOf(ada)).toEqual([]);
    expect(
      (await call(bob, 'POST', `/api/conversations/publish-requests/${request.id}/post`)).statusCode,
    ).toBe(403);
    const post = await ok<Post>(
      ada,
      'POST',
      `/api/conversations/publish-requests/${request.id}/post`,
      undefined,
      201,
    );
    expect(post.transcription).toBe('Ada speaks\n\nCy speaks');
    expect(post.transcription).not.toContain('Bob');
    expect(post.title).toBe('Conversation with Cy');
    expect(Math.abs(post.duration - (messages[0]!.duration + messages[2]!.duration))).toBeLessThan(0.15);
    expect((await answer(bob, request.id, 'agree')).statusCode).toBe(409);
  });

  it('tells a second member who asks that the first is already asking, and keeps answering everyone', async () => {
    const { ada, bob, chat } = await threeVoices();
    await askToPublish(ada, chat.id);
    const second = await publish(bob, chat.id);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(
      'Ada is already asking to post this conversation. Wait until everyone has answered.',
    );
    expect((await call(ada, 'GET', `/api/conversations/${chat.id}/publish-request`)).statusCode).toBe(200);
  }, 15_000);

  it('posts nothing when everyone declines and the asker has no voice in it', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const chat = await group(ada, [bob, await person('Cy')]);
    await send(bob, chat.id, twoSeconds, 'Bob alone');
    const request = await askToPublish(ada, chat.id);
    await answer(bob, request.id, 'decline');
    const refused = await call(ada, 'POST', `/api/conversations/publish-requests/${request.id}/post`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/nothing to post/);
    expect(await postsOf(ada)).toEqual([]);
  });

  it('posts a conversation of the asker’s own voice at once, as before', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const chat = await group(ada, [bob, await person('Cy')]);
    await send(ada, chat.id, twoSeconds, 'Only me');
    const post = await ok<Post>(ada, 'POST', `/api/conversations/${chat.id}/publish`, undefined, 201);
    expect(post).toMatchObject({ userId: ada.user.id, transcription: 'Only me', isPrivate: false });
  });

  it('never includes a message moderators hid, even for its sender', async () => {
    const [ada, sam] = [await person('Ada'), await person('Sam')];
    const chat = await group(ada, [sam, await person('Cy')]);
    await send(ada, chat.id, twoSeconds, 'hello');
    const abuse = await send(sam, chat.id, threeSeconds, 'ABUSE');
    await ok(ada, 'POST', '/api/reports', {
      targetKind: 'message',
      targetId: abuse.id,
      reason: 'harassment',
    });
    await ok(moderator, 'POST', '/api/moderation/actions', {
      action: 'hide',
      targetKind: 'message',
      targetId: abuse.id,
      note: 'abusive',
    });
    // Ada's post holds her own voice alone: posted at once, without the hidden message.
    const post = await ok<Post>(ada, 'POST', `/api/conversations/${chat.id}/publish`, undefined, 201);
    expect(post.transcription).toBe('hello');
    expect(post.duration).toBeLessThan(2.5);
    // Its sender cannot post it either: Sam's request holds Ada's message alone.
    const bySam = await askToPublish(sam, chat.id);
    expect(bySam.messageCount).toBe(1);
    const done = (await answer(ada, bySam.id, 'agree')).json() as PublishRequest;
    const samsPost = await ok<Post>(sam, 'GET', `/api/posts/${done.postId}`);
    expect(samsPost.transcription).toBe('hello');
  });

  it('never asks about, nor includes, the voice of someone the asker blocks', async () => {
    const { ada, bob, cy, chat } = await threeVoices();
    await ok(ada, 'PUT', `/api/users/${bob.user.id}/block`);
    const request = await askToPublish(ada, chat.id);
    expect(request.answers.map((row) => row.user.id)).toEqual([cy.user.id]);
    const done = (await answer(cy, request.id, 'agree')).json() as PublishRequest;
    const post = await ok<Post>(undefined, 'GET', `/api/posts/${done.postId}`);
    expect(post.transcription).toBe('Ada speaks\n\nCy speaks');
  });
});

/** A deleted account's stored objects are removed again later: only the re-renders are waited for. */
const retakesDone = () => waitForJobsNamed(testApp.context.db, 'posts.retake-conversation-voices');

describe(`taking one's voice back out of a posted conversation, on ${databaseKind}`, () => {
  async function postedByAda() {
    const voices = await threeVoices();
    const request = await askToPublish(voices.ada, voices.chat.id);
    await answer(voices.bob, request.id, 'agree');
    const done = (await answer(voices.cy, request.id, 'agree')).json() as PublishRequest;
    expect(done.postId).not.toBeNull();
    return { ...voices, postId: done.postId! };
  }

  const postAfterJobs = async (postId: string) => {
    await retakesDone();
    return call(undefined, 'GET', `/api/posts/${postId}`);
  };

  it('re-renders the post without the voice and words of a member who leaves the conversation', async () => {
    const { bob, chat, postId, messages } = await postedByAda();
    const before = await ok<Post>(undefined, 'GET', `/api/posts/${postId}`);
    await ok(bob, 'DELETE', `/api/conversations/${chat.id}`);
    const after = (await postAfterJobs(postId)).json() as Post;
    expect(after.transcription).toBe('Ada speaks\n\nCy speaks');
    // Bob's three seconds are gone from the measured audio.
    expect(before.duration - after.duration).toBeGreaterThan(messages[1]!.duration - 0.3);
    expect(after.audioUrl).not.toBe(before.audioUrl);
    expect((await call(undefined, 'GET', before.audioUrl)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', after.audioUrl)).statusCode).toBe(200);
  });

  it('re-renders the post without the voice of a member who deletes their account', async () => {
    const { cy, postId, messages } = await postedByAda();
    const before = await ok<Post>(undefined, 'GET', `/api/posts/${postId}`);
    await ok(cy, 'DELETE', '/api/me', { password: cy.password });
    const after = (await postAfterJobs(postId)).json() as Post;
    expect(after.transcription).toBe('Ada speaks\n\nBob speaks');
    expect(before.duration - after.duration).toBeGreaterThan(messages[2]!.duration - 0.3);
  });

  it('removes the post when nothing of it remains', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const chat = await group(ada, [bob, await person('Cy')]);
    await send(bob, chat.id, twoSeconds, 'Bob alone');
    const request = await askToPublish(ada, chat.id);
    const done = (await answer(bob, request.id, 'agree')).json() as PublishRequest;
    expect(done.postId).not.toBeNull();
    await ok(bob, 'DELETE', `/api/conversations/${chat.id}`);
    expect((await postAfterJobs(done.postId!)).statusCode).toBe(404);
    expect(await postsOf(ada)).toEqual([]);
  });
});
