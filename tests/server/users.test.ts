import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

let testApp: TestApp;
let viewer: SignedIn;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = await signUp(testApp.app, { firstName: 'Vera', lastName: 'Viewer' });
});
afterAll(() => testApp?.close());

const PUBLIC_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'username',
  'bio',
  'links',
  'profileImageUrl',
  'backgroundImageUrl',
  'profileImagePositionX',
  'profileImagePositionY',
  'profileImageZoom',
  'voiceBioUrl',
  'location',
  'website',
  'interests',
  'createdAt',
  'postCount',
].sort();

describe(`users on ${databaseKind}`, () => {
  it('shows anyone a person’s public profile and nothing private', async () => {
    const person = await signUp(testApp.app, { firstName: 'Pat', lastName: 'Public' });
    for (const cookie of [viewer.cookie, undefined]) {
      const response = await testApp.app.inject({
        url: `/api/users/${person.user.id}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(200);
      const user = response.json();
      // A signed-in viewer also learns whether they block or mute the person (issue 17), nothing of theirs.
      const fields = cookie ? [...PUBLIC_FIELDS, 'viewerBlocks', 'viewerMutes'].sort() : PUBLIC_FIELDS;
      expect(Object.keys(user).sort()).toEqual(fields);
      expect(user).toMatchObject({ id: person.user.id, firstName: 'Pat', lastName: 'Public', links: [] });
      expect(response.body).not.toContain(person.email);
    }
  });

  it('answers 404 with a message for an unknown id', async () => {
    const response = await testApp.app.inject({ url: '/api/users/no-such-user' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No user/);
  });

  it('lists people newest first, a page at a time, following the Link header', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) created.push((await signUp(testApp.app)).user.id);

    const seen: string[] = [];
    let url: string | undefined = '/api/users?limit=2';
    while (url) {
      const response = await testApp.app.inject({ url, headers: { cookie: viewer.cookie } });
      expect(response.statusCode).toBe(200);
      const page = response.json() as Array<{ id: string; email?: string }>;
      expect(page.length).toBeLessThanOrEqual(2);
      expect(page.every((user) => user.email === undefined)).toBe(true);
      seen.push(...page.map((user) => user.id));
      const link = response.headers.link as string | undefined;
      url = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 5)).toEqual([...created].reverse());
    expect(seen).toContain(viewer.user.id);
  });

  it('keeps lists bounded and explains bad paging input', async () => {
    const tooMany = await testApp.app.inject({
      url: '/api/users?limit=500',
      headers: { cookie: viewer.cookie },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/limit must be a whole number from 1 to 100/);
    const badCursor = await testApp.app.inject({
      url: '/api/users?cursor=nonsense',
      headers: { cookie: viewer.cookie },
    });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toMatch(/cursor/);
  });

  it('keeps the people list for signed-in members', async () => {
    const response = await testApp.app.inject({ url: '/api/users' });
    expect(response.statusCode).toBe(401);
  });

  it('creates a bot account to interact with when NODE_ENV=test', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/create-fake-user',
      headers: { cookie: viewer.cookie },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user.id).toMatch(/^bot_/);
    expect(body.posts).toEqual([]);
    const signedOut = await testApp.app.inject({ method: 'POST', url: '/api/create-fake-user' });
    expect(signedOut.statusCode).toBe(401);
  });

  it.each(['production', 'development'])('has no test helpers when NODE_ENV=%s', async (environment) => {
    const running = await createTestApp({ NODE_ENV: environment });
    try {
      const person = await signUp(running.app);
      for (const url of ['/api/create-fake-user', '/api/test/audio-analysis']) {
        const response = await running.app.inject({
          method: 'POST',
          url,
          headers: { cookie: person.cookie },
        });
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await running.close();
    }
  });
});
