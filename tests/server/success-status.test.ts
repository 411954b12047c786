import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { routes, type RouteName } from '@shared/contract/routes';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp } from './support/accounts';
import { createTestApp, databaseKind, restartWithAdminEmails, type TestApp } from './support/test-app';
import { sendForm, webmPart } from './support/uploads';

let testApp: TestApp;
let voice: Buffer;
/** Push endpoints the server may send to here without a public address (it sends nothing in this suite). */
const PUSH_ORIGIN = 'https://push.example.test';
beforeAll(async () => {
  testApp = await createTestApp({ PUSH_ENDPOINT_ALLOWLIST: PUSH_ORIGIN });
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(() => testApp?.close());

const upload = async (url: string, fields: Record<string, string> = {}) => {
  const { cookie } = await signUp(testApp.app);
  return sendForm(testApp.app, cookie, url, multipartForm(fields, [webmPart(voice)]));
};

/** A new person's browser subscribed to Web Push with keys as a browser makes them. */
async function subscribePush(): Promise<{ cookie: string; subscribed: LightMyRequestResponse }> {
  const { cookie } = await signUp(testApp.app);
  const browserKey = createECDH('prime256v1');
  browserKey.generateKeys();
  const subscribed = await testApp.app.inject({
    method: 'POST',
    url: routes.subscribePush.path,
    headers: { cookie },
    payload: {
      endpoint: `${PUSH_ORIGIN}/send/${randomUUID()}`,
      keys: {
        p256dh: browserKey.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
      deviceName: 'Firefox on Linux',
    },
  });
  return { cookie, subscribed };
}

const startDirect = (cookie: string, otherId: string) =>
  testApp.app.inject({
    method: 'POST',
    url: routes.createConversation.path,
    headers: { cookie },
    payload: { type: 'direct', participantIds: [otherId] },
  });

/** A new person's direct conversation with another. */
async function conversationWithOther(): Promise<{
  cookie: string;
  otherCookie: string;
  conversationId: string;
}> {
  const [starter, other] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
  const started = await startDirect(starter.cookie, other.user.id);
  return {
    cookie: starter.cookie,
    otherCookie: other.cookie,
    conversationId: started.json<{ id: string }>().id,
  };
}

/** A real call to each contract route whose success is not a plain 200. */
const calls: Partial<Record<RouteName, () => Promise<LightMyRequestResponse>>> = {
  register: () =>
    testApp.app.inject({
      method: 'POST',
      url: routes.register.path,
      payload: { email: `status-${Date.now()}@example.com`, password: 'correct horse battery' },
    }),
  createPost: () => upload(routes.createPost.path),
  createDiaryEntry: () => upload(routes.createDiaryEntry.path),
  addDraftTake: async () => {
    const { cookie } = await signUp(testApp.app);
    const form = multipartForm({}, [webmPart(voice)]);
    const draft = await sendForm(testApp.app, cookie, routes.createDiaryEntry.path, form);
    const url = `/api/drafts/${draft.json<{ id: string }>().id}/takes`;
    return sendForm(testApp.app, cookie, url, multipartForm({}, [webmPart(voice)]));
  },
  createComment: async () => {
    const post = (await upload(routes.createPost.path)).json<{ id: string }>();
    return upload(routes.createComment.path, { postId: post.id });
  },
  createConversation: async () => {
    const [starter, other] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    return startDirect(starter.cookie, other.user.id);
  },
  sendConversationRecording: async () => {
    const { cookie, conversationId } = await conversationWithOther();
    return sendForm(
      testApp.app,
      cookie,
      `/api/conversations/${conversationId}/recordings`,
      multipartForm({}, [webmPart(voice)]),
    );
  },
  publishConversation: async () => {
    const { cookie, conversationId } = await conversationWithOther();
    const url = `/api/conversations/${conversationId}/recordings`;
    await sendForm(testApp.app, cookie, url, multipartForm({}, [webmPart(voice)]));
    return testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/publish`,
      headers: { cookie },
    });
  },
  // Both voices are in it: the starter asks, then posts it with their own voice alone.
  postPublishRequest: async () => {
    const { cookie, otherCookie, conversationId } = await conversationWithOther();
    const url = `/api/conversations/${conversationId}/recordings`;
    for (const sender of [cookie, otherCookie]) {
      await sendForm(testApp.app, sender, url, multipartForm({}, [webmPart(voice)]));
    }
    const asked = await testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/publish`,
      headers: { cookie },
    });
    return testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/publish-requests/${asked.json<{ id: string }>().id}/post`,
      headers: { cookie },
    });
  },
  signOutPage: async () => {
    const { cookie } = await signUp(testApp.app);
    return testApp.app.inject({
      url: routes.signOutPage.path,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
  },
  // The device's share sheet, with nothing signed in to keep a file for: sent home to sign in and share again.
  shareTarget: () =>
    testApp.app.inject({
      method: 'POST',
      url: routes.shareTarget.path,
      headers: { 'sec-fetch-site': 'none' },
    }),
  cspReport: () =>
    testApp.app.inject({
      method: 'POST',
      url: routes.cspReport.path,
      headers: { 'content-type': 'application/csp-report' },
      payload: { 'csp-report': { 'document-uri': 'http://localhost/', 'violated-directive': 'img-src' } },
    }),
  subscribePush: async () => (await subscribePush()).subscribed,
  deletePushSubscription: async () => {
    const { cookie, subscribed } = await subscribePush();
    const { id } = subscribed.json<{ id: string }>();
    return testApp.app.inject({
      method: 'DELETE',
      url: routes.deletePushSubscription.path.replace(':id', id),
      headers: { cookie },
    });
  },
  createFakeUser: async () => {
    const { cookie } = await signUp(testApp.app);
    return testApp.app.inject({ method: 'POST', url: routes.createFakeUser.path, headers: { cookie } });
  },
  blockDomain: async () => {
    const email = 'status-moderator@example.com';
    const { cookie } = await signUp(testApp.app, { email });
    await restartWithAdminEmails(testApp, email);
    return testApp.app.inject({
      method: 'POST',
      url: routes.blockDomain.path,
      headers: { cookie },
      payload: { domain: 'spam.example', reason: 'Spam waves' },
    });
  },
};

const withSuccessStatus = Object.entries(routes).flatMap(([name, definition]) =>
  'successStatus' in definition ? [[name as RouteName, definition.successStatus] as const] : [],
);

describe(`success statuses on ${databaseKind}`, () => {
  it('has a call for every route whose contract names a success status', () => {
    expect(Object.keys(calls).sort()).toEqual(withSuccessStatus.map(([name]) => name).sort());
  });

  it.each(withSuccessStatus)('%s answers %i', async (name, status) => {
    const response = await calls[name]!();
    expect(response.statusCode, response.body).toBe(status);
  });
});
