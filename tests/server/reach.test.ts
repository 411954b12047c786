import type { Conversation, ConversationRecording } from '@shared/contract/conversations';
import type { Post } from '@shared/contract/posts';
import type { UserStats } from '@shared/contract/stats';
import type { PublicUser } from '@shared/contract/users';
import type { VoiceBio } from '@shared/contract/voice-bio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone, type FilePart } from '../support/audio';
import { callAs, signUp, uniqueEmail, type Method, type SignedIn } from './support/accounts';
import { openEventStream } from './support/event-stream';
import {
  createTestApp,
  databaseKind,
  storageKind,
  type TestApp,
  restartWithAdminEmails,
} from './support/test-app';
import { publishWebm, sendForm, sendFormAs, sendVoiceMessage, webmPart } from './support/uploads';

// Who reaches whom (issue 25): what moderators hid or suspended, and what a block stands between, reaches nobody
// else through stats, media, people lists, follows or a group a third person made.
const MODERATOR_EMAIL = uniqueEmail('moderator');
let testApp: TestApp;
let moderator: SignedIn;
let voice: Buffer;
let longerVoice: Buffer;
let origin: string;

beforeAll(async () => {
  testApp = await createTestApp({
    ADMIN_EMAILS: MODERATOR_EMAIL,
    // Public media would be a redirect to the bucket: a hidden post's must never be.
    ...(storageKind === 's3' ? { S3_REDIRECT_PUBLIC_MEDIA: 'true' } : {}),
  });
  const opus = ['-c:a', 'libopus'];
  [voice, longerVoice] = await Promise.all([
    streamedTone({ seconds: 1, format: 'webm', codecArgs: opus }),
    streamedTone({ seconds: 2, format: 'webm', codecArgs: opus, frequency: 330 }),
  ]);
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL, firstName: 'Mo' });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => testApp?.close());

const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

const upload = (
  who: SignedIn,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: FilePart[],
) => sendFormAs(testApp.app, who.cookie, method, url, multipartForm(fields, files));

async function moderate(action: string, targetKind: string, targetId: string) {
  const response = await call(moderator, 'POST', '/api/moderation/actions', { action, targetKind, targetId });
  expect(response.statusCode, response.body).toBe(200);
}

const publish = (who: SignedIn, fields: Record<string, string>) =>
  publishWebm(testApp.app, who.cookie, voice, { fields });

async function statsOf(viewer: SignedIn, userId: string): Promise<UserStats> {
  const response = await call(viewer, 'GET', `/api/users/${userId}/stats`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const originalOf = (post: Post) => post.audioSources.find((source) => source.mimeType === 'audio/webm')!.url;

describe(`hidden posts on ${databaseKind} with ${storageKind} storage`, () => {
  it('leaves a hidden post out of its author’s stats for everyone but the author', async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const stranger = await signUp(testApp.app);
    const shown = await publish(author, { title: 'Shown words', category: 'Music' });
    const hidden = await publish(author, { title: 'SECRET-HIDDEN-TITLE', category: 'Secrets' });
    for (const post of [shown, hidden]) {
      const listened = await call(listener, 'POST', `/api/posts/${post.id}/listens`, {
        seconds: post.duration,
      });
      expect(listened.statusCode, listened.body).toBe(200);
    }
    await moderate('hide', 'post', hidden.id);

    for (const viewer of [stranger, listener, moderator]) {
      const stats = await statsOf(viewer, author.user.id);
      expect(stats).toMatchObject({
        totalEpisodes: 1,
        totalDuration: expect.closeTo(shown.duration, 5),
        thisMonth: 1,
        categories: [{ category: 'Music', count: 1 }],
        listens: 1,
        mostListened: [{ postId: shown.id, title: 'Shown words', listens: 1 }],
      });
      expect(stats.listensByDay.reduce((sum, day) => sum + day.listens, 0)).toBe(1);
      expect(JSON.stringify(stats)).not.toContain('SECRET-HIDDEN-TITLE');
    }
    // Its author still sees all of their work, as with a private post.
    expect(await statsOf(author, author.user.id)).toMatchObject({ totalEpisodes: 2, listens: 2 });
  });

  it('keeps new audio of a hidden post (replaced or extended) from everyone but its owner and moderators', async () => {
    const author = await signUp(testApp.app);
    const post = await publish(author, { title: 'To be hidden' });
    await moderate('hide', 'post', post.id);

    // PUT with audio and POST .../extend both append the new recording; each answer names the post's audio now.
    let latest = post;
    for (const [method, url] of [
      ['PUT', `/api/posts/${post.id}`],
      ['POST', `/api/posts/${post.id}/extend`],
    ] as const) {
      const changed = await upload(author, method, url, { title: 'Changed' }, [webmPart(longerVoice)]);
      expect(changed.statusCode, changed.body).toBe(200);
      latest = changed.json();
      for (const source of latest.audioSources.map((each) => each.url)) {
        const visitor = await call(undefined, 'GET', source);
        expect(visitor.statusCode, `${source} ${visitor.headers.location ?? ''}`).toBe(404);
        expect(visitor.headers['cache-control'] ?? '').not.toContain('public');
      }
      const own = await call(author, 'GET', originalOf(latest));
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).not.toContain('public');
      expect((await call(moderator, 'GET', originalOf(latest))).statusCode).toBe(200);
    }

    // Shown again, its current audio is everyone's again.
    await moderate('unhide', 'post', post.id);
    expect((await call(undefined, 'GET', originalOf(latest))).statusCode).toBeLessThan(400);
  });
});

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

describe(`suspended people on ${databaseKind} with ${storageKind} storage`, () => {
  it('hides a suspended person’s voice bio, pictures and place in the people list, and refuses following them', async () => {
    const suspended = await signUp(testApp.app, { firstName: 'Zed' });
    const stranger = await signUp(testApp.app);
    const bio = await sendForm(
      testApp.app,
      suspended.cookie,
      '/api/voice-bio',
      multipartForm({ duration: '1' }, [
        { field: 'voiceBio', filename: 'voice-bio.webm', contentType: 'audio/webm', content: voice },
      ]),
    );
    expect(bio.statusCode, bio.body).toBe(200);
    const picture = await jpeg();
    const pictures = await upload(suspended, 'PUT', '/api/profile', {}, [
      { field: 'profileImage', filename: 'picture', contentType: 'image/jpeg', content: picture },
      { field: 'coverImage', filename: 'picture', contentType: 'image/jpeg', content: picture },
    ]);
    expect(pictures.statusCode, pictures.body).toBe(200);
    const profile = pictures.json() as PublicUser;
    const voiceBio = (bio.json() as VoiceBio).voiceBioUrl!;
    const media = [voiceBio, profile.profileImageUrl!, profile.backgroundImageUrl!];

    const peopleIds = async (viewer: SignedIn) => {
      const response = await call(viewer, 'GET', '/api/users?limit=100');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as PublicUser[]).map((person) => person.id);
    };
    const follow = () => call(stranger, 'POST', '/api/follows', { followingId: suspended.user.id });

    await moderate('suspend', 'user', suspended.user.id);
    const voiceBioAnswer = await call(stranger, 'GET', `/api/voice-bio/${suspended.user.id}`);
    expect(voiceBioAnswer.statusCode).toBe(404);
    expect(voiceBioAnswer.json()).toEqual({ message: 'No user has this id.' });
    for (const url of media) {
      for (const viewer of [undefined, stranger]) {
        const answer = await call(viewer, 'GET', url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.headers['cache-control'] ?? '').not.toContain('public');
      }
      expect((await call(moderator, 'GET', url)).statusCode, url).toBe(200);
    }
    expect(await peopleIds(stranger)).not.toContain(suspended.user.id);
    const refused = await follow();
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'No user has this id.' });

    await moderate('unsuspend', 'user', suspended.user.id);
    expect((await call(stranger, 'GET', `/api/voice-bio/${suspended.user.id}`)).statusCode).toBe(200);
    for (const url of media) expect((await call(undefined, 'GET', url)).statusCode, url).toBeLessThan(400);
    expect(await peopleIds(stranger)).toContain(suspended.user.id);
    expect((await follow()).json()).toEqual({ followed: true });
  });
});

const GROUP_REFUSED =
  "These people can't all be in one group: one of them blocks another. Leave one of them out.";

/** Four new people: a blocker, the person they block, someone who puts them in a group, one more. */
async function fourPeople(): Promise<[SignedIn, SignedIn, SignedIn, SignedIn]> {
  const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => signUp(testApp.app)));
  return [a!, b!, c!, d!];
}

async function group(creator: SignedIn, members: SignedIn[], status = 201) {
  const response = await call(creator, 'POST', '/api/conversations', {
    type: 'group',
    name: 'Third party',
    participantIds: members.map((member) => member.user.id),
  });
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as Conversation;
}

const sendVoice = (who: SignedIn, conversationId: string, transcription: string) =>
  sendVoiceMessage(testApp.app, who.cookie, conversationId, voice, { transcription });

async function heardBy(who: SignedIn, conversationId: string) {
  const response = await call(who, 'GET', `/api/conversations/${conversationId}/recordings`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ConversationRecording[]).map((message) => message.transcription);
}

async function unreadOf(who: SignedIn, conversationId: string) {
  const card = (await call(who, 'GET', `/api/conversations/${conversationId}`)).json() as Conversation;
  const total = (await call(who, 'GET', '/api/conversations/unread')).json() as { count: number };
  return { card: card.unreadCount, total: total.count, last: card.lastMessage?.transcription ?? null };
}

describe(`blocks in groups on ${databaseKind}`, () => {
  it('refuses putting a blocker and the person they block in one group, whoever makes or grows it', async () => {
    const [blocker, blocked, maker, other] = await fourPeople();
    expect((await call(blocker, 'PUT', `/api/users/${blocked.user.id}/block`)).statusCode).toBe(200);

    const together = await call(maker, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Third party',
      participantIds: [blocker.user.id, blocked.user.id],
    });
    expect(together.statusCode).toBe(403);
    expect(together.json()).toEqual({ message: GROUP_REFUSED });

    const started = await group(maker, [blocker, other]);
    const added = await call(maker, 'POST', `/api/conversations/${started.id}/members`, {
      userIds: [blocked.user.id],
    });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toEqual({ message: GROUP_REFUSED });
    expect((await call(blocked, 'GET', `/api/conversations/${started.id}`)).statusCode).toBe(404);
  });

  it('parts two people who already share a group once one blocks the other: nothing heard, counted or posted', async () => {
    const [blocker, blocked, maker] = await fourPeople();
    const shared = await group(maker, [blocker, blocked]);
    const before = await sendVoice(blocked, shared.id, 'Sent before the block');
    const blockersVoice = await sendVoice(blocker, shared.id, 'A private voice');
    await heardBy(blocker, shared.id);
    await heardBy(blocked, shared.id);
    expect((await call(blocker, 'PUT', `/api/users/${blocked.user.id}/block`)).statusCode).toBe(200);

    await sendVoice(blocked, shared.id, 'Sent after the block');
    // Someone else in it hears and counts everyone (opening it reads it: asked first).
    expect((await unreadOf(maker, shared.id)).card).toBe(3);
    expect(await heardBy(blocker, shared.id)).toEqual(['A private voice']);
    expect(await heardBy(blocked, shared.id)).toEqual(['Sent before the block', 'Sent after the block']);
    expect(await heardBy(maker, shared.id)).toEqual([
      'Sent before the block',
      'A private voice',
      'Sent after the block',
    ]);
    // A last message they may not hear is not shown, as a hidden one is not.
    expect(await unreadOf(blocker, shared.id)).toEqual({ card: 0, total: 0, last: null });
    expect((await call(blocker, 'GET', before.audioUrl)).statusCode).toBe(404);
    expect((await call(blocked, 'GET', blockersVoice.audioUrl)).statusCode).toBe(404);
    expect((await call(maker, 'GET', blockersVoice.audioUrl)).statusCode).toBe(200);

    // The blocked person's post of the conversation is only what they may hear: never the blocker's voice.
    const published = await call(blocked, 'POST', `/api/conversations/${shared.id}/publish`);
    expect(published.statusCode, published.body).toBe(201);
    const post = published.json() as Post;
    expect(post.transcription).toBe('Sent before the block\n\nSent after the block');
    expect(post.transcription).not.toContain('A private voice');

    // Live too: the blocker's open stream skips the blocked person's new message and brings the next one.
    const stream = await openEventStream(origin, blocker.cookie);
    try {
      await sendVoice(blocked, shared.id, 'Live after the block');
      await sendVoice(maker, shared.id, 'Heard by all');
      const arrived = await stream.next();
      expect(arrived.event).toBe('conversation-recording');
      expect(JSON.parse(arrived.data)).toMatchObject({ transcription: 'Heard by all' });
    } finally {
      await stream.close();
    }
  });

  it('counts in each card as many messages as its person hears: none across a block, none hidden from them', async () => {
    const [blocker, blocked, maker] = await fourPeople();
    const shared = await group(maker, [blocker, blocked]);
    await sendVoice(blocked, shared.id, 'Before the block');
    await sendVoice(blocker, shared.id, 'The blocker speaks');
    const hidden = await sendVoice(maker, shared.id, 'Hidden by moderators');
    await sendVoice(maker, shared.id, 'Heard by all');
    expect((await call(blocker, 'PUT', `/api/users/${blocked.user.id}/block`)).statusCode).toBe(200);
    await sendVoice(blocked, shared.id, 'After the block');
    await moderate('hide', 'message', hidden.id);

    const counted = async (who: SignedIn) => {
      const cards = (await call(who, 'GET', '/api/conversations')).json() as Conversation[];
      const card = (await call(who, 'GET', `/api/conversations/${shared.id}`)).json() as Conversation;
      return [cards.find((listed) => listed.id === shared.id)?.recordings, card.recordings];
    };
    for (const who of [blocker, blocked, maker]) {
      const heard = (await heardBy(who, shared.id)).length;
      expect(await counted(who)).toEqual([heard, heard]);
    }
    // Its sender still hears the hidden message; the two across the block hear neither of the other.
    expect((await heardBy(maker, shared.id)).length).toBe(5);
    expect((await heardBy(blocker, shared.id)).length).toBe(2);
    expect((await heardBy(blocked, shared.id)).length).toBe(3);
  });
});
