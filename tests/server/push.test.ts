import { PUSH_DEVICES_MAX, type PushPayload } from '@shared/contract/push';
import type { Post } from '@shared/contract/posts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { multipartForm, streamedTone } from '../support/audio';
import { startTestPushService, type TestPushService, type TestSubscription } from '../support/push-service';
import { callAs, signUp, type Method, type SignedIn } from './support/accounts';
import { createContext } from '../../src/server/context';
import { startJobWorker, type JobWorker } from '../../src/server/jobs/job-worker';
import { createTestApp, restartWithAdminEmails } from './support/test-app';
import { publishWebm, sendForm, sendVoiceMessage, webmPart } from './support/uploads';
import { waitForIdleJobs } from './support/waits';

let pushService: TestPushService;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let worker: JobWorker;
let voice: Buffer;

/** The app's job worker, as the server starts it: a test stops it to decide what has happened before a job runs. */
const startWorker = () =>
  startJobWorker({
    queue: testApp.context.jobs,
    handlers: testApp.context.jobHandlers,
    log: testApp.context.log,
    concurrency: testApp.config.jobConcurrency,
  });

beforeAll(async () => {
  // Independent of each other: made at once, so a loaded machine keeps within the hook's time.
  [pushService, voice] = await Promise.all([
    startTestPushService(),
    streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
  ]);
  testApp = await createTestApp({ PUSH_ENDPOINT_ALLOWLIST: pushService.origin });
  worker = startWorker();
});
afterAll(async () => {
  await worker?.stop();
  await testApp?.close();
  await pushService?.close();
});
beforeEach(() => pushService.answerWith(201));

let people = 0;
const person = (firstName: string) => {
  people += 1;
  return signUp(testApp.app, { firstName, lastName: `Pusher${people}` });
};
const call = (who: SignedIn | undefined, method: Method | 'PATCH', url: string, payload?: object) =>
  callAs(testApp.app, who, method as Method, url, payload);

/** A browser of `who` subscribed at the test push service, through the API as the client does it. */
async function subscribed(who: SignedIn, deviceName = 'Firefox on Linux'): Promise<TestSubscription> {
  const subscription = pushService.subscribe();
  const response = await call(who, 'POST', '/api/push/subscriptions', { ...subscription, deviceName });
  expect(response.statusCode, response.body).toBe(201);
  return subscription;
}

const pushTo = (subscription: TestSubscription) => (push: { endpoint: string }) =>
  push.endpoint === subscription.endpoint;

async function nextPayload(subscription: TestSubscription): Promise<PushPayload> {
  return (await pushService.nextPush(pushTo(subscription))).payload as PushPayload;
}

/** Once every job has run: what reached the subscription in all. */
async function everythingPushedTo(subscription: TestSubscription): Promise<PushPayload[]> {
  await waitForIdleJobs(testApp.context.db, 30_000);
  return pushService.received.filter(pushTo(subscription)).map((push) => push.payload as PushPayload);
}

async function directChat(who: SignedIn, other: SignedIn): Promise<string> {
  const response = await call(who, 'POST', '/api/conversations', {
    type: 'direct',
    participantIds: [other.user.id],
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const message = (who: SignedIn, conversationId: string) =>
  sendVoiceMessage(testApp.app, who.cookie, conversationId, voice, { duration: '1' });

const publish = (who: SignedIn, title: string, fields: Record<string, string> = {}): Promise<Post> =>
  publishWebm(testApp.app, who.cookie, voice, { fields: { title, ...fields } });

async function comment(who: SignedIn, postId: string) {
  const form = multipartForm({ postId }, [webmPart(voice)]);
  const response = await sendForm(testApp.app, who.cookie, '/api/comments', form);
  expect(response.statusCode, response.body).toBe(201);
}

async function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

describe('the push key', () => {
  it('is an uncompressed P-256 point anyone may fetch, the one pushes are signed with', async () => {
    const response = await call(undefined, 'GET', '/api/push/key');
    await expectStatus(response, 200);
    const { publicKey } = response.json() as { publicKey: string };
    const point = Buffer.from(publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect(JSON.stringify(response.json())).not.toContain(testApp.context.vapidKeys.privateKey);

    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const bobsBrowser = await subscribed(bob);
    await message(ada, await directChat(ada, bob));
    const push = await pushService.nextPush(pushTo(bobsBrowser));
    expect(push.signedWith).toBe(publicKey);
    expect(push.claims.aud).toBe(pushService.origin);
  });

  it('is generated once for a deployment: instances starting at once on one database sign with one key', async () => {
    const deployment = await createTestApp();
    try {
      // A fresh database, as at the first start: two instances start together and race to make the key.
      await deployment.context.db.deleteFrom('vapid_keys').execute();
      const instances = await Promise.all([
        createContext(deployment.config),
        createContext(deployment.config),
      ]);
      try {
        const [first, second] = instances.map((instance) => instance.vapidKeys);
        expect(second).toEqual(first);
        const stored = await deployment.context.db.selectFrom('vapid_keys').selectAll().execute();
        expect(stored.map((row) => row.public_key)).toEqual([first!.publicKey]);
      } finally {
        for (const instance of instances) {
          await instance.events.close();
          await instance.db.destroy();
        }
      }
    } finally {
      await deployment.close();
    }
  });

  it('is the operator’s when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await createTestApp({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    try {
      const response = await callAs(configured.app, undefined, 'GET', '/api/push/key');
      expect(response.json()).toEqual({ publicKey: keys.publicKey });
    } finally {
      await configured.close();
    }
  });
});

describe('a voice message', () => {
  it('reaches every device of the person it was sent to, decrypted, within seconds', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const [laptop, phone] = [
      await subscribed(bob, 'Firefox on Linux'),
      await subscribed(bob, 'Chrome on Android'),
    ];
    const adasOwn = await subscribed(ada);
    const chat = await directChat(ada, bob);
    await message(ada, chat);
    for (const device of [laptop, phone]) {
      const push = await pushService.nextPush(pushTo(device));
      expect(push.payload).toEqual({
        kind: 'message',
        title: `Ada Pusher${people - 1} sent you a voice message`,
        body: 'Tap to listen.',
        url: `/conversations/${chat}`,
        tag: `message:${chat}`,
      });
      expect(push.urgency).toBe('high');
      expect(push.ttl).toBeGreaterThan(0);
      expect(push.claims.sub).toMatch(/^mailto:|^https:/);
    }
    expect(await everythingPushedTo(adasOwn)).toEqual([]);
    const devices = await call(bob, 'GET', '/api/push/subscriptions');
    expect(devices.headers['cache-control']).toBe('private, no-store');
    const items = (devices.json() as { items: { lastDeliveredAt: string | null }[] }).items;
    expect(items.map((item) => item.lastDeliveredAt)).not.toContain(null);
  });

  it('says nothing of a message in a group beyond who sent it and where', async () => {
    const [ada, bob, cy] = [await person('Ada'), await person('Bob'), await person('Cy')];
    const bobsPhone = await subscribed(bob);
    const group = await call(ada, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Choir',
      participantIds: [bob.user.id, cy.user.id],
    });
    await expectStatus(group, 201);
    await sendVoiceMessage(testApp.app, ada.cookie, group.json<{ id: string }>().id, voice, {
      duration: '1',
      transcription: 'the secret meeting is at noon',
    });
    const payload = await nextPayload(bobsPhone);
    expect(payload.body).toBe('In Choir');
    expect(JSON.stringify(payload)).not.toContain('secret');
  });

  it('does not push when the person turned messages off, and does again once they turn them on', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const bobsPhone = await subscribed(bob);
    const defaults = await call(bob, 'GET', '/api/push/preferences');
    expect(defaults.json()).toEqual({
      messages: true,
      replies: true,
      followers: true,
      likes: true,
      newPosts: false,
    });
    expect(defaults.headers['cache-control']).toBe('private, no-store');
    const off = await call(bob, 'PATCH', '/api/push/preferences', { messages: false });
    expect(off.json()).toEqual({
      messages: false,
      replies: true,
      followers: true,
      likes: true,
      newPosts: false,
    });
    const chat = await directChat(ada, bob);
    await message(ada, chat);
    expect(await everythingPushedTo(bobsPhone)).toEqual([]);
    await call(bob, 'PATCH', '/api/push/preferences', { messages: true });
    await message(ada, chat);
    expect((await nextPayload(bobsPhone)).kind).toBe('message');
  });

  it('refuses preferences it does not know, saying which', async () => {
    const bob = await person('Bob');
    const response = await call(bob, 'PATCH', '/api/push/preferences', { dislikes: true });
    await expectStatus(response, 400);
    expect(response.json<{ message: string }>().message).toMatch(/dislikes/);
  });

  it('never comes from someone the person mutes, blocks or is blocked by', async () => {
    const bob = await person('Bob');
    const bobsPhone = await subscribed(bob);
    const [muted, blocked, blocker] = [
      await person('Muted'),
      await person('Blocked'),
      await person('Blocker'),
    ];
    const group = await call(bob, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Everyone',
      participantIds: [muted.user.id, blocked.user.id, blocker.user.id],
    });
    await expectStatus(group, 201);
    const groupId = group.json<{ id: string }>().id;
    await expectStatus(await call(bob, 'PUT', `/api/users/${muted.user.id}/mute`), 200);
    await expectStatus(await call(bob, 'PUT', `/api/users/${blocked.user.id}/block`), 200);
    await expectStatus(await call(blocker, 'PUT', `/api/users/${bob.user.id}/block`), 200);
    for (const sender of [muted, blocked, blocker]) await message(sender, groupId);
    expect(await everythingPushedTo(bobsPhone)).toEqual([]);
  });
});

describe('a message sent before its sender was suspended, muted or blocked', () => {
  it('is not pushed when the push is made after, while one sent beside it still is', async () => {
    const moderatorEmail = `push-moderator-${people}@example.com`;
    const moderator = await signUp(testApp.app, { email: moderatorEmail });
    await restartWithAdminEmails(testApp, moderatorEmail);
    const bob = await person('Bob');
    const bobsPhone = await subscribed(bob);
    const [suspended, muted, blocked, blocker, friend] = [
      await person('Suspended'),
      await person('Muted'),
      await person('Blocked'),
      await person('Blocker'),
      await person('Friend'),
    ];
    const group = await call(bob, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Everyone',
      participantIds: [suspended, muted, blocked, blocker, friend].map((member) => member.user.id),
    });
    await expectStatus(group, 201);
    const groupId = group.json<{ id: string }>().id;
    // No job runs until the worker starts again: every push is made after all of this, whatever the machine's load.
    await worker.stop();
    try {
      for (const sender of [suspended, muted, blocked, blocker, friend]) await message(sender, groupId);
      const suspension = await call(moderator, 'POST', '/api/moderation/actions', {
        action: 'suspend',
        targetKind: 'user',
        targetId: suspended.user.id,
      });
      await expectStatus(suspension, 200);
      await expectStatus(await call(bob, 'PUT', `/api/users/${muted.user.id}/mute`), 200);
      await expectStatus(await call(bob, 'PUT', `/api/users/${blocked.user.id}/block`), 200);
      await expectStatus(await call(blocker, 'PUT', `/api/users/${bob.user.id}/block`), 200);
    } finally {
      worker = startWorker();
    }
    const pushed = await everythingPushedTo(bobsPhone);
    expect(pushed.map((payload) => payload.title)).toEqual([
      `${friend.user.firstName} ${friend.user.lastName} sent you a voice message`,
    ]);
  });
});

describe('a request to post a conversation', () => {
  const askToPost = async (asker: SignedIn, conversationId: string) => {
    const asked = await call(asker, 'POST', `/api/conversations/${conversationId}/publish`);
    await expectStatus(asked, 201);
    return asked.json<{ id: string }>().id;
  };
  const requestsPushedTo = async (subscription: TestSubscription) =>
    (await everythingPushedTo(subscription)).filter((payload) => payload.kind === 'publishRequest');

  it('pushes to each person asked, as a message would, saying who asks and nothing of what was said', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const bobsPhone = await subscribed(bob);
    const chat = await directChat(ada, bob);
    await message(ada, chat);
    await message(bob, chat);
    const requestId = await askToPost(ada, chat);
    expect(await requestsPushedTo(bobsPhone)).toEqual([
      {
        kind: 'publishRequest',
        title: `${ada.user.firstName} ${ada.user.lastName} asks to post this conversation`,
        body: 'Tap to answer.',
        url: `/conversations/${chat}`,
        tag: `publishRequest:${requestId}`,
      },
    ]);
  });

  it('is pushed under the voice messages switch, and never from someone the person mutes', async () => {
    const [ada, keen, quiet, muting] = [
      await person('Ada'),
      await person('Keen'),
      await person('Quiet'),
      await person('Muting'),
    ];
    const phones = [await subscribed(keen), await subscribed(quiet), await subscribed(muting)];
    await expectStatus(await call(quiet, 'PATCH', '/api/push/preferences', { messages: false }), 200);
    await expectStatus(await call(muting, 'PUT', `/api/users/${ada.user.id}/mute`), 200);
    const group = await call(ada, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Book club',
      participantIds: [keen, quiet, muting].map((member) => member.user.id),
    });
    await expectStatus(group, 201);
    const groupId = group.json<{ id: string }>().id;
    for (const member of [ada, keen, quiet, muting]) await message(member, groupId);
    await askToPost(ada, groupId);
    const [toKeen, toQuiet, toMuting] = [
      await requestsPushedTo(phones[0]!),
      await requestsPushedTo(phones[1]!),
      await requestsPushedTo(phones[2]!),
    ];
    expect(toKeen.map((payload) => payload.body)).toEqual(['In Book club']);
    expect([toQuiet, toMuting]).toEqual([[], []]);
  });
});

describe('replies, followers, likes and new posts', () => {
  it('push a reply to my post and a new follower, each where a click should open', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const adasPhone = await subscribed(ada);
    const post = await publish(ada, 'Morning birds');
    await comment(bob, post.id);
    expect(await nextPayload(adasPhone)).toMatchObject({
      kind: 'reply',
      body: 'Morning birds',
      url: `/posts/${post.id}`,
      tag: `reply:${post.id}`,
    });
    await expectStatus(await call(bob, 'POST', '/api/follows', { followingId: ada.user.id }), 200);
    expect(await nextPayload(adasPhone)).toMatchObject({
      kind: 'follower',
      url: `/profile/${bob.user.id}`,
      tag: `follower:${bob.user.id}`,
    });
  });

  it('group likes: one push at once, then at most one an hour saying how many', async () => {
    const ada = await person('Ada');
    const adasPhone = await subscribed(ada);
    const post = await publish(ada, 'Rain on the roof');
    const [bob, cy, dee] = [await person('Bob'), await person('Cy'), await person('Dee')];
    await expectStatus(await call(bob, 'POST', '/api/likes', { postId: post.id }), 200);
    expect(await nextPayload(adasPhone)).toEqual({
      kind: 'like',
      title: 'Rain on the roof',
      body: `${bob.user.firstName} ${bob.user.lastName} liked your post`,
      url: `/posts/${post.id}`,
      tag: `like:${post.id}`,
    });
    for (const liker of [cy, dee]) {
      await expectStatus(await call(liker, 'POST', '/api/likes', { postId: post.id }), 200);
    }
    const db = testApp.context.db;
    const waiting = await db.selectFrom('jobs').selectAll().where('name', '=', 'push.likes').execute();
    expect(waiting).toHaveLength(1);
    expect(Date.parse(waiting[0]!.run_after) - Date.now()).toBeGreaterThan(55 * 60_000);
    // An hour passes: the round and the likes move an hour (and a minute) into the past.
    const earlier = (at: string) => new Date(Date.parse(at) - 61 * 60_000).toISOString();
    const round = await db
      .selectFrom('push_like_rounds')
      .selectAll()
      .where('post_id', '=', post.id)
      .execute();
    for (const row of round) {
      await db
        .updateTable('push_like_rounds')
        .set({ pushed_at: earlier(row.pushed_at) })
        .where('post_id', '=', post.id)
        .execute();
    }
    const likes = await db.selectFrom('post_reactions').selectAll().where('post_id', '=', post.id).execute();
    for (const like of likes) {
      await db
        .updateTable('post_reactions')
        .set({ created_at: earlier(like.created_at) })
        .where('post_id', '=', post.id)
        .where('user_id', '=', like.user_id)
        .execute();
    }
    await db
      .updateTable('jobs')
      .set({ run_after: earlier(waiting[0]!.run_after) })
      .where('id', '=', waiting[0]!.id)
      .execute();
    expect((await nextPayload(adasPhone)).body).toBe(
      `${dee.user.firstName} ${dee.user.lastName} and 1 other liked your post`,
    );
    expect(await everythingPushedTo(adasPhone)).toHaveLength(2);
  });

  it('push a new post to followers who chose new posts, and never a private one', async () => {
    const [ada, keen, quiet] = [await person('Ada'), await person('Keen'), await person('Quiet')];
    const [keensPhone, quietsPhone] = [await subscribed(keen), await subscribed(quiet)];
    for (const follower of [keen, quiet]) {
      await expectStatus(await call(follower, 'POST', '/api/follows', { followingId: ada.user.id }), 200);
    }
    await call(keen, 'PATCH', '/api/push/preferences', { newPosts: true });
    await publish(ada, 'Only for me', { isPrivate: 'true' });
    const post = await publish(ada, 'Field recording');
    expect(await nextPayload(keensPhone)).toMatchObject({
      kind: 'newPost',
      body: 'Field recording',
      url: `/posts/${post.id}`,
    });
    expect(await everythingPushedTo(keensPhone)).toHaveLength(1);
    expect(await everythingPushedTo(quietsPhone)).toEqual([]);
  });
});

describe('a push service answering', () => {
  it('410 Gone removes that device, and later pushes go to the others only', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const [gone, kept] = [await subscribed(bob, 'Old phone'), await subscribed(bob, 'New phone')];
    pushService.answerWith(410, gone.endpoint);
    await message(ada, await directChat(ada, bob));
    await nextPayload(kept);
    await waitForIdleJobs(testApp.context.db, 30_000);
    const devices = (await call(bob, 'GET', '/api/push/subscriptions')).json<{
      items: { deviceName: string }[];
    }>();
    expect(devices.items.map((device) => device.deviceName)).toEqual(['New phone']);
  });

  it('500 is tried again later, with backoff, until it is delivered', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const flaky = await subscribed(bob);
    pushService.answerWith(500, flaky.endpoint);
    await message(ada, await directChat(ada, bob));
    const db = testApp.context.db;
    const waiting = async () =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('name', '=', 'push.deliver')
        .where('last_error', 'is not', null)
        .execute();
    for (let tries = 0; (await waiting()).length === 0; tries += 1) {
      if (tries > 300) throw new Error('the failed delivery was not queued again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [retry] = await waiting();
    expect(retry!.last_error).toBe('The push service answered 500.');
    expect(Date.parse(retry!.run_after)).toBeGreaterThan(Date.now());
    pushService.answerWith(201, flaky.endpoint);
    await db
      .updateTable('jobs')
      .set({ run_after: new Date().toISOString() })
      .where('id', '=', retry!.id)
      .execute();
    expect((await nextPayload(flaky)).kind).toBe('message');
  });
});

describe('subscribing a device', () => {
  const keysOf = () => pushService.subscribe().keys;

  it.each([
    ['plain http', 'http://push.example.com/send/1'],
    ['the loopback address', 'https://127.0.0.1:9/send/1'],
    ['a private network', 'https://10.1.2.3/send/1'],
    ['a link-local address', 'https://[fe80::1]/send/1'],
    ['loopback written as an IPv4-compatible IPv6 address', 'https://[::127.0.0.1]/send/1'],
    ['the metadata address inside IPv6', 'https://[::169.254.169.254]/send/1'],
    ['a name that resolves to loopback', 'https://localhost/send/1'],
  ])('refuses an endpoint on %s', async (_what, endpoint) => {
    const bob = await person('Bob');
    const response = await call(bob, 'POST', '/api/push/subscriptions', {
      endpoint,
      keys: keysOf(),
      deviceName: 'Firefox on Linux',
    });
    await expectStatus(response, 400);
    expect(response.json<{ message: string }>().message).toMatch(/not a public https address/);
  });

  it('takes a public https endpoint, and one in PUSH_ENDPOINT_ALLOWLIST', async () => {
    const bob = await person('Bob');
    const body = { endpoint: 'https://93.184.215.14/wpush/v2/abc', keys: keysOf(), deviceName: 'Edge' };
    await expectStatus(await call(bob, 'POST', '/api/push/subscriptions', body), 201);
    await subscribed(bob);
  });

  it('renews a subscription sent again (200), and gives a browser someone else signs in on to them', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    const shared = await subscribed(ada, 'Family laptop');
    const again = await call(ada, 'POST', '/api/push/subscriptions', {
      ...shared,
      deviceName: 'Family laptop 2',
    });
    await expectStatus(again, 200);
    expect(again.json()).toMatchObject({ deviceName: 'Family laptop 2', endpoint: shared.endpoint });
    await expectStatus(
      await call(bob, 'POST', '/api/push/subscriptions', { ...shared, deviceName: 'Family laptop' }),
      201,
    );
    const adas = (await call(ada, 'GET', '/api/push/subscriptions')).json<{ items: unknown[] }>();
    expect(adas.items).toEqual([]);
  });

  it('keeps the device cap when many browsers subscribe at once, and two people taking one browser at once get answers', async () => {
    const [ada, bob, cy] = [await person('Ada'), await person('Bob'), await person('Cy')];
    const bodies = Array.from({ length: PUSH_DEVICES_MAX + 8 }, (_, index) => ({
      ...pushService.subscribe(),
      deviceName: `Browser ${index}`,
    }));
    const answers = await Promise.all(
      bodies.map((body) => call(ada, 'POST', '/api/push/subscriptions', body)),
    );
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([201, 409]));
    const listed = await call(ada, 'GET', `/api/push/subscriptions?limit=${PUSH_DEVICES_MAX}`);
    expect(listed.json<{ items: unknown[]; nextCursor: string | null }>()).toMatchObject({
      nextCursor: null,
    });
    expect(listed.json<{ items: unknown[] }>().items).toHaveLength(PUSH_DEVICES_MAX);

    const shared = pushService.subscribe();
    const takes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call(index % 2 ? cy : bob, 'POST', '/api/push/subscriptions', { ...shared, deviceName: 'Shared' }),
      ),
    );
    for (const take of takes) expect([200, 201, 409], take.body).toContain(take.statusCode);
  });

  it('refuses keys that are not a browser’s and a name too long, saying what is wrong', async () => {
    const bob = await person('Bob');
    const { endpoint, keys } = pushService.subscribe();
    const badKey = await call(bob, 'POST', '/api/push/subscriptions', {
      endpoint,
      keys: { ...keys, p256dh: 'AAAA' },
      deviceName: 'Phone',
    });
    await expectStatus(badKey, 400);
    expect(badKey.json<{ message: string }>().message).toMatch(/p256dh/);
    const longName = await call(bob, 'POST', '/api/push/subscriptions', {
      endpoint,
      keys,
      deviceName: 'x'.repeat(81),
    });
    await expectStatus(longName, 400);
    expect(longName.json<{ message: string }>().message).toMatch(/80 characters/);
  });

  it('lists my devices a page at a time, and removes only my own', async () => {
    const [ada, bob] = [await person('Ada'), await person('Bob')];
    await subscribed(ada, 'First');
    await subscribed(ada, 'Second');
    const first = await call(ada, 'GET', '/api/push/subscriptions?limit=1');
    const page = first.json<{ items: { id: string; deviceName: string }[]; nextCursor: string | null }>();
    expect(page.items.map((item) => item.deviceName)).toEqual(['Second']);
    expect(page.nextCursor).not.toBeNull();
    const rest = await call(ada, 'GET', `/api/push/subscriptions?cursor=${page.nextCursor}`);
    expect(rest.json<{ items: { deviceName: string }[] }>().items.map((item) => item.deviceName)).toEqual([
      'First',
    ]);
    const id = page.items[0]!.id;
    await expectStatus(await call(bob, 'DELETE', `/api/push/subscriptions/${id}`), 404);
    expect((await call(undefined, 'GET', '/api/push/subscriptions')).statusCode).toBe(401);
    await expectStatus(await call(ada, 'DELETE', `/api/push/subscriptions/${id}`), 204);
    await expectStatus(await call(ada, 'DELETE', `/api/push/subscriptions/${id}`), 404);
  });

  it('goes with the account', async () => {
    const bob = await person('Bob');
    await subscribed(bob);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: bob.cookie },
      payload: { password: bob.password },
    });
    await expectStatus(deleted, 200);
    const left = await testApp.context.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', bob.user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
