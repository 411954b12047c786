import type { PublicUser } from '@shared/contract/users';
import { Create, Follow, Note, PUBLIC_COLLECTION, Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { callAs, signUp, type SignedIn } from './support/accounts';
import { startFediversePeer, type Delivery, type FediversePeer } from './support/fediverse-peer';
import { startFederatingApp } from './support/federating-app';
import type { TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';
import { waitForIdleJobs } from './support/waits';

const ACTIVITY_JSON = 'application/activity+json';

let testApp: TestApp;
let origin: string;
let peer: FediversePeer;
let author: SignedIn;
let actorUrl: string;
let alice: PublicUser;
let follows = 0;

beforeAll(async () => {
  [{ testApp, origin }, peer] = await Promise.all([startFederatingApp(), startFediversePeer()]);
  author = await signUp(testApp.app, { firstName: 'Ana', lastName: 'Lima' });
  actorUrl = `${origin}/profile/${author.user.id}`;
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await peer?.close();
});

const followersOfAuthor = async () => {
  const response = await fetch(`${origin}/ap/users/${author.user.id}/followers`, {
    headers: { accept: ACTIVITY_JSON },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { totalItems: number }).totalItems;
};

/** Alice (of the peer) asks to follow the author; what her server is answered, Accept or Reject. */
async function aliceFollows(): Promise<Delivery> {
  follows += 1;
  const before = peer.received.length;
  const follow = new Follow({
    id: new URL(`${peer.actorId}#follows/${follows}`),
    actor: new URL(peer.actorId),
    object: new URL(actorUrl),
  });
  expect((await peer.post(`${origin}/ap/inbox`, follow)).status).toBe(202);
  await waitForIdleJobs(testApp.context.db, 30_000);
  return peer.nextDelivery(
    (delivery) =>
      peer.received.indexOf(delivery) >= before &&
      ['Accept', 'Reject'].includes(String(delivery.activity.type)),
  );
}

describe('a block between one of our people and a person of another server', () => {
  it('ends that person’s follow of ours: they leave the followers collection and hear of nothing after the block', async () => {
    expect((await aliceFollows()).activity.type).toBe('Accept');
    expect(await followersOfAuthor()).toBe(1);
    const found = await callAs(
      testApp.app,
      author,
      'GET',
      `/api/search/users/${encodeURIComponent(peer.actorId)}`,
    );
    alice = (found.json() as PublicUser[])[0]!;
    expect(alice).toMatchObject({ username: `alice@${new URL(peer.origin).host}` });

    const before = peer.received.length;
    const block = await callAs(testApp.app, author, 'PUT', `/api/users/${alice.id}/block`);
    expect(block.statusCode, block.body).toBe(200);
    expect(await followersOfAuthor()).toBe(0);

    const voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    await publishWebm(testApp.app, author.cookie, voice, { fields: { title: 'After the block' } });
    await waitForIdleJobs(testApp.context.db, 60_000);
    // Their server hears of the block itself, and of nothing posted after it.
    expect(peer.received.slice(before).map((delivery) => delivery.activity.type)).toEqual(['Block']);
  });

  it('refuses their Follow while it holds, as a follow across a block is refused here, and takes it once lifted', async () => {
    const refused = await aliceFollows();
    expect(refused.activity).toMatchObject({ type: 'Reject', actor: actorUrl });
    expect(await followersOfAuthor()).toBe(0);

    expect((await callAs(testApp.app, author, 'DELETE', `/api/users/${alice.id}/block`)).statusCode).toBe(
      200,
    );
    expect((await aliceFollows()).activity.type).toBe('Accept');
    expect(await followersOfAuthor()).toBe(1);
  });
});

describe('an activity naming one of our ids with a control character in it', () => {
  it('is dropped at once, as an id naming nothing: no job is left retrying it', async () => {
    const nobody = new URL(`${origin}/profile/a%00b`);
    const follow = new Follow({
      id: new URL(`${peer.actorId}#follows/nul`),
      actor: new URL(peer.actorId),
      object: nobody,
    });
    const reply = new Note({
      id: new URL(`${peer.actorId}/statuses/nul`),
      attribution: new URL(peer.actorId),
      content: '<p>Hello</p>',
      to: PUBLIC_COLLECTION,
      replyTarget: new URL(`${origin}/posts/a%00b`),
    });
    const activities = [
      follow,
      new Undo({ id: new URL(`${peer.actorId}#undo/nul`), actor: new URL(peer.actorId), object: follow }),
      new Create({
        id: new URL(`${reply.id!.href}/activity`),
        actor: new URL(peer.actorId),
        to: PUBLIC_COLLECTION,
        object: reply,
      }),
    ];
    for (const activity of activities)
      expect((await peer.post(`${origin}/ap/inbox`, activity)).status).toBe(202);
    await waitForIdleJobs(testApp.context.db, 30_000);
    const retrying = await testApp.context.db
      .selectFrom('jobs')
      .select(['name', 'last_error'])
      .where('status', '!=', 'done')
      .execute();
    expect(retrying).toEqual([]);
  });
});
