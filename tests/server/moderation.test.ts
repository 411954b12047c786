import { CASE_NOTES_SHOWN, type ModerationCase, type ModerationLogEntry } from '@shared/contract/moderation';
import type { ConversationRecording } from '@shared/contract/conversations';
import type { Post } from '@shared/contract/posts';
import type { Comment } from '@shared/contract/social';
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, uniqueEmail, type SignedIn, callAs, type Method } from './support/accounts';
import { openEventStream } from './support/event-stream';
import { createTestApp, databaseKind, restartWithAdminEmails, type TestApp } from './support/test-app';
import { publishWebm, sendForm, webmPart } from './support/uploads';
import { waitForIdleJobs } from './support/waits';

const MODERATOR_EMAIL = uniqueEmail('moderator');
let testApp: TestApp;
let voice: Buffer;
let moderator: SignedIn;
let origin: string;

beforeAll(async () => {
  testApp = await createTestApp(
    { ADMIN_EMAILS: ` other@example.com, ${MODERATOR_EMAIL.toUpperCase()} ` },
    { runJobs: true },
  );
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL, firstName: 'Mo' });
  await restartWithAdminEmails(testApp, ` other@example.com, ${MODERATOR_EMAIL.toUpperCase()} `);
});
afterAll(() => testApp?.close());

const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

const publish = (who: SignedIn, fields: Record<string, string> = {}) =>
  publishWebm(testApp.app, who.cookie, voice, { fields: { title: 'Moderated words', ...fields } });

async function commentOn(post: Post, who?: SignedIn): Promise<Comment> {
  const fields: Record<string, string> = who ? { postId: post.id } : { postId: post.id, visitorName: 'Val' };
  const form = multipartForm(fields, [{ ...webmPart(voice), filename: 'comment.webm' }]);
  const response = await sendForm(testApp.app, who?.cookie ?? '', '/api/comments', form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const report = (
  who: SignedIn | undefined,
  targetKind: string,
  targetId: string,
  reason = 'spam',
  note?: string,
) => call(who, 'POST', '/api/reports', { targetKind, targetId, reason, ...(note ? { note } : {}) });

const act = (who: SignedIn | undefined, action: string, targetKind: string, targetId: string) =>
  call(who, 'POST', '/api/moderation/actions', { action, targetKind, targetId, note: 'checked' });

async function openCases(): Promise<ModerationCase[]> {
  const response = await call(moderator, 'GET', '/api/moderation/reports?limit=50');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const caseOf = async (targetId: string) => (await openCases()).find((each) => each.targetId === targetId);

const idsAt = async (url: string, who?: SignedIn) => {
  const response = await call(who, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return (response.json() as Array<{ id: string }>).map((item) => item.id);
};

/** A hidden thing's media: 200 for those who may see it, never kept by shared caches; 404 for anyone else. */
async function expectHeardBy(url: string, people: { heard: SignedIn[]; notHeard: SignedIn[] }) {
  for (const who of people.heard) {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, `${url} for ${who.email}`).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  }
  for (const who of people.notHeard) {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, `${url} for ${who.email}`).toBe(404);
    expect(response.json()).toEqual({
      message: 'No media is at this address, or it is not shared with you.',
    });
  }
}

describe(`reports on ${databaseKind}`, () => {
  it('takes a report of each kind, one per reporter and target, and only of what the reporter can see', async () => {
    const [author, reporter, other] = await Promise.all([
      signUp(testApp.app),
      signUp(testApp.app),
      signUp(testApp.app),
    ]);
    const post = await publish(author, { allowVisitorComments: 'true' });
    const comment = await commentOn(post, author);
    const started = await call(author, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [reporter.user.id],
    });
    const conversationId = started.json<{ id: string }>().id;
    const message = await sendForm(
      testApp.app,
      author.cookie,
      `/api/conversations/${conversationId}/recordings`,
      multipartForm({}, [webmPart(voice)]),
    );
    expect(message.statusCode, message.body).toBe(201);
    const messageId = message.json<{ id: string }>().id;

    for (const [kind, id] of [
      ['post', post.id],
      ['comment', comment.id],
      ['message', messageId],
      ['user', author.user.id],
    ] as const) {
      const response = await report(reporter, kind, id, 'harassment', 'It was aimed at me');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    // A second report by the same person updates theirs; another person's adds to the count.
    expect((await report(reporter, 'post', post.id, 'spam')).statusCode).toBe(200);
    expect((await report(other, 'post', post.id, 'misinformation')).statusCode).toBe(200);
    const postCase = await caseOf(post.id);
    expect(postCase).toMatchObject({
      targetKind: 'post',
      reportCount: 2,
      content: { title: 'Moderated words' },
    });
    expect(postCase!.reasons.map((each) => each.reason).sort()).toEqual(['misinformation', 'spam']);
    expect(JSON.stringify(postCase)).not.toContain(reporter.user.id);
    expect((await caseOf(messageId))?.content?.title).toBe('Voice message');

    // Not what they cannot see: someone else's private post, a conversation they are not in.
    const secret = await publish(author, { isPrivate: 'true' });
    expect((await report(reporter, 'post', secret.id)).statusCode).toBe(404);
    expect((await report(other, 'message', messageId)).statusCode).toBe(404);
    expect((await report(reporter, 'post', 'no-such-post')).statusCode).toBe(404);
    // Not their own, not signed out, not without a reason, not a long note.
    expect((await report(author, 'post', post.id)).statusCode).toBe(403);
    expect((await report(undefined, 'post', post.id)).statusCode).toBe(401);
    const noReason = await call(reporter, 'POST', '/api/reports', { targetKind: 'post', targetId: post.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Choose a reason for the report.');
    const long = await report(reporter, 'post', post.id, 'other', 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
  });

  it(`shows a much-reported case's ${CASE_NOTES_SHOWN} newest notes, its reasons counted over every report`, async () => {
    const author = await signUp(testApp.app);
    const reporters = await Promise.all(
      Array.from({ length: CASE_NOTES_SHOWN + 3 }, () => signUp(testApp.app)),
    );
    for (const [index, reporter] of reporters.entries()) {
      const reason = index % 4 === 0 ? 'harassment' : 'spam';
      const response = await report(reporter, 'user', author.user.id, reason, `Note ${index}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    const reported = await caseOf(author.user.id);
    expect(reported?.reportCount).toBe(CASE_NOTES_SHOWN + 3);
    const newestFirst = reporters.map((_, index) => `Note ${index}`).reverse();
    expect(reported?.notes).toEqual(newestFirst.slice(0, CASE_NOTES_SHOWN));
    const harassment = reporters.filter((_, index) => index % 4 === 0).length;
    expect(reported?.reasons).toEqual([
      { reason: 'spam', count: reporters.length - harassment },
      { reason: 'harassment', count: harassment },
    ]);
  });

  it('limits how many reports one person sends in an hour', async () => {
    const [author, busy] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const post = await publish(author);
    const statuses = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await report(busy, 'post', post.id)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Others are not held back by it.
    expect((await report(author, 'user', busy.user.id)).statusCode).toBe(200);
  });

  it('lets nobody but a moderator read the reports or act', async () => {
    const [author, stranger] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const post = await publish(author);
    expect((await report(stranger, 'post', post.id)).statusCode).toBe(200);
    for (const [who, status] of [
      [undefined, 401],
      [stranger, 403],
      [author, 403],
    ] as const) {
      expect((await call(who, 'GET', '/api/moderation/reports')).statusCode).toBe(status);
      expect((await call(who, 'GET', '/api/moderation/actions')).statusCode).toBe(status);
      for (const action of ['hide', 'remove', 'resolve']) {
        expect((await act(who, action, 'post', post.id)).statusCode).toBe(status);
      }
      expect((await act(who, 'suspend', 'user', author.user.id)).statusCode).toBe(status);
    }
    // Still there, for everyone.
    expect(await idsAt('/api/posts', stranger)).toContain(post.id);
    expect(await caseOf(post.id)).toBeDefined();
  });
});

/** `npm run moderator -- <args>` against the test app's database. */
function moderatorCommand(...args: string[]): Promise<string> {
  const database = testApp.config.database;
  const env = {
    ...process.env,
    DATA_DIR: testApp.config.dataDir,
    ...(database.kind === 'postgres'
      ? { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema ?? '' }
      : {}),
  };
  return new Promise((resolve, reject) =>
    execFile(
      'npx',
      ['tsx', 'src/server/moderator-command.ts', ...args],
      { env, timeout: 60_000 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
}

describe(`moderation on ${databaseKind}`, () => {
  it('grants and revokes the role with the moderator command, never through the API', async () => {
    const person = await signUp(testApp.app);
    const profile = await call(person, 'PUT', '/api/profile', { role: 'moderator', isModerator: true });
    expect(profile.statusCode).toBeLessThan(500);
    expect((await call(person, 'GET', '/api/moderation/reports')).statusCode).toBe(403);

    expect(await moderatorCommand('grant', person.email)).toContain('is now a moderator');
    expect((await call(person, 'GET', '/api/moderation/reports')).statusCode).toBe(200);
    expect((await call(person, 'GET', '/api/auth/user')).json()).toMatchObject({ isModerator: true });
    expect(await moderatorCommand('revoke', person.email)).toContain('no longer a moderator');
    expect((await call(person, 'GET', '/api/moderation/reports')).statusCode).toBe(403);
  }, 120_000);

  it('grants the role from ADMIN_EMAILS at start to the accounts that exist, never at sign-up or sign-in', async () => {
    // Nothing proves an address is its owner's: whoever signs up with a listed one first gets no power by it.
    expect(moderator.user.isModerator).toBe(false);
    expect((await call(moderator, 'GET', '/api/auth/user')).json()).toMatchObject({ isModerator: true });
    const claimant = await signUp(testApp.app, { email: 'Other@Example.com' });
    expect(claimant.user.isModerator).toBe(false);
    const login = await call(undefined, 'POST', '/api/login', {
      email: claimant.email,
      password: claimant.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ isModerator: false });
    expect((await call(claimant, 'GET', '/api/moderation/reports')).statusCode).toBe(403);
    // The next start makes the account that now exists a moderator.
    await restartWithAdminEmails(testApp, ' other@example.com ');
    expect((await call(claimant, 'GET', '/api/moderation/reports')).statusCode).toBe(200);
  });

  it('hides a post from every list but its owner’s, plays it for the moderator, resolves and logs it', async () => {
    const [author, reader] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const post = await publish(author, { title: 'Quokka hidden talk' });
    await report(reader, 'post', post.id, 'spam');
    const lists = [
      '/api/posts',
      '/api/feed',
      `/api/posts/user/${author.user.id}`,
      '/api/search/posts/quokka',
    ];
    for (const url of lists) expect(await idsAt(url, reader)).toContain(post.id);

    const hidden = await act(moderator, 'hide', 'post', post.id);
    expect(hidden.statusCode, hidden.body).toBe(200);
    for (const url of lists) expect(await idsAt(url, reader)).not.toContain(post.id);
    expect(await idsAt('/api/discover/trending')).not.toContain(post.id);
    expect((await call(reader, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/posts/${post.id}/comments`)).statusCode).toBe(404);
    // Its owner still has it, marked.
    const own = await call(author, 'GET', `/api/posts/${post.id}`);
    expect(own.json()).toMatchObject({ hiddenByModerators: true });
    expect(await idsAt(`/api/posts/user/${author.user.id}`, author)).toContain(post.id);
    // The moderator plays it in place.
    const reported = await caseOf(post.id);
    expect(reported?.content?.hidden).toBe(true);
    const audioUrl = reported!.content!.audioSources.at(-1)!.url;
    expect((await call(moderator, 'GET', audioUrl)).statusCode).toBe(200);
    expect((await call(author, 'GET', audioUrl)).statusCode).toBe(200);
    // Nobody else can fetch its audio by its address either.
    expect((await call(reader, 'GET', audioUrl)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', audioUrl)).statusCode).toBe(404);

    expect((await act(moderator, 'resolve', 'post', post.id)).statusCode).toBe(200);
    expect(await caseOf(post.id)).toBeUndefined();
    expect((await act(moderator, 'resolve', 'post', post.id)).statusCode).toBe(404);
    const log: ModerationLogEntry[] = (await call(moderator, 'GET', '/api/moderation/actions')).json();
    const entries = log.filter((entry) => entry.targetId === post.id);
    expect(entries.map((entry) => entry.action)).toEqual(['resolve', 'hide']);
    expect(entries[0]!.moderator?.id).toBe(moderator.user.id);
    expect(entries[0]!.note).toBe('checked');

    await act(moderator, 'unhide', 'post', post.id);
    expect(await idsAt('/api/posts', reader)).toContain(post.id);
    expect((await call(undefined, 'GET', audioUrl)).statusCode).toBe(200);
  });

  it('counts a hidden post out of its author’s post count, once, and back when shown again', async () => {
    const author = await signUp(testApp.app);
    await publish(author);
    const hidden = await publish(author);
    const postCount = async () =>
      (await call(moderator, 'GET', `/api/users/${author.user.id}`)).json<{ postCount: number }>().postCount;
    expect(await postCount()).toBe(2);
    expect((await act(moderator, 'hide', 'post', hidden.id)).statusCode).toBe(200);
    expect((await act(moderator, 'hide', 'post', hidden.id)).statusCode).toBe(200);
    expect(await postCount()).toBe(1);
    expect((await act(moderator, 'unhide', 'post', hidden.id)).statusCode).toBe(200);
    expect(await postCount()).toBe(2);
    // Deleting a hidden post takes nothing more off.
    expect((await act(moderator, 'hide', 'post', hidden.id)).statusCode).toBe(200);
    expect((await call(author, 'DELETE', `/api/posts/${hidden.id}`)).statusCode).toBeLessThan(300);
    expect(await postCount()).toBe(1);
  });

  it('hides and removes a comment, and removes a post with its media', async () => {
    const [author, commenter, reader] = await Promise.all([
      signUp(testApp.app),
      signUp(testApp.app),
      signUp(testApp.app),
    ]);
    const post = await publish(author);
    const comment = await commentOn(post, commenter);
    await act(moderator, 'hide', 'comment', comment.id);
    const comments = `/api/posts/${post.id}/comments`;
    expect(await idsAt(comments, reader)).not.toContain(comment.id);
    expect(await idsAt(comments, author)).not.toContain(comment.id);
    const ownView: Comment[] = (await call(commenter, 'GET', comments)).json();
    expect(ownView.find((each) => each.id === comment.id)?.hiddenByModerators).toBe(true);
    expect(await idsAt(comments, moderator)).toContain(comment.id);
    expect((await call(undefined, 'GET', comment.audioUrl)).statusCode).toBe(404);
    // Its audio as the comment: the post's owner (whose file it is stored as) no longer hears it; its author does.
    await expectHeardBy(comment.audioUrl, { heard: [commenter, moderator], notHeard: [author, reader] });

    expect((await act(moderator, 'remove', 'comment', comment.id)).statusCode).toBe(200);
    expect(await idsAt(comments, commenter)).not.toContain(comment.id);
    expect((await call(moderator, 'GET', comment.audioUrl)).statusCode).toBe(404);

    expect((await act(moderator, 'remove', 'post', post.id)).statusCode).toBe(200);
    expect((await call(author, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call(author, 'GET', post.audioUrl)).statusCode).toBe(404);
  });

  it('hides a voice message from the other members, thread and card, but not from its sender', async () => {
    const [sender, other] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const started = await call(sender, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [other.user.id],
    });
    const conversationId = started.json<{ id: string }>().id;
    const sent = await sendForm(
      testApp.app,
      sender.cookie,
      `/api/conversations/${conversationId}/recordings`,
      multipartForm({}, [webmPart(voice)]),
    );
    const messageId = sent.json<{ id: string }>().id;
    expect((await report(other, 'message', messageId, 'harassment')).statusCode).toBe(200);
    expect((await act(moderator, 'hide', 'message', messageId)).statusCode).toBe(200);

    const thread = `/api/conversations/${conversationId}/recordings`;
    expect(await idsAt(thread, other)).toEqual([]);
    expect(await idsAt(thread, sender)).toEqual([messageId]);
    const card = async (who: SignedIn) =>
      (await call(who, 'GET', `/api/conversations/${conversationId}`)).json<{
        lastMessage: { id: string } | null;
      }>();
    expect((await card(other)).lastMessage).toBeNull();
    expect((await card(sender)).lastMessage?.id).toBe(messageId);
    // Its audio, the original and the speech rendition, is the sender's and moderators' alone too.
    await waitForIdleJobs(testApp.context.db);
    const [hidden] = (await call(sender, 'GET', thread)).json<ConversationRecording[]>();
    expect(hidden!.audioSources.map((source) => source.url.split('/').pop())).toEqual([
      'speech.m4a',
      'original.webm',
    ]);
    for (const { url } of hidden!.audioSources) {
      await expectHeardBy(url, { heard: [sender, moderator], notHeard: [other] });
    }

    expect((await act(moderator, 'remove', 'message', messageId)).statusCode).toBe(200);
    expect(await idsAt(thread, sender)).toEqual([]);
    expect(await caseOf(messageId)).toBeUndefined();
  });

  it('closes the suspended person’s open live stream at once', async () => {
    const author = await signUp(testApp.app);
    const stream = await openEventStream(origin, author.cookie);
    onTestFinished(() => stream.close());
    expect((await act(moderator, 'suspend', 'user', author.user.id)).statusCode).toBe(200);
    await stream.ended(5_000);
  });

  it('keeps a suspended person’s notifications out of a reconnecting page’s catch-up', async () => {
    const [reader, before, author, after] = await Promise.all([
      signUp(testApp.app),
      signUp(testApp.app),
      signUp(testApp.app),
      signUp(testApp.app),
    ]);
    const follow = async (who: SignedIn) =>
      expect((await call(who, 'POST', '/api/follows', { followingId: reader.user.id })).statusCode).toBe(200);
    await follow(before);
    const [seen] = (await call(reader, 'GET', '/api/notifications')).json<Array<{ id: string }>>();
    await follow(author);
    expect((await act(moderator, 'suspend', 'user', author.user.id)).statusCode).toBe(200);
    await follow(after);

    const stream = await openEventStream(origin, reader.cookie, { lastEventId: seen!.id });
    onTestFinished(() => stream.close());
    const caughtUp = await stream.next(10_000);
    expect(caughtUp.event).toBe('notification');
    expect(JSON.parse(caughtUp.data)).toMatchObject({ user: { id: after.user.id } });
  });

  it('suspends an account: sessions end, sign-in is refused, content is hidden; unsuspend restores it', async () => {
    const [author, reader] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const post = await publish(author, { allowVisitorComments: 'true' });
    const other = await publish(reader);
    const comment = await commentOn(other, author);
    expect((await call(author, 'POST', '/api/follows', { followingId: reader.user.id })).statusCode).toBe(
      200,
    );
    const notifiedBy = async () =>
      (await call(reader, 'GET', '/api/notifications'))
        .json<Array<{ user: { id: string } }>>()
        .map((each) => each.user.id);
    expect(await notifiedBy()).toContain(author.user.id);
    expect((await act(moderator, 'suspend', 'user', moderator.user.id)).statusCode).toBe(403);
    expect((await act(moderator, 'suspend', 'user', author.user.id)).statusCode).toBe(200);

    expect((await call(author, 'GET', '/api/auth/user')).json()).toBeNull();
    const login = await call(undefined, 'POST', '/api/login', {
      email: author.email,
      password: author.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/suspended/);
    expect(await idsAt('/api/posts', reader)).not.toContain(post.id);
    expect(await idsAt(`/api/posts/${other.id}/comments`, reader)).not.toContain(comment.id);
    expect((await call(reader, 'GET', `/api/users/${author.user.id}`)).statusCode).toBe(404);
    expect((await call(moderator, 'GET', `/api/users/${author.user.id}`)).statusCode).toBe(200);
    expect((await call(reader, 'GET', `/api/users/${author.user.id}/stats`)).statusCode).toBe(404);
    expect((await call(moderator, 'GET', `/api/users/${author.user.id}/stats`)).statusCode).toBe(200);
    expect((await call(reader, 'GET', post.audioUrl)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', comment.audioUrl)).statusCode).toBe(404);
    expect(await notifiedBy()).not.toContain(author.user.id);

    expect((await act(moderator, 'unsuspend', 'user', author.user.id)).statusCode).toBe(200);
    expect(await notifiedBy()).toContain(author.user.id);
    const again = await call(undefined, 'POST', '/api/login', {
      email: author.email,
      password: author.password,
    });
    expect(again.statusCode).toBe(200);
    expect((await call(reader, 'GET', `/api/users/${author.user.id}`)).statusCode).toBe(200);
    expect(await idsAt('/api/posts', reader)).toContain(post.id);
    expect(await idsAt(`/api/posts/${other.id}/comments`, reader)).toContain(comment.id);
    expect((await call(reader, 'GET', post.audioUrl)).statusCode).toBe(200);
    expect((await call(undefined, 'GET', comment.audioUrl)).statusCode).toBe(200);
  });

  it('holds visitor comments for the owner’s approval when the owner asks', async () => {
    const [author, reader] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const post = await publish(author, { allowVisitorComments: 'true' });
    expect(post.holdVisitorComments).toBe(false);
    expect(
      (await call(reader, 'PUT', `/api/posts/${post.id}/visitor-comment-hold`, { hold: true })).statusCode,
    ).toBe(403);
    const set = await call(author, 'PUT', `/api/posts/${post.id}/visitor-comment-hold`, { hold: true });
    expect(set.json()).toMatchObject({ holdVisitorComments: true });

    const held = await commentOn(post);
    const member = await commentOn(post, reader);
    expect(held.awaitingApproval).toBe(true);
    expect(member.awaitingApproval).toBe(false);
    const comments = `/api/posts/${post.id}/comments`;
    expect(await idsAt(comments, reader)).toEqual([member.id]);
    expect(await idsAt(comments)).toEqual([member.id]);
    expect(await idsAt(comments, author)).toContain(held.id);
    expect(await idsAt(comments, moderator)).toContain(held.id);

    const review = (who: SignedIn, id: string, decision: string) =>
      call(who, 'POST', `/api/comments/${id}/review`, { decision });
    expect((await review(reader, held.id, 'approve')).statusCode).toBe(404);
    const approved = await review(author, held.id, 'approve');
    expect(approved.json()).toMatchObject({ id: held.id, awaitingApproval: false });
    expect(await idsAt(comments, reader)).toContain(held.id);

    const rejected = await commentOn(post);
    expect((await review(moderator, rejected.id, 'reject')).json()).toBeNull();
    expect(await idsAt(comments, author)).not.toContain(rejected.id);
    expect((await review(author, member.id, 'approve')).statusCode).toBe(403);
  });
});
