import { Follow } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainsAbove } from '../../src/server/federation/domain-blocks';
import { createFederationEgress } from '../../src/server/federation/egress';
import { callAs, signUp, type SignedIn } from './support/accounts';
import { startFediversePeer, type FediversePeer } from './support/fediverse-peer';
import { restartWithAdminEmails, type TestApp } from './support/test-app';
import { waitForIdleJobs } from './support/waits';
import { startFederatingApp } from './support/federating-app';

const MODERATOR_EMAIL = 'domain-blocks-moderator@example.com';
/** The peer's host: another loopback address than ours, so blocking it leaves us reachable. */
const PEER_HOST = '127.0.0.2';

let testApp: TestApp;
let origin: string;
let peer: FediversePeer;
let moderator: SignedIn;
let author: SignedIn;
let actorUrl: string;

beforeAll(async () => {
  ({ testApp, origin } = await startFederatingApp());
  peer = await startFediversePeer({ host: PEER_HOST });
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
  author = await signUp(testApp.app, { firstName: 'Ines', lastName: 'Faro' });
  actorUrl = `${origin}/profile/${author.user.id}`;
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await peer?.close();
});

const follows = async () =>
  (await testApp.context.db.selectFrom('remote_follows').select('user_id').execute()).length;

let followCount = 0;
const followAuthor = () =>
  peer.post(
    `${origin}/ap/inbox`,
    new Follow({
      id: new URL(`${peer.actorId}#follows/${(followCount += 1)}`),
      actor: new URL(peer.actorId),
      object: new URL(actorUrl),
    }),
  );

const blockDomain = (body: object) =>
  callAs(testApp.app, moderator, 'POST', '/api/moderation/domain-blocks', body);

describe('what a block covers', () => {
  it('is the domain and every domain under it', () => {
    expect(domainsAbove('Media.Spam.Example.')).toEqual(['media.spam.example', 'spam.example', 'example']);
  });
});

describe('domain blocks, for moderators', () => {
  it('are for moderators alone', async () => {
    const list = await callAs(testApp.app, author, 'GET', '/api/moderation/domain-blocks');
    expect(list.statusCode).toBe(403);
    const block = await callAs(testApp.app, author, 'POST', '/api/moderation/domain-blocks', {
      domain: 'spam.example',
      reason: 'spam',
    });
    expect(block.statusCode).toBe(403);
  });

  it('say what is wrong with a domain or a reason that will not do', async () => {
    for (const body of [
      { domain: 'not a domain', reason: 'spam' },
      { domain: 'localhost', reason: 'spam' },
      { reason: 'spam' },
      { domain: 'spam.example', reason: '  ' },
    ]) {
      const refused = await blockDomain(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json(), JSON.stringify(body)).toEqual({
        message: expect.stringMatching(/domain|reason/i),
      });
    }
    const list = await callAs(testApp.app, moderator, 'GET', '/api/moderation/domain-blocks');
    expect(list.json()).toEqual([]);
  });

  it('take a domain as typed or pasted, and list the blocks newest first a page at a time', async () => {
    const pasted = await blockDomain({ domain: 'https://Spam.Example./@someone', reason: 'Spam waves' });
    expect(pasted.statusCode, pasted.body).toBe(201);
    expect(pasted.json()).toMatchObject({ domain: 'spam.example', reason: 'Spam waves' });
    expect((await blockDomain({ domain: 'abuse.example', reason: 'Harassment' })).statusCode).toBe(201);
    const first = await callAs(testApp.app, moderator, 'GET', '/api/moderation/domain-blocks?limit=1');
    expect(first.json()).toMatchObject([{ domain: 'abuse.example' }]);
    const next = first.headers['x-next-cursor'] as string;
    const second = await callAs(
      testApp.app,
      moderator,
      'GET',
      `/api/moderation/domain-blocks?limit=1&cursor=${next}`,
    );
    expect(second.json()).toMatchObject([{ domain: 'spam.example' }]);
    for (const domain of ['spam.example', 'abuse.example']) {
      const removed = await callAs(
        testApp.app,
        moderator,
        'DELETE',
        `/api/moderation/domain-blocks/${domain}`,
      );
      expect(removed.statusCode).toBe(200);
    }
    const again = await callAs(
      testApp.app,
      moderator,
      'DELETE',
      '/api/moderation/domain-blocks/spam.example',
    );
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'spam.example is not blocked.' });
  });
});

describe('a blocked domain, to federation', () => {
  it('loses its follows of our people when blocked', async () => {
    expect((await followAuthor()).status).toBe(202);
    await peer.nextDelivery((delivery) => delivery.activity.type === 'Accept', 30_000);
    expect(await follows()).toBe(1);
    const blocked = await blockDomain({ domain: PEER_HOST, reason: 'Testing the block' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(await follows()).toBe(0);
  });

  it('has its activities refused at the inbox (403, said why) with nothing stored or answered', async () => {
    const before = peer.received.length;
    const refused = await followAuthor();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: `This server does not take activities from ${PEER_HOST}.`,
    });
    await waitForIdleJobs(testApp.context.db, 30_000);
    expect(await follows()).toBe(0);
    expect(peer.received.slice(before)).toEqual([]);
  });

  it('is never called: federation refuses a new connection there', async () => {
    // The app's own connections to the peer, opened before the block, end within CONNECTION_LIFETIME_MS.
    const egress = createFederationEgress({
      allowPrivateAddresses: true,
      blockedDomainOf: testApp.context.domainBlocks.blockedDomainOf,
    });
    const failure = await egress
      .run(() => fetch(peer.actorId))
      .then(
        () => 'answered',
        (error: Error) => (error.cause as { code?: string }).code,
      );
    expect(failure).toBe('EBLOCKEDDOMAIN');
  });

  it('is followed from again once unblocked', async () => {
    const removed = await callAs(
      testApp.app,
      moderator,
      'DELETE',
      `/api/moderation/domain-blocks/${PEER_HOST}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await followAuthor()).status).toBe(202);
    await waitForIdleJobs(testApp.context.db, 30_000);
    expect(await follows()).toBe(1);
  });
});
