import type { Post } from '@shared/contract/posts';
import { createPublicKey } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Follow } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { callAs, signUp, type SignedIn } from './support/accounts';
import { startFediversePeer } from './support/fediverse-peer';
import { createTestApp, restartWithAdminEmails, type TestApp } from './support/test-app';
import { publishWebm, sendForm, sendFormAs, webmPart } from './support/uploads';

const PUBLIC_URL = 'https://earshot.example';
const MODERATOR_EMAIL = 'federation-moderator@example.com';
const ACTIVITY_JSON = 'application/activity+json';

let testApp: TestApp;
let clientDir: string;
let voice: Buffer;
let author: SignedIn;
let moderator: SignedIn;
let publicPost: Post;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-client-'));
  await copyFile(path.resolve('src/client/index.html'), path.join(clientDir, 'index.html'));
  testApp = await createTestApp({ PUBLIC_URL }, { clientDir });
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
  author = await signUp(testApp.app, { firstName: 'Ana', lastName: 'Lima' });
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  publicPost = await publishWebm(testApp.app, author.cookie, voice, {
    fields: { title: 'Morning by the river', transcription: 'The heron was back today.' },
  });
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, accept: string) => testApp.app.inject({ method: 'GET', url, headers: { accept } });

async function activityJson(url: string): Promise<Record<string, unknown>> {
  const response = await get(url, ACTIVITY_JSON);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/activity\+json/);
  return response.json();
}

describe('federation is mounted beside the app', () => {
  it('answers nothing of it without PUBLIC_URL: the well-known paths are 404 as any unknown path', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: `/.well-known/webfinger?resource=acct:${author.user.username}@earshot.example`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Nothing is at GET /.well-known/webfinger.' });
    } finally {
      await plain.close();
    }
  });

  it('gives a browser the profile page and an ActivityPub client the actor, at the same URL', async () => {
    const page = await get(`/profile/${author.user.id}`, 'text/html,application/xhtml+xml');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const actor = await activityJson(`/profile/${author.user.id}`);
    expect(actor).toMatchObject({ type: 'Person', id: `${PUBLIC_URL}/profile/${author.user.id}` });
  });

  it('leaves the API as it was, whatever a client accepts', async () => {
    const response = await get(`/api/posts/${publicPost.id}`, ACTIVITY_JSON);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: publicPost.id, title: 'Morning by the river' });
  });

  it('answers a control character in an id or in WebFinger’s resource with a 4xx, never a failure', async () => {
    const asked = [
      `/.well-known/webfinger?resource=acct:a%00b@earshot.example`,
      `/.well-known/webfinger?resource=${encodeURIComponent(`${PUBLIC_URL}/profile/a\u0000b`)}`,
      '/profile/a%00b',
      '/posts/a%00b',
      '/ap/users/a%00b/outbox',
      '/ap/users/a%07b/followers',
    ];
    for (const url of asked) {
      const response = await get(url, ACTIVITY_JSON);
      expect([400, 404], `${url}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(response.json(), url).toEqual({ message: expect.any(String) });
    }
  });
});

describe('a person as an actor', () => {
  it('is found by WebFinger as acct:handle@host, in any case, and links to the actor', async () => {
    const handle = author.user.username.toUpperCase();
    const response = await get(`/.well-known/webfinger?resource=acct:${handle}@earshot.example`, '*/*');
    expect(response.statusCode, response.body).toBe(200);
    const links = (response.json() as { links: { rel: string; type?: string; href: string }[] }).links;
    expect(links).toContainEqual(
      expect.objectContaining({
        rel: 'self',
        type: ACTIVITY_JSON,
        href: `${PUBLIC_URL}/profile/${author.user.id}`,
      }),
    );
  });

  it('shows name, handle, bio, links and the voice bio, with an RSA key and an Ed25519 key', async () => {
    const profile = await sendFormAs(
      testApp.app,
      author.cookie,
      'PUT',
      '/api/profile',
      multipartForm(
        {
          bio: 'I record the river <every> morning.',
          links: JSON.stringify([{ title: 'Blog', url: 'https://ana.example/' }]),
        },
        [],
      ),
    );
    expect(profile.statusCode, profile.body).toBe(200);
    const bio = await sendForm(
      testApp.app,
      author.cookie,
      '/api/voice-bio',
      multipartForm({}, [{ ...webmPart(voice), field: 'voiceBio' }]),
    );
    expect(bio.statusCode, bio.body).toBe(200);

    const actor = await activityJson(`/profile/${author.user.id}`);
    expect(actor).toMatchObject({
      preferredUsername: author.user.username,
      name: 'Ana Lima',
      summary: '<p>I record the river &#60;every&#62; morning.</p>',
      url: `${PUBLIC_URL}/profile/${author.user.id}`,
      inbox: `${PUBLIC_URL}/ap/users/${author.user.id}/inbox`,
      outbox: `${PUBLIC_URL}/ap/users/${author.user.id}/outbox`,
      followers: `${PUBLIC_URL}/ap/users/${author.user.id}/followers`,
      endpoints: { sharedInbox: `${PUBLIC_URL}/ap/inbox` },
    });
    expect(actor.attachment).toEqual([
      expect.objectContaining({ type: 'PropertyValue', name: 'Blog' }),
      expect.objectContaining({
        type: 'Document',
        mediaType: 'audio/webm',
        url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/media/audio/`)),
      }),
    ]);
    const publicKey = actor.publicKey as { id: string; owner: string; publicKeyPem: string };
    expect(publicKey.owner).toBe(actor.id);
    expect(publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // RSA of 2048 bits, as Mastodon's own actors have.
    expect(createPublicKey(publicKey.publicKeyPem).asymmetricKeyDetails).toMatchObject({
      modulusLength: 2048,
    });
    const methods = actor.assertionMethod as { type: string; publicKeyMultibase: string }[];
    expect(methods.map((method) => method.type)).toEqual(['Multikey', 'Multikey']);

    // The keys are made once and kept: the actor shows the same ones again.
    const again = await activityJson(`/profile/${author.user.id}`);
    expect((again.publicKey as { publicKeyPem: string }).publicKeyPem).toBe(publicKey.publicKeyPem);
  });

  it('is Gone (410) while suspended, and 404 for someone who never was', async () => {
    const suspended = await signUp(testApp.app);
    const act = (action: string) =>
      callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
        action,
        targetKind: 'user',
        targetId: suspended.user.id,
        note: 'checked',
      });
    expect((await act('suspend')).statusCode).toBe(200);
    const gone = await get(`/profile/${suspended.user.id}`, ACTIVITY_JSON);
    expect(gone.statusCode).toBe(410);
    const fingerByAddress = await get(
      `/.well-known/webfinger?resource=${encodeURIComponent(`${PUBLIC_URL}/profile/${suspended.user.id}`)}`,
      '*/*',
    );
    expect(fingerByAddress.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ type: 'Tombstone' });
    // A refusal says something, as every other one does.
    expect(fingerByAddress.json()).toEqual({ message: 'Gone' });
    const finger = await get(
      `/.well-known/webfinger?resource=acct:${suspended.user.username}@earshot.example`,
      '*/*',
    );
    expect(finger.statusCode).toBe(404);
    expect((await get('/profile/nobody-has-this-id', ACTIVITY_JSON)).statusCode).toBe(404);
  });

  it('is Gone (410) once the account is deleted', async () => {
    const leaving = await signUp(testApp.app);
    expect((await get(`/profile/${leaving.user.id}`, ACTIVITY_JSON)).statusCode).toBe(200);
    const deleted = await callAs(testApp.app, leaving, 'DELETE', '/api/me', { password: leaving.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(`/profile/${leaving.user.id}`, ACTIVITY_JSON)).statusCode).toBe(410);
  });
});

describe('what federates', () => {
  it('shows a public post as a Note at its page URL; a browser still gets the page', async () => {
    const note = await activityJson(`/posts/${publicPost.id}`);
    expect(note).toMatchObject({
      type: 'Note',
      id: `${PUBLIC_URL}/posts/${publicPost.id}`,
      url: `${PUBLIC_URL}/posts/${publicPost.id}`,
      name: 'Morning by the river',
      content: '<p>The heron was back today.</p>',
    });
    const page = await get(`/posts/${publicPost.id}`, 'text/html');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('says the title and links the page when there is no transcript', async () => {
    const untold = await publishWebm(testApp.app, author.cookie, voice, { fields: { title: 'A & B' } });
    const note = await activityJson(`/posts/${untold.id}`);
    const page = `${PUBLIC_URL}/posts/${untold.id}`;
    expect(note.content).toBe(`<p>A &#38; B</p><p><a href="${page}">${page}</a></p>`);
  });

  it('shows nothing of a suspended person: their actor is Gone, their posts and outbox are not there', async () => {
    const suspended = await signUp(testApp.app);
    const post = await publishWebm(testApp.app, suspended.cookie, voice, { fields: { title: 'Before' } });
    expect((await get(`/posts/${post.id}`, ACTIVITY_JSON)).statusCode).toBe(200);
    const suspend = await callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
      action: 'suspend',
      targetKind: 'user',
      targetId: suspended.user.id,
      note: 'checked',
    });
    expect(suspend.statusCode).toBe(200);
    expect((await get(`/posts/${post.id}`, ACTIVITY_JSON)).statusCode).toBe(404);
    expect((await get(`/ap/users/${suspended.user.id}/outbox`, ACTIVITY_JSON)).statusCode).toBe(404);
    expect((await get(`/ap/users/${suspended.user.id}/followers`, ACTIVITY_JSON)).statusCode).toBe(404);
  });
});

describe('an inbox of a server without the private-address exemption', () => {
  it('refuses a Follow from a loopback server: it may not fetch the signing key there, so nothing is stored', async () => {
    const peer = await startFediversePeer();
    try {
      const follow = new Follow({
        id: new URL(`${peer.actorId}#follows/1`),
        actor: new URL(peer.actorId),
        object: new URL(`${PUBLIC_URL}/profile/${author.user.id}`),
      });
      const signed = await peer.sign(`${PUBLIC_URL}/ap/users/${author.user.id}/inbox`, follow);
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/ap/users/${author.user.id}/inbox`,
        headers: Object.fromEntries(signed.headers),
        payload: Buffer.from(await signed.arrayBuffer()),
      });
      expect(response.statusCode).toBe(401);
      expect(await testApp.context.db.selectFrom('remote_follows').selectAll().execute()).toEqual([]);
    } finally {
      await peer.close();
    }
  });
});

describe('NodeInfo', () => {
  it('names the software and its version, and counts only what the public may see', async () => {
    const discovery = await get('/.well-known/nodeinfo', 'application/json');
    expect(discovery.statusCode, discovery.body).toBe(200);
    const link = (discovery.json() as { links: { href: string }[] }).links[0]!.href;
    expect(link).toBe(`${PUBLIC_URL}/nodeinfo/2.1`);
    const response = await get('/nodeinfo/2.1', 'application/json');
    expect(response.statusCode, response.body).toBe(200);
    const info = response.json() as {
      software: { name: string; version: string };
      protocols: string[];
      usage: { users: { total: number }; localPosts: number };
    };
    expect(info.software).toEqual({ name: 'earshot', version: '0.1.0' });
    expect(info.protocols).toEqual(['activitypub']);
    const before = info.usage;
    // A private post and a diary entry count for nothing; a public one counts.
    await publishWebm(testApp.app, author.cookie, voice, { fields: { title: 'Mine', isPrivate: 'true' } });
    await publishWebm(testApp.app, author.cookie, voice, { url: '/api/diary', fields: { title: 'Diary' } });
    await publishWebm(testApp.app, author.cookie, voice, { fields: { title: 'Ours' } });
    const after = ((await get('/nodeinfo/2.1', 'application/json')).json() as typeof info).usage;
    expect(after.localPosts).toBe(before.localPosts + 1);
  });
});
