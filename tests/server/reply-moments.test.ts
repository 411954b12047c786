import type { Post } from '@shared/contract/posts';
import type { Comment } from '@shared/contract/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { callAs, signUp, uniqueEmail, type Method, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, restartWithAdminEmails, type TestApp } from './support/test-app';
import { publishWebm, sendForm, webmPart } from './support/uploads';

const MODERATOR_EMAIL = uniqueEmail('moderator');
let testApp: TestApp;
let post3s: Buffer;
let reply: Buffer;
let moderator: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ ADMIN_EMAILS: MODERATOR_EMAIL });
  [post3s, reply] = await Promise.all([
    streamedTone({ seconds: 3, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
    streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
  ]);
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
});
afterAll(() => testApp?.close());

const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

const publish = (who: SignedIn, fields: Record<string, string> = {}): Promise<Post> =>
  publishWebm(testApp.app, who.cookie, post3s, { fields: { title: 'A moment to answer', ...fields } });

/**
 * `momentLast`: the moment comes after the audio, the post before it, so the reply is admitted before the moment
 * is known.
 */
function replyTo(
  post: Post,
  who: SignedIn | undefined,
  { at, ...fields }: Record<string, string>,
  momentLast = false,
) {
  const first = { postId: post.id, ...(who ? {} : { visitorName: 'Val' }), ...fields };
  const audio = [{ ...webmPart(reply), filename: 'comment.webm' }];
  let form = multipartForm(at === undefined || momentLast ? first : { ...first, at }, audio);
  if (at !== undefined && momentLast) form = withFieldAtEnd(form, 'at', at);
  return sendForm(testApp.app, who?.cookie ?? '', '/api/comments', form);
}

function withFieldAtEnd(form: ReturnType<typeof multipartForm>, name: string, value: string) {
  const boundary = form.headers['content-type'].split('boundary=')[1]!;
  const end = Buffer.from(`--${boundary}--\r\n`);
  const field = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    ...form,
    payload: Buffer.concat([form.payload.subarray(0, form.payload.length - end.length), field, end]),
  };
}

async function repliedAt(post: Post, who: SignedIn | undefined, at: string): Promise<Comment> {
  const response = await replyTo(post, who, { at });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function momentsSeenBy(post: Post, who?: SignedIn): Promise<(number | null)[]> {
  const response = await call(who, 'GET', `/api/posts/${post.id}/comments`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Comment[]>().map((comment) => comment.at);
}

const storedRecordings = async () =>
  Number(
    (
      await testApp.context.db
        .selectFrom('audio_assets')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe(`voice replies at a moment on ${databaseKind}`, () => {
  it('keeps the moment with the reply and lists it; a reply without one answers the whole post', async () => {
    const [author, listener] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const post = await publish(author);
    const anchored = await repliedAt(post, listener, '1.25');
    expect(anchored.at).toBe(1.25);
    const plain = await replyTo(post, listener, {});
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<Comment>().at).toBeNull();
    // Sent after the audio, the moment still counts.
    const late = await replyTo(post, listener, { at: '0' }, true);
    expect(late.statusCode, late.body).toBe(201);
    expect(await momentsSeenBy(post)).toEqual([0, null, 1.25]);
  });

  it('refuses a moment outside the post with a message, keeping nothing', async () => {
    const [author, listener] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const post = await publish(author);
    const before = await storedRecordings();
    for (const [at, message] of [
      ['3', /less than the post's length, 3\.0 seconds/],
      ['-0.5', /at least 0/],
      ['99', /less than the post's length/],
      ['1:13', /Give at as seconds into the post/],
      ['Infinity', /Give at as seconds into the post/],
    ] as const) {
      for (const momentLast of [false, true]) {
        const refused = await replyTo(post, listener, { at }, momentLast);
        expect(refused.statusCode, `${at}: ${refused.body}`).toBe(400);
        expect(refused.json().message).toMatch(message);
      }
    }
    expect(await momentsSeenBy(post)).toEqual([]);
    expect(await storedRecordings()).toBe(before);
  });

  it('gives anchored replies only to those who may see them: hidden, held and blocked ones stay out', async () => {
    const [author, listener, blocked, reader] = await Promise.all([
      signUp(testApp.app),
      signUp(testApp.app),
      signUp(testApp.app),
      signUp(testApp.app),
    ]);
    const post = await publish(author, { allowVisitorComments: 'true' });
    const hold = await call(author, 'PUT', `/api/posts/${post.id}/visitor-comment-hold`, { hold: true });
    expect(hold.statusCode, hold.body).toBe(200);

    await repliedAt(post, listener, '0.5');
    const hidden = await repliedAt(post, listener, '1');
    const held = await repliedAt(post, undefined, '1.5');
    expect(held.awaitingApproval).toBe(true);
    await repliedAt(post, blocked, '2');
    const hide = await call(moderator, 'POST', '/api/moderation/actions', {
      action: 'hide',
      targetKind: 'comment',
      targetId: hidden.id,
      note: 'checked',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await call(reader, 'PUT', `/api/users/${blocked.user.id}/block`)).statusCode).toBe(200);

    expect(await momentsSeenBy(post, reader)).toEqual([0.5]);
    expect(await momentsSeenBy(post)).toEqual([2, 0.5]);
    expect(await momentsSeenBy(post, author)).toEqual([2, 1.5, 0.5]);
    expect(await momentsSeenBy(post, listener)).toEqual([2, 1, 0.5]);
  });

  it('takes a moment only on a post the person may reply to', async () => {
    const author = await signUp(testApp.app);
    const stranger = await signUp(testApp.app);
    const secret = await publish(author, { isPrivate: 'true' });
    const refused = await replyTo(secret, stranger, { at: '1' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toEqual(expect.any(String));
  });
});
