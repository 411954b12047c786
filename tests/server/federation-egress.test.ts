import { Follow } from '@fedify/vocab';
import { createServer, type Server } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFederationEgress } from '../../src/server/federation/egress';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { listenInRange, startFediversePeer, type FediversePeer } from './support/fediverse-peer';
import { type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';
import { waitFor } from './support/waits';
import { startFederatingApp } from './support/federating-app';

/** Stands in for a public server on the internet: the one loopback address these tests let federation reach. */
const STAND_IN_PUBLIC = '127.0.0.2';
const reachesStandIn = (address: string) => address === STAND_IN_PUBLIC;
const noBlocks = async () => undefined;

/** A server inside our network: what a hostile remote server would have us call. */
let inside: Server;
let insideUrl: string;
let insideHits = 0;
/** The stand-in public server: it answers every request with a redirect inside. */
let outside: Server;
let outsideUrl: string;

beforeAll(async () => {
  inside = createServer((request, response) => {
    insideHits += 1;
    response.writeHead(202).end();
  });
  insideUrl = `http://127.0.0.1:${await listenInRange(inside)}/inbox`;
  outside = createServer((_request, response) => response.writeHead(307, { location: insideUrl }).end());
  outsideUrl = `http://${STAND_IN_PUBLIC}:${await listenInRange(outside, STAND_IN_PUBLIC)}/inbox`;
});
afterAll(async () => {
  await Promise.all([inside, outside].map((server) => new Promise((resolve) => server.close(resolve))));
});

const post = (url: string) => fetch(url, { method: 'POST', body: '{}' });

/** Why a fetch failed, as undici reports the connection's error. */
const refusal = async (request: Promise<Response>) =>
  request.then(
    (response) => `answered ${response.status}`,
    (error: Error) => {
      const cause = error.cause as { code?: string; message?: string } | undefined;
      return cause?.code ?? `${error.message}: ${cause?.message ?? String(cause)}`;
    },
  );

describe('federation connects only to public addresses, checked as each connection is made', () => {
  const egress = createFederationEgress({
    allowPrivateAddresses: false,
    mayReach: reachesStandIn,
    blockedDomainOf: noBlocks,
  });

  it('refuses a redirect inside our network: the first server is asked, the one inside never', async () => {
    const hitsBefore = insideHits;
    expect(await refusal(egress.run(() => post(outsideUrl)))).toBe('EPRIVATEADDRESS');
    expect(insideHits).toBe(hitsBefore);
  });

  it('refuses a host name that resolves to a private address, and a private address itself', async () => {
    const hitsBefore = insideHits;
    const byName = insideUrl.replace('127.0.0.1', 'localhost');
    expect(await refusal(egress.run(() => post(byName)))).toBe('EPRIVATEADDRESS');
    expect(await refusal(egress.run(() => post(insideUrl)))).toBe('EPRIVATEADDRESS');
    expect(await refusal(egress.run(() => post(insideUrl.replace('127.0.0.1', '[::ffff:127.0.0.1]'))))).toBe(
      'EPRIVATEADDRESS',
    );
    expect(insideHits).toBe(hitsBefore);
  });

  it('leaves requests outside federation alone (a speech server on loopback is on purpose)', async () => {
    expect(await refusal(post(insideUrl))).toBe('answered 202');
  });

  it('follows the redirect inside when FEDERATION_ALLOW_PRIVATE_ADDRESSES allows it', async () => {
    const closedNetwork = createFederationEgress({ allowPrivateAddresses: true, blockedDomainOf: noBlocks });
    const hitsBefore = insideHits;
    expect(await refusal(closedNetwork.run(() => post(outsideUrl)))).toBe('answered 202');
    expect(insideHits).toBe(hitsBefore + 1);
  });
});

describe('a delivery redirected inside our network', () => {
  let testApp: TestApp;
  let peer: FediversePeer;
  let author: SignedIn;

  beforeAll(async () => {
    // The app's own http address needs the exemption in its configuration; its connections have the stand-in only.
    ({ testApp } = await startFederatingApp({ federationMayReach: reachesStandIn }));
    peer = await startFediversePeer({ host: STAND_IN_PUBLIC });
    author = await signUp(testApp.app, { firstName: 'Rui', lastName: 'Costa' });
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
    await peer?.close();
  });

  it('is refused at connect time: nothing reaches the server inside, and the log says why without secrets', async () => {
    const actorUrl = `${testApp.config.federation!.origin}/profile/${author.user.id}`;
    const follow = new Follow({
      id: new URL(`${peer.actorId}#follows/1`),
      actor: new URL(peer.actorId),
      object: new URL(actorUrl),
    });
    expect((await peer.post(`${testApp.config.federation!.origin}/ap/inbox`, follow)).status).toBe(202);
    await peer.nextDelivery((delivery) => delivery.activity.type === 'Accept', 30_000);

    peer.redirectInboxesTo(insideUrl);
    const warnings = vi.spyOn(testApp.context.log, 'warn');
    const hitsBefore = insideHits;
    const voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    await publishWebm(testApp.app, author.cookie, voice, { fields: { title: 'Not for the inside' } });
    const failed = await waitFor(
      async () =>
        warnings.mock.calls.find(([, message]) => message === 'a delivery to a remote inbox failed') ??
        undefined,
      60_000,
      'the refused delivery',
    );
    // As pino writes it: the error with its causes.
    const { err, ...rest } = failed[0] as { err: Error };
    const logged = JSON.stringify({ ...rest, err: pino.stdSerializers.err(err) });
    expect(logged).toMatch(/not public/);
    expect(logged).not.toMatch(/PRIVATE KEY|"d":|signature=/i);
    expect(insideHits).toBe(hitsBefore);
    expect(peer.received.filter((delivery) => delivery.activity.type === 'Create')).toEqual([]);
  }, 120_000);
});
