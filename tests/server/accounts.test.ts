import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createContext } from '../../src/server/context';
import { ACCOUNT_AND_ADDRESS_BACKOFF, ADDRESS_BACKOFF } from '../../src/server/services/login-throttle';
import { USERNAME_PATTERN } from '../../src/shared/domain/username';
import { sessionCookieFrom, signUp, uniqueEmail } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe(`accounts on ${databaseKind}`, () => {
  it('creates an account, signs the person in and answers 201 with their own record', async () => {
    const email = uniqueEmail('Ada');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: email.toUpperCase(),
        password: 'long enough',
        firstName: ' Ada ',
        lastName: 'Lovelace',
      },
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      postCount: 0,
    });
    expect(user.username).toMatch(USERNAME_PATTERN);
    expect(user.username.toLowerCase()).not.toContain(email.split('@')[0]!.toLowerCase());
    expect(JSON.stringify(user)).not.toMatch(/argon2|password/i);

    const cookie = response.headers['set-cookie'] as string;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const me = await testApp.app.inject({
      url: '/api/auth/user',
      headers: { cookie: sessionCookieFrom(cookie) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('stores an argon2id hash and only a digest of the session token', async () => {
    const person = await signUp(testApp.app);
    const row = await testApp.context.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await testApp.context.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', person.user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id).not.toBe(person.cookie.slice('sid='.length));
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const person = await signUp(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: person.email.toUpperCase(), password: 'another password' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
  });

  it('explains a short password or a bad e-mail and writes nothing', async () => {
    const before = await testApp.context.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const short = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: uniqueEmail(), password: 'seven77' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Choose a password of at least 8 characters.');

    const badEmail = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'not-an-email', password: 'long enough' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/valid e-mail address/);

    const missing = await testApp.app.inject({ method: 'POST', url: '/api/register', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/e-mail/);

    const after = await testApp.context.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('gives each new person a handle of their own that does not reveal their e-mail', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const first = await signUp(testApp.app, { email: `sam.${tag}@one.example` });
    const second = await signUp(testApp.app, { email: `sam.${tag}@two.example` });
    for (const { user } of [first, second]) {
      expect(user.username).toMatch(USERNAME_PATTERN);
      expect(user.username).not.toContain('sam');
    }
    expect(first.user.username).not.toBe(second.user.username);
  });

  it('signs in with JSON, and answers wrong credentials with one generic 401', async () => {
    const person = await signUp(testApp.app);
    const ok = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: person.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(person.user.id);
    const me = await testApp.app.inject({
      url: '/api/auth/user',
      headers: { cookie: sessionCookieFrom(ok.headers['set-cookie']) },
    });
    expect(me.json().id).toBe(person.user.id);

    const wrongPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: 'not the password' },
    });
    const noAccount = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: uniqueEmail('nobody'), password: person.password },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(noAccount.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(noAccount.json());
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('works from the plain HTML forms: success redirects home, errors show the page again', async () => {
    const email = uniqueEmail('form');
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      ...form({ email, password: 'form password', firstName: 'Flo', lastName: '' }),
    });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/');
    const me = await testApp.app.inject({
      url: '/api/auth/user',
      headers: { cookie: sessionCookieFrom(created.headers['set-cookie']) },
    });
    expect(me.json()).toMatchObject({ email, firstName: 'Flo', lastName: null });

    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      ...form({ email, password: 'form password' }),
    });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/');

    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      ...form({ email, password: 'nope nope' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/text\/html/);
    expect(wrong.body).toContain('do not match an account');
    expect(wrong.body).toContain(`value="${email}"`);

    const hostile = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      ...form({ email: '"><script>alert(1)</script>', password: 'x' }),
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(hostile.body).toContain('valid e-mail address');
  });

  it('serves a sign-in page and a create-account page that need no JavaScript', async () => {
    const signIn = await testApp.app.inject({ url: '/api/login' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('<form method="post" action="/api/login">');
    const register = await testApp.app.inject({ url: '/api/login?mode=register' });
    expect(register.body).toContain('<form method="post" action="/api/register">');

    const person = await signUp(testApp.app);
    const already = await testApp.app.inject({ url: '/api/login', headers: { cookie: person.cookie } });
    expect(already.statusCode).toBe(303);
    expect(already.headers.location).toBe('/');
  });

  it('answers null, not an error, to a visitor without a session or with a forged one', async () => {
    const nobody = await testApp.app.inject({ url: '/api/auth/user' });
    const forged = await testApp.app.inject({
      url: '/api/auth/user',
      headers: { cookie: 'sid=forged-token' },
    });
    for (const answer of [nobody, forged]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toBeNull();
    }
    // The session still guards everything else.
    expect(
      (await testApp.app.inject({ url: '/api/diary', headers: { cookie: 'sid=forged-token' } })).statusCode,
    ).toBe(401);
  });

  it('marks the cookie Secure when the app is reached over https behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: uniqueEmail(), password: 'long enough' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['set-cookie']).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('refuses state-changing requests started by another site', async () => {
    const payload = { email: uniqueEmail(), password: 'long enough' };
    const crossOrigin = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload,
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json().message).toMatch(/other sites/);

    const crossSite = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);

    const sameOrigin = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload,
    });
    expect(sameOrigin.statusCode).toBe(201);
  });
});

describe(`sign-out on ${databaseKind}`, () => {
  const stillSignedIn = async (cookie: string) =>
    (await testApp.app.inject({ url: '/api/auth/user', headers: { cookie } })).json() !== null;

  it('signs out with POST: a JSON caller gets JSON, and the old cookie stops working', async () => {
    const person = await signUp(testApp.app);
    const out = await testApp.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: person.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signedOut: true });
    expect(out.headers['set-cookie']).toMatch(/^sid=;/);
    expect(await stillSignedIn(person.cookie)).toBe(false);
  });

  it('signs out from a plain HTML form, then goes home', async () => {
    const person = await signUp(testApp.app);
    const out = await testApp.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: person.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(out.headers['set-cookie']).toMatch(/^sid=;/);
    expect(await stillSignedIn(person.cookie)).toBe(false);
  });

  it("signs out at once on a GET the person started on this site: the app's Sign Out link, or typed", async () => {
    for (const site of ['same-origin', 'none']) {
      const person = await signUp(testApp.app);
      const out = await testApp.app.inject({
        url: '/api/logout',
        headers: { cookie: person.cookie, 'sec-fetch-site': site },
      });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/');
      expect(out.headers['set-cookie']).toMatch(/^sid=;/);
      expect(await stillSignedIn(person.cookie)).toBe(false);
    }
  });

  it('signs no one out on a GET from another site, and offers a button that does', async () => {
    const person = await signUp(testApp.app);
    for (const site of ['cross-site', 'same-site', undefined]) {
      const page = await testApp.app.inject({
        url: '/api/logout',
        headers: { cookie: person.cookie, ...(site && { 'sec-fetch-site': site }) },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.body).toContain('<form method="post" action="/api/logout">');
      expect(page.body).toContain('Sign out</button>');
      expect(await stillSignedIn(person.cookie)).toBe(true);
    }

    const crossSitePost = await testApp.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: person.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(crossSitePost.statusCode).toBe(403);
    expect(await stillSignedIn(person.cookie)).toBe(true);
  });
});

describe(`sign-in throttling on ${databaseKind}`, () => {
  const ATTACKER = '203.0.113.7';
  const OWNER = '198.51.100.20';
  const PAIR_ALLOWANCE = ACCOUNT_AND_ADDRESS_BACKOFF.allowance;
  const FIRST_WAIT_SECONDS = ACCOUNT_AND_ADDRESS_BACKOFF.firstWaitMs / 1000;

  let throttled: TestApp;
  beforeEach(async () => {
    throttled = await createTestApp();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await throttled?.close();
  });

  /**
   * The wait is told from the moment of asking: on a loaded machine a second may pass between the guess that set it
   * and the next attempt, and "1 minute" would read "59 seconds".
   */
  const freezeClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-02T10:00:00Z'));
  };

  const attempt = (email: string, password: string, remoteAddress = ATTACKER) =>
    throttled.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { email, password } });

  it('checks only the allowance of 30 concurrent guesses to two instances; the owner still signs in elsewhere', async () => {
    const owner = await signUp(throttled.app);
    // A second app instance on the same database, as behind a load balancer.
    const secondInstance = await buildApp(await createContext(throttled.config));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? secondInstance : throttled.app).inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: ATTACKER,
          payload: { email: owner.email, password: `guess number ${i}` },
        }),
      ),
    ).finally(() => secondInstance.close());
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(PAIR_ALLOWANCE);
    expect(refused).toHaveLength(30 - PAIR_ALLOWANCE);
    for (const answer of refused) {
      expect(answer.json().message).toMatch(
        /^Too many failed sign-in attempts\. Please wait \d+ \w+ and try again\.$/,
      );
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(FIRST_WAIT_SECONDS);
    }

    const ownSignIn = await attempt(owner.email, owner.password, OWNER);
    expect(ownSignIn.statusCode).toBe(200);
    expect(ownSignIn.json().id).toBe(owner.user.id);
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(429);
  });

  it('answers sequential guesses the same way, whatever the case of the e-mail, and spares other accounts', async () => {
    freezeClock();
    const person = await signUp(throttled.app);
    const other = await signUp(throttled.app);
    for (let i = 0; i < PAIR_ALLOWANCE; i += 1) {
      expect((await attempt(person.email, `guess number ${i}`)).statusCode).toBe(401);
    }
    const waiting = await attempt(person.email.toUpperCase(), person.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(/wait 1 minute/);

    expect((await attempt(other.email, other.password)).statusCode).toBe(200);
    expect((await attempt(person.email, person.password, OWNER)).statusCode).toBe(200);
  });

  it('lets one more guess through once the wait is over, then doubles the wait; a success clears it', async () => {
    freezeClock();
    const start = Date.now();
    const person = await signUp(throttled.app);
    for (let i = 0; i < PAIR_ALLOWANCE; i += 1) await attempt(person.email, `guess number ${i}`);

    const first = await attempt(person.email, 'one more guess');
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe(String(FIRST_WAIT_SECONDS));

    vi.setSystemTime(start + FIRST_WAIT_SECONDS * 1000);
    expect((await attempt(person.email, 'one more guess')).statusCode).toBe(401);
    const second = await attempt(person.email, person.password);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe(String(2 * FIRST_WAIT_SECONDS));
    expect(second.json().message).toMatch(/wait 2 minutes/);

    vi.setSystemTime(start + 3 * FIRST_WAIT_SECONDS * 1000);
    expect((await attempt(person.email, person.password)).statusCode).toBe(200);
    for (let i = 0; i < PAIR_ALLOWANCE; i += 1) {
      expect((await attempt(person.email, `later guess ${i}`)).statusCode).toBe(401);
    }
  });

  it('slows an address that guesses across many accounts, without counting its successful sign-ins', async () => {
    const person = await signUp(throttled.app);
    for (let i = 0; i < ADDRESS_BACKOFF.allowance - 1; i += 1) {
      expect((await attempt(uniqueEmail('spray'), 'password1')).statusCode).toBe(401);
    }
    expect((await attempt(person.email, person.password)).statusCode).toBe(200);
    expect((await attempt(uniqueEmail('spray'), 'password1')).statusCode).toBe(401);

    const waiting = await attempt(person.email, person.password);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(person.email, person.password, OWNER)).statusCode).toBe(200);
  });

  it('counts guesses from anywhere in one IPv6 /64 against one budget, and spares the next /64', async () => {
    const person = await signUp(throttled.app);
    for (let i = 0; i < PAIR_ALLOWANCE; i += 1) {
      expect((await attempt(person.email, `guess number ${i}`, `2001:db8:7:7::${i + 1}`)).statusCode).toBe(
        401,
      );
    }
    expect(
      (await attempt(person.email, person.password, '2001:db8:7:7:aaaa:bbbb:cccc:dddd')).statusCode,
    ).toBe(429);
    expect((await attempt(person.email, person.password, '2001:db8:7:8::1')).statusCode).toBe(200);
  });

  it('counts an IPv4 client the same whether its address comes mapped into IPv6 or not', async () => {
    const person = await signUp(throttled.app);
    for (let i = 0; i < PAIR_ALLOWANCE; i += 1) {
      const from = i % 2 ? `::ffff:${ATTACKER}` : ATTACKER;
      expect((await attempt(person.email, `guess number ${i}`, from)).statusCode).toBe(401);
    }
    expect((await attempt(person.email, person.password, `::ffff:${ATTACKER}`)).statusCode).toBe(429);
  });

  it('tells a person using the HTML form how long to wait', async () => {
    freezeClock();
    const person = await signUp(throttled.app);
    for (let i = 0; i < PAIR_ALLOWANCE; i += 1) await attempt(person.email, `guess number ${i}`);
    const page = await throttled.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ATTACKER,
      ...form({ email: person.email, password: person.password }),
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Please wait 1 minute and try again.');
    expect(Number(page.headers['retry-after'])).toBeLessThanOrEqual(FIRST_WAIT_SECONDS);
  });
});

describe(`sign-up limit on ${databaseKind}`, () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ SIGNUPS_PER_HOUR_PER_ADDRESS: '3' });
  });
  afterAll(() => limited?.close());

  const register = (remoteAddress: string, extra: object = {}) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress,
      payload: { email: uniqueEmail('bulk'), password: 'correct horse battery', ...extra },
    });

  it('makes at most SIGNUPS_PER_HOUR_PER_ADDRESS accounts from one network in an hour, and says so', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await register('2001:db8:1:2::10')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Anywhere in the same IPv6 /64 is the same network.
    const refused = await register('2001:db8:1:2::99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Only 3 accounts can be made from one network in an hour. Please wait a while and try again.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A person on the HTML form is told too, on the page.
    const page = await limited.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '2001:db8:1:2::10',
      ...form({ email: uniqueEmail('form'), password: 'correct horse battery' }),
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Please wait a while and try again.');
    // Another network is not affected, nor is signing in.
    expect((await register('198.51.100.44')).statusCode).toBe(201);
  });
});
