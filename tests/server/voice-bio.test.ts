import type { PublicUser } from '@shared/contract/users';
import type { VoiceBio } from '@shared/contract/voice-bio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { storedAudioAssetIds, storedAudioAt } from './support/stored-objects';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { sendForm } from './support/uploads';
import { waitForIdleJobs } from './support/waits';

let testApp: TestApp;
let fiveSeconds: Buffer;
let thirtyOneSeconds: Buffer;
beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  const opus = ['-c:a', 'libopus'];
  [fiveSeconds, thirtyOneSeconds] = await Promise.all([
    streamedTone({ seconds: 5, format: 'webm', codecArgs: opus }),
    streamedTone({ seconds: 31, format: 'webm', codecArgs: opus }),
  ]);
});
afterAll(() => testApp?.close());

/** As the client sends it (spec §7): the recording as `voiceBio`, with the length it measured. */
function uploadVoiceBio(who: SignedIn, audio: Buffer) {
  const form = multipartForm({ duration: '5' }, [
    { field: 'voiceBio', filename: 'voice-bio.webm', contentType: 'audio/webm', content: audio },
  ]);
  return sendForm(testApp.app, who.cookie, '/api/voice-bio', form);
}

const voiceBioOf = async (userId: string) =>
  (await testApp.app.inject({ url: `/api/voice-bio/${userId}` })).json() as VoiceBio;
const profileOf = async (userId: string) =>
  (await testApp.app.inject({ url: `/api/users/${userId}` })).json() as PublicUser;
const assetIdOf = (url: string) => url.split('/')[3]!;
/** Which recording a bio is; its sources gain the rendition whenever the background job finishes. */
const recordingOf = (bio: VoiceBio) => ({
  assetId: bio.voiceBioUrl && assetIdOf(bio.voiceBioUrl),
  duration: bio.voiceBioDuration,
});

describe(`voice bios on ${databaseKind}`, () => {
  it('refuses one longer than 30 seconds as measured by the server, and keeps nothing of it', async () => {
    const person = await signUp(testApp.app);
    const storedBefore = await storedAudioAssetIds(testApp.context.blobs);
    const response = await uploadVoiceBio(person, thirtyOneSeconds);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Voice bios can be at most 30 seconds long.' });
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(storedBefore);
    expect(await voiceBioOf(person.user.id)).toEqual({
      voiceBioUrl: null,
      voiceBioDuration: null,
      audioSources: [],
    });
    expect((await profileOf(person.user.id)).voiceBioUrl).toBeNull();
  });

  it('keeps a 5 second one and serves it to anyone, also on the person’s profile', async () => {
    const person = await signUp(testApp.app);
    const response = await uploadVoiceBio(person, fiveSeconds);
    expect(response.statusCode, response.body).toBe(200);
    const bio = response.json() as VoiceBio;
    expect(bio.voiceBioDuration).toBeCloseTo(5, 0);
    expect(recordingOf(await voiceBioOf(person.user.id))).toEqual(recordingOf(bio));

    const profileUrl = (await profileOf(person.user.id)).voiceBioUrl;
    expect(profileUrl).toBe(bio.audioSources.find((source) => source.mimeType === 'audio/webm')!.url);
    const played = await testApp.app.inject({ url: profileUrl! });
    expect(played.statusCode).toBe(200);
    // What is stored: the recording copied into a WebM that carries its duration (playable-originals.test.ts).
    expect(played.rawPayload.equals(await storedAudioAt(testApp.context.blobs, profileUrl!))).toBe(true);
  });

  it('removes the old recording’s files when it is replaced, and the new one’s when it is deleted', async () => {
    const person = await signUp(testApp.app);
    const first = (await uploadVoiceBio(person, fiveSeconds)).json() as VoiceBio;
    const second = (await uploadVoiceBio(person, fiveSeconds)).json() as VoiceBio;
    // A rendition of the first already running writes its output, then finds its row gone and removes it.
    await waitForIdleJobs(testApp.context.db);
    const stored = await storedAudioAssetIds(testApp.context.blobs);
    expect(stored).not.toContain(assetIdOf(first.voiceBioUrl!));
    expect(stored).toContain(assetIdOf(second.voiceBioUrl!));
    expect((await testApp.app.inject({ url: first.voiceBioUrl! })).statusCode).toBe(404);

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/voice-bio',
      headers: { cookie: person.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ voiceBioUrl: null, voiceBioDuration: null, audioSources: [] });
    expect(await storedAudioAssetIds(testApp.context.blobs)).not.toContain(assetIdOf(second.voiceBioUrl!));
    expect((await voiceBioOf(person.user.id)).voiceBioUrl).toBeNull();
    expect((await profileOf(person.user.id)).voiceBioUrl).toBeNull();
  });

  it('keeps exactly one of two uploads sent at once, answering both, with nothing of the other left', async () => {
    const person = await signUp(testApp.app);
    const storedBefore = await storedAudioAssetIds(testApp.context.blobs);
    const answers = await Promise.all([
      uploadVoiceBio(person, fiveSeconds),
      uploadVoiceBio(person, fiveSeconds),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const kept = await voiceBioOf(person.user.id);
    const keptId = assetIdOf(kept.voiceBioUrl!);
    expect(answers.map((answer) => assetIdOf((answer.json() as VoiceBio).voiceBioUrl!))).toContain(keptId);
    // The replaced one's rendition may be running: it writes its output, then finds its row gone and removes it.
    await waitForIdleJobs(testApp.context.db);
    const stored = await storedAudioAssetIds(testApp.context.blobs);
    expect(stored.filter((id) => !storedBefore.includes(id))).toEqual([keptId]);
    const assets = await testApp.context.db
      .selectFrom('audio_assets')
      .select('id')
      .where('owner_id', '=', person.user.id)
      .execute();
    expect(assets).toEqual([{ id: keptId }]);
    expect(assetIdOf((await profileOf(person.user.id)).voiceBioUrl!)).toBe(keptId);
  });

  it('lets nobody else change or delete it: another person’s upload and delete are their own', async () => {
    const owner = await signUp(testApp.app);
    const other = await signUp(testApp.app);
    const bio = (await uploadVoiceBio(owner, fiveSeconds)).json() as VoiceBio;

    await uploadVoiceBio(other, fiveSeconds);
    await testApp.app.inject({ method: 'DELETE', url: '/api/voice-bio', headers: { cookie: other.cookie } });
    const signedOut = multipartForm({}, [
      { field: 'voiceBio', filename: 'voice-bio.webm', contentType: 'audio/webm', content: fiveSeconds },
    ]);
    expect((await sendForm(testApp.app, '', '/api/voice-bio', signedOut)).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'DELETE', url: '/api/voice-bio' })).statusCode).toBe(401);

    expect(recordingOf(await voiceBioOf(owner.user.id))).toEqual(recordingOf(bio));
  });

  it('answers 404 for a person who does not exist', async () => {
    const response = await testApp.app.inject({ url: '/api/voice-bio/no-such-person' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No user has this id.' });
  });
});
