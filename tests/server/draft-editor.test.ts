import type { DraftEdit, DraftTake } from '@shared/contract/drafts';
import type { Post } from '@shared/contract/posts';
import type { EditOperation } from '@shared/domain/edit-list';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import type { Ffmpeg } from '../../src/server/media/ffmpeg';
import { createPostAnnouncements } from '../../src/server/federation/post-activities';
import { createShareCardStore } from '../../src/server/link-previews/share-card-store';
import { createAudioLibrary } from '../../src/server/services/audio-library';
import { createDraftEditor } from '../../src/server/services/draft-editor';
import { createImageLibrary } from '../../src/server/services/image-library';
import { createPostService } from '../../src/server/services/post-service';
import { ffmpegOutput, generatedAudio, multipartForm, type FilePart } from '../support/audio';
import { signUp, type SignedIn, callAs, type Method } from './support/accounts';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, storageKind, type TestApp } from './support/test-app';
import { originalAudioUrl, sendForm } from './support/uploads';
import { waitForIdleJobs } from './support/waits';

let testApp: TestApp;
let scratchDir: string;
let owner: SignedIn;
let stranger: SignedIn;
/** 2 s of 440 Hz, then 2 s of silence: where the tone stops shows where the audio around a cut came from. */
let toneThenSilence: Buffer;
/** 1 s of 880 Hz. */
let oneSecondTone: Buffer;

const RATE = 48_000;
/** lavfi's sine is at 1/8 of full scale; silence is 0. */
const LOUD = 0.03;

const flac = (source: string) =>
  generatedAudio(['-f', 'lavfi', '-i', source, '-c:a', 'flac', '-f', 'flac', 'pipe:1']);

beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  scratchDir = await mkdtemp(path.join(os.tmpdir(), 'draft-editor-'));
  [owner, stranger] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
  [toneThenSilence, oneSecondTone] = await Promise.all([
    flac(`sine=frequency=440:duration=2:sample_rate=${RATE},apad=whole_dur=4`),
    flac(`sine=frequency=880:duration=1:sample_rate=${RATE}`),
  ]);
});
afterAll(async () => {
  await rm(scratchDir, { recursive: true, force: true });
  await testApp?.close();
});

const flacPart = (content: Buffer): FilePart => ({
  field: 'audio',
  filename: 'take.flac',
  contentType: 'audio/flac',
  content,
});

const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

async function newDraft(audio = toneThenSilence, who = owner): Promise<Post> {
  const form = multipartForm({ title: 'My draft', isDiary: 'true' }, [flacPart(audio)]);
  const response = await sendForm(testApp.app, who.cookie, '/api/diary', form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function sendTake(who: SignedIn | undefined, draftId: string, audio: Buffer = oneSecondTone) {
  // The length the client measured is ignored.
  const form = multipartForm({ duration: '99' }, [flacPart(audio)]);
  return sendForm(testApp.app, who?.cookie ?? '', `/api/drafts/${draftId}/takes`, form);
}

async function addTake(draftId: string, audio = oneSecondTone): Promise<DraftTake> {
  const response = await sendTake(owner, draftId, audio);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function editOf(draftId: string): Promise<DraftEdit> {
  const response = await call(owner, 'GET', `/api/drafts/${draftId}/edit`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const saveAs = (who: SignedIn | undefined, draftId: string, operations: EditOperation[]) =>
  call(who, 'PUT', `/api/drafts/${draftId}/edit`, { operations });
const save = (draftId: string, operations: EditOperation[]) => saveAs(owner, draftId, operations);

async function saved(draftId: string, operations: EditOperation[]): Promise<Post> {
  const response = await save(draftId, operations);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function draftAsListed(draftId: string): Promise<Post> {
  const response = await call(owner, 'GET', '/api/diary');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Post[]).find((post) => post.id === draftId)!;
}

/** The draft's stored audio decoded to mono samples at 48 kHz. */
async function samplesOf(post: Post): Promise<Float32Array> {
  const response = await call(owner, 'GET', originalAudioUrl(post));
  expect(response.statusCode).toBe(200);
  const file = path.join(scratchDir, `${post.id}-${Date.now()}.webm`);
  await writeFile(file, response.rawPayload);
  const pcm = await ffmpegOutput(['-i', file, '-ac', '1', '-ar', String(RATE), '-f', 'f32le', 'pipe:1']);
  return new Float32Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 4);
}

/** Milliseconds from the start to the first and just past the last loud sample at or after `fromMs`. */
function toneBounds(samples: Float32Array, fromMs = 0): { startMs: number; endMs: number } {
  let first = -1;
  let last = -1;
  for (let index = Math.round((fromMs * RATE) / 1000); index < samples.length; index += 1) {
    if (Math.abs(samples[index]!) < LOUD) continue;
    if (first < 0) first = index;
    last = index;
  }
  return { startMs: (first * 1000) / RATE, endMs: ((last + 1) * 1000) / RATE };
}

/** Whether `url` is served to `who`. */
async function mediaStatus(who: SignedIn | undefined, url: string): Promise<number> {
  return (await call(who, 'GET', url)).statusCode;
}

/**
 * The render's length is counted in samples at 48 kHz and each stretch is cut on a whole sample, so it matches the
 * list to the millisecond, save that a stretch running to a recording's end ends at its last sample, which may lie
 * up to half a millisecond short of the length rounded to milliseconds: 2 ms covers every case.
 */
const DURATION_TOLERANCE_S = 0.002;
/** How far a cut may land from where the list puts it: the joint's 5 ms fade, and the codec's ringing. */
const CUT_TOLERANCE_MS = 10;

describe(`the advanced editor's server on ${databaseKind} with ${storageKind} storage`, () => {
  it('starts from the draft as it is: its audio as the original, no takes, no operations', async () => {
    const draft = await newDraft();
    const edit = await editOf(draft.id);
    expect(edit).toMatchObject({ takes: [], operations: [], savedAt: null });
    expect(edit.original.durationMs).toBe(4000);
    // The stored original, which renders are cut from.
    expect(edit.original.audioUrl).toBe(draft.audioSources.at(-1)!.url);
    expect(edit.original.audioUrl).toMatch(/original\.flac$/);
    const peaks = await call(owner, 'GET', edit.original.peaksUrl);
    expect(peaks.statusCode, peaks.body).toBe(200);
    expect((peaks.json() as { peaks: number[] }).peaks.length).toBeGreaterThan(0);
  });

  it('cuts a range out where the list says, the result as long as the list', async () => {
    const draft = await newDraft();
    // The tone runs to 2 s: cut 1.5 s to 2.5 s, and the tone must stop at 1.5 s of 3 s.
    const post = await saved(draft.id, [{ kind: 'delete', start: 1500, end: 2500 }]);
    expect(post.id).toBe(draft.id);
    expect(post.isDraft).toBe(true);
    expect(Math.abs(post.duration - 3)).toBeLessThanOrEqual(DURATION_TOLERANCE_S);
    expect(await draftAsListed(draft.id)).toEqual(post);
    const { startMs, endMs } = toneBounds(await samplesOf(post));
    expect(startMs).toBeLessThan(CUT_TOLERANCE_MS);
    expect(Math.abs(endMs - 1500)).toBeLessThanOrEqual(CUT_TOLERANCE_MS);
  });

  it('fades at a joint, so the jump in the waveform there, heard as a click, is gone', async () => {
    const draft = await newDraft();
    // At 503 ms the 440 Hz tone is near its crest, at 738 ms near its trough: joined, it would jump by almost
    // twice its amplitude from one sample to the next.
    const samples = await samplesOf(await saved(draft.id, [{ kind: 'delete', start: 503, end: 738 }]));
    const largestStep = (fromMs: number, toMs: number) => {
      let largest = 0;
      for (let index = (fromMs * RATE) / 1000; index < (toMs * RATE) / 1000; index += 1) {
        largest = Math.max(largest, Math.abs(samples[index]! - samples[index - 1]!));
      }
      return largest;
    };
    const natural = largestStep(100, 400);
    expect(largestStep(483, 523)).toBeLessThanOrEqual(natural * 1.2);
  });

  it('fades at the joint itself when the recording has gaps in its timestamps, as browser recordings do', async () => {
    // 3 s of tone whose timestamps jump by half a second after 1 s (the samples run on without a break).
    const gapped = await ffmpegOutput([
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=3:sample_rate=${RATE}`],
      ...['-af', "asetpts='PTS+if(gte(T,1),0.5/TB,0)'", '-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
    ]);
    const draft = await newDraft(gapped);
    const samples = await samplesOf(await saved(draft.id, [{ kind: 'delete', start: 2000, end: 2100 }]));
    const loudest = (fromMs: number, toMs: number) => {
      let peak = 0;
      for (let index = Math.round((fromMs * RATE) / 1000); index < (toMs * RATE) / 1000; index += 1) {
        peak = Math.max(peak, Math.abs(samples[index]!));
      }
      return peak;
    };
    // The tone is whole up to the joint at 2 s, fades over its last 5 ms, and comes back after it.
    for (let fromMs = 0; fromMs < 1980; fromMs += 20) {
      expect(loudest(fromMs, fromMs + 20), `${fromMs} ms`).toBeGreaterThan(0.1);
    }
    expect(loudest(1999.8, 2000.2)).toBeLessThan(LOUD);
    expect(loudest(2010, 2030)).toBeGreaterThan(0.1);
  });

  it('inserts a take at a position, measured by the server', async () => {
    const draft = await newDraft();
    const take = await addTake(draft.id);
    expect(take.durationMs).toBe(1000);
    const post = await saved(draft.id, [{ kind: 'insert', at: 3000, takeId: take.id }]);
    expect(Math.abs(post.duration - 5)).toBeLessThanOrEqual(DURATION_TOLERANCE_S);
    // The original's tone, its silence up to 3 s, the take's second of tone, then the rest of the silence.
    const samples = await samplesOf(post);
    expect(Math.abs(toneBounds(samples).startMs)).toBeLessThanOrEqual(CUT_TOLERANCE_MS);
    const inserted = toneBounds(samples, 2500);
    expect(Math.abs(inserted.startMs - 3000)).toBeLessThanOrEqual(CUT_TOLERANCE_MS);
    expect(Math.abs(inserted.endMs - 4000)).toBeLessThanOrEqual(CUT_TOLERANCE_MS);

    const edit = await editOf(draft.id);
    expect(edit.operations).toEqual([{ kind: 'insert', at: 3000, takeId: take.id }]);
    expect(edit.takes).toEqual([take]);
    expect(edit.savedAt).not.toBeNull();
  });

  it('renders every save from the original, keeping it and the takes, and drops the render it replaces', async () => {
    const draft = await newDraft();
    const take = await addTake(draft.id);
    const first = await saved(draft.id, [{ kind: 'append', takeId: take.id }]);
    expect(Math.abs(first.duration - 5)).toBeLessThanOrEqual(DURATION_TOLERANCE_S);
    const firstRender = originalAudioUrl(first);
    // Undo back past the save: the list is empty again, the audio as long as the original.
    const second = await saved(draft.id, []);
    expect(Math.abs(second.duration - 4)).toBeLessThanOrEqual(DURATION_TOLERANCE_S);
    await waitForIdleJobs(testApp.context.db);
    expect(await mediaStatus(owner, firstRender)).toBe(404);
    const edit = await editOf(draft.id);
    expect(edit.original.durationMs).toBe(4000);
    expect(await mediaStatus(owner, edit.original.audioUrl)).toBe(200);
    expect(await mediaStatus(owner, edit.takes[0]!.audioUrl)).toBe(200);
  });

  it('settles two saves at once cleanly: one wins, the other is refused or comes after it whole', async () => {
    await waitForIdleJobs(testApp.context.db);
    const objectsBefore = await storedAudioAssetIds(testApp.context.blobs);
    const draft = await newDraft();
    const lists: EditOperation[][] = [
      [{ kind: 'delete', start: 0, end: 1000 }],
      [{ kind: 'delete', start: 0, end: 2000 }],
    ];
    const answers = await Promise.all(lists.map((operations) => save(draft.id, operations)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      [
        [200, 200],
        [200, 409],
      ],
      JSON.stringify(statuses),
    ).toContainEqual([...statuses].sort());
    const refused = statuses.indexOf(409);
    if (refused >= 0) {
      expect(answers[refused]!.json().message).toBe(
        'This draft changed while your edit was being saved (saved elsewhere, extended or deleted). Reload it and try again.',
      );
    }
    // The draft holds one list whole, and the audio rendered from that very list.
    const edit = await editOf(draft.id);
    const kept = lists.findIndex((list) => JSON.stringify(list) === JSON.stringify(edit.operations));
    expect(kept).toBeGreaterThanOrEqual(0);
    if (refused >= 0) expect(kept).toBe(1 - refused);
    const post = await draftAsListed(draft.id);
    const remaining = (4000 - (lists[kept]![0] as { end: number }).end) / 1000;
    expect(Math.abs(post.duration - remaining)).toBeLessThanOrEqual(DURATION_TOLERANCE_S);
    // The original and the one render: nothing of the other save is left behind.
    await waitForIdleJobs(testApp.context.db);
    expect((await storedAudioAssetIds(testApp.context.blobs)).length).toBe(objectsBefore.length + 2);
  });

  it('refuses a list that cannot be applied with its reason, leaving the draft as it was', async () => {
    const draft = await newDraft();
    // Its rendition, once made, is listed too: the draft as it was is the draft with it.
    await waitForIdleJobs(testApp.context.db);
    const listed = await draftAsListed(draft.id);
    const before = await editOf(draft.id);
    for (const [operations, message] of [
      [[{ kind: 'delete', start: 0, end: 4000 }], 'Cannot delete entire recording'],
      // Less than half a second left is nothing to hear either (spec §5).
      [[{ kind: 'delete', start: 0, end: 3600 }], 'Cannot delete entire recording'],
      [[{ kind: 'delete', start: 100, end: 3700 }], 'Cannot delete entire recording'],
      [
        [{ kind: 'delete', start: 3000, end: 5000 }],
        'Cannot delete up to 5 s: the recording is 4 s long there.',
      ],
      [
        [{ kind: 'insert', at: 0, takeId: 'nope' }],
        'The recording "nope" is not one of this draft\'s takes.',
      ],
    ] as const) {
      const response = await save(draft.id, [...operations]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const malformed = await save(draft.id, [{ kind: 'delete', start: 1.5, end: 2 } as EditOperation]);
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(await editOf(draft.id)).toEqual(before);
    await waitForIdleJobs(testApp.context.db);
    expect(await draftAsListed(draft.id)).toEqual(listed);
  });

  it('leaves the draft as it was when a render fails, blaming no recording of the person', async () => {
    const draft = await newDraft();
    const take = await addTake(draft.id);
    await saved(draft.id, [{ kind: 'delete', start: 0, end: 500 }]);
    await waitForIdleJobs(testApp.context.db);
    const before = { edit: await editOf(draft.id), post: await draftAsListed(draft.id) };
    const objectsBefore = await storedAudioAssetIds(testApp.context.blobs);
    // The take's stored audio is lost (on our side).
    const takeAsset = take.audioUrl.split('/')[3]!;
    await testApp.context.blobs.delete(`audio/${takeAsset}/original.flac`);

    const response = await save(draft.id, [{ kind: 'append', takeId: take.id }]);
    expect(response.statusCode, response.body).toBe(500);
    expect(response.json().message).toMatch(/problem is on our side, not with your recordings/);
    expect(await editOf(draft.id)).toEqual(before.edit);
    expect(await draftAsListed(draft.id)).toEqual(before.post);
    await waitForIdleJobs(testApp.context.db);
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(objectsBefore);
  });

  it('is there for the draft owner alone: anyone else, a visitor too, gets the 404 of nothing', async () => {
    const draft = await newDraft();
    const take = await addTake(draft.id);
    const edit = await editOf(draft.id);
    for (const who of [stranger, undefined]) {
      const answers = [
        await call(who, 'GET', `/api/drafts/${draft.id}/edit`),
        await saveAs(who, draft.id, [{ kind: 'delete', start: 0, end: 100 }]),
        await sendTake(who, draft.id),
        await call(who, 'GET', edit.original.peaksUrl),
        await call(who, 'GET', take.peaksUrl),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json().message).toBe('This post does not exist or is not shared with you.');
      }
      expect(await mediaStatus(who, edit.original.audioUrl)).toBe(404);
      expect(await mediaStatus(who, take.audioUrl)).toBe(404);
    }
    const missing = await call(owner, 'GET', '/api/drafts/no-such-draft/edit');
    expect(missing.statusCode).toBe(404);
    expect(await editOf(draft.id)).toEqual(edit);
  });

  it('keeps at most 100 takes a draft, refusing the next before its upload is stored', async () => {
    const draft = await newDraft();
    const take = await addTake(draft.id);
    const { audio_id } = await testApp.context.db
      .selectFrom('draft_takes')
      .select('audio_id')
      .where('id', '=', take.id)
      .executeTakeFirstOrThrow();
    const more = Array.from({ length: 99 }, (_, index) => ({
      id: `${take.id}-${index}`,
      post_id: draft.id,
      audio_id,
      created_at: new Date().toISOString(),
    }));
    await testApp.context.db.insertInto('draft_takes').values(more).execute();
    await waitForIdleJobs(testApp.context.db);
    const objectsBefore = await storedAudioAssetIds(testApp.context.blobs);
    const refused = await sendTake(owner, draft.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/^A draft can keep at most 100 recordings made in the editor\./);
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(objectsBefore);
    expect((await editOf(draft.id)).takes).toHaveLength(100);
  });

  it('edits drafts only: a published post is refused with the reason', async () => {
    const form = multipartForm({ title: 'Out there' }, [flacPart(toneThenSilence)]);
    const published = (await sendForm(testApp.app, owner.cookie, '/api/posts', form)).json() as Post;
    const response = await call(owner, 'GET', `/api/drafts/${published.id}/edit`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Only drafts can be edited in the advanced editor, and this post is already published.',
    );
    expect((await sendTake(owner, published.id)).statusCode).toBe(409);
  });

  it('starts over from the extended audio after an extend, its old original and takes gone', async () => {
    const draft = await newDraft();
    const take = await addTake(draft.id);
    await saved(draft.id, [{ kind: 'append', takeId: take.id }]);
    const before = await editOf(draft.id);
    const form = multipartForm({}, [flacPart(oneSecondTone)]);
    const extended = await testApp.app.inject({
      method: 'PUT',
      url: `/api/diary/${draft.id}`,
      headers: { ...form.headers, cookie: owner.cookie },
      payload: form.payload,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const edit = await editOf(draft.id);
    expect(edit).toMatchObject({ takes: [], operations: [], savedAt: null });
    expect(Math.abs(edit.original.durationMs - 6000)).toBeLessThanOrEqual(2);
    await waitForIdleJobs(testApp.context.db);
    expect(await mediaStatus(owner, before.original.audioUrl)).toBe(404);
    expect(await mediaStatus(owner, take.audioUrl)).toBe(404);
  });

  it('removes every stored object of the draft with it: original, takes and renders', async () => {
    await waitForIdleJobs(testApp.context.db);
    const objectsBefore = await storedAudioAssetIds(testApp.context.blobs);
    const draft = await newDraft();
    const take = await addTake(draft.id);
    await saved(draft.id, [{ kind: 'insert', at: 1000, takeId: take.id }]);
    await addTake(draft.id);
    await waitForIdleJobs(testApp.context.db);
    expect((await storedAudioAssetIds(testApp.context.blobs)).length).toBe(objectsBefore.length + 4);
    const deleted = await call(owner, 'DELETE', `/api/diary/${draft.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await waitForIdleJobs(testApp.context.db);
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(objectsBefore);
  });
  it('removes the newest render with the draft when a save lands between the deletion’s check and its lock', async () => {
    await waitForIdleJobs(testApp.context.db);
    const objectsBefore = await storedAudioAssetIds(testApp.context.blobs);
    const draft = await newDraft();
    await saved(draft.id, [{ kind: 'delete', start: 0, end: 500 }]);
    const { db, blobs, scratch, ffmpeg, jobs } = testApp.context;
    let meanwhile: Promise<unknown> | undefined;
    // The deletion has checked the draft; before its transaction locks it, another save commits a new render.
    const racedDb = new Proxy(db, {
      get(target, property) {
        if (property === 'transaction') {
          return () => ({
            execute: async (work: (trx: Db) => Promise<unknown>) => {
              meanwhile ??= saved(draft.id, [{ kind: 'delete', start: 0, end: 1000 }]);
              await meanwhile;
              return target.transaction().execute(work);
            },
          });
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const posts = createPostService({
      db: racedDb,
      audio: createAudioLibrary({ blobs, scratch, ffmpeg, db, jobs }),
      images: createImageLibrary(blobs, testApp.context.rateLimits),
      push: testApp.context.push,
      shareCards: createShareCardStore(blobs),
      transcripts: testApp.context.transcriptTimes,
      fediverse: createPostAnnouncements(jobs, false),
    });
    await posts.delete(owner.user.id, draft.id, { draftsOnly: true });
    expect(meanwhile).toBeDefined();
    await waitForIdleJobs(db);
    expect(await storedAudioAssetIds(blobs)).toEqual(objectsBefore);
  });

  it('refuses, before copying anything, an edit whose render would read far more audio than it keeps', async () => {
    const draft = await newDraft();
    const take = await addTake(draft.id);
    // As if the take were 4 hours long (the length the server measured is what counts).
    const takeAsset = take.audioUrl.split('/')[3]!;
    const fourHoursMs = 4 * 60 * 60 * 1000;
    await testApp.context.db
      .updateTable('audio_assets')
      .set({ duration: fourHoursMs / 1000 })
      .where('id', '=', takeAsset)
      .execute();
    await waitForIdleJobs(testApp.context.db);
    const objectsBefore = await storedAudioAssetIds(testApp.context.blobs);
    // The take's last millisecond, three times: each is read from the take's start.
    const lastMsOfTake: EditOperation[] = [
      { kind: 'insert', at: 0, takeId: take.id },
      { kind: 'delete', start: 0, end: fourHoursMs - 1 },
    ];
    const response = await save(draft.id, [...lastMsOfTake, ...lastMsOfTake, ...lastMsOfTake]);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(
      'This edit would have to read more than 8 hours of recordings to put together: a recording used again ' +
        'earlier than where it was last used is read again from its start. Insert copies of long recordings ' +
        'fewer times, or record the part you need again.',
    );
    const tooManyCopies = Array.from({ length: 201 }, (): EditOperation => ({
      kind: 'append',
      takeId: take.id,
    }));
    await testApp.context.db
      .updateTable('audio_assets')
      .set({ duration: 1 })
      .where('id', '=', takeAsset)
      .execute();
    const copies = await save(draft.id, tooManyCopies);
    expect(copies.statusCode, copies.body).toBe(422);
    expect(copies.json().message).toMatch(
      /^This edit uses its recordings in more than 200 places out of order/,
    );
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(objectsBefore);
  });

  it('answers a render that runs out of time with 503, try again later, leaving the draft as it was', async () => {
    const created = await newDraft();
    // Its rendition, finishing mid-test, would change how it is listed: compare against the settled draft.
    await waitForIdleJobs(testApp.context.db);
    const draft = await draftAsListed(created.id);
    const { db, blobs, scratch, ffmpeg, jobs, log } = testApp.context;
    // Every render runs out of time at once (ffmpeg itself is fine).
    const slowFfmpeg: Ffmpeg = {
      ...ffmpeg,
      analyse: (inputs, options) => ffmpeg.analyse(inputs, { ...options, timeoutMs: 1 }),
    };
    const audio = createAudioLibrary({ blobs, scratch, ffmpeg: slowFfmpeg, db, jobs });
    const editor = createDraftEditor({
      db,
      audio,
      posts: testApp.context.posts,
      transcripts: testApp.context.transcriptTimes,
      log,
    });
    await expect(
      editor.save(owner.user.id, draft.id, [{ kind: 'delete', start: 0, end: 500 }]),
    ).rejects.toMatchObject({
      statusCode: 503,
      message:
        'Your edit is taking too long to put together right now. The draft is as it was; please try again later.',
    });
    expect(await draftAsListed(draft.id)).toEqual(draft);
  });

  it('renders no rendition of a take, which the editor plays from its original', async () => {
    const draft = await newDraft();
    const take = await addTake(draft.id);
    await waitForIdleJobs(testApp.context.db);
    const takeAsset = take.audioUrl.split('/')[3]!;
    const row = await testApp.context.db
      .selectFrom('audio_assets')
      .select('rendition_key')
      .where('id', '=', takeAsset)
      .executeTakeFirstOrThrow();
    expect(row.rendition_key).toBeNull();
  });

  it('starts afresh from a saved list that no longer validates, rather than failing for good', async () => {
    const draft = await newDraft();
    await saved(draft.id, [{ kind: 'delete', start: 0, end: 500 }]);
    await testApp.context.db
      .updateTable('draft_edits')
      .set({ operations_json: JSON.stringify([{ kind: 'stretch', by: 2 }]) })
      .where('post_id', '=', draft.id)
      .execute();
    expect((await editOf(draft.id)).operations).toEqual([]);
    const post = await saved(draft.id, [{ kind: 'delete', start: 0, end: 1000 }]);
    expect(Math.abs(post.duration - 3)).toBeLessThanOrEqual(DURATION_TOLERANCE_S);
  });

  it('limits how often one person saves edits', async () => {
    const busy = await signUp(testApp.app);
    const answers = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      answers.push((await saveAs(busy, 'no-such-draft', [])).statusCode);
    }
    expect(answers.every((status) => status === 404)).toBe(true);
    const refused = await saveAs(busy, 'no-such-draft', []);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have saved edits a lot in the last few minutes. Please wait a while and try again.',
    );
  });
});

describe(`a draft's save from the recorder's form (PUT /api/diary) on ${databaseKind}`, () => {
  /** Saves of its own, clear of the other tests' count of edits saved. */
  let writer: SignedIn;
  beforeAll(async () => {
    writer = await signUp(testApp.app);
  });

  function putDraft(
    who: SignedIn | undefined,
    fields: Record<string, string>,
    audio?: Buffer,
    photo?: FilePart,
  ) {
    const form = multipartForm(fields, [...(photo ? [photo] : []), ...(audio ? [flacPart(audio)] : [])]);
    return testApp.app.inject({
      method: 'PUT',
      url: '/api/diary',
      headers: { ...form.headers, ...(who ? { cookie: who.cookie } : {}) },
      payload: form.payload,
    });
  }

  async function editedDraft(): Promise<{ draft: Post; take: DraftTake; operations: EditOperation[] }> {
    const draft = await newDraft(toneThenSilence, writer);
    const form = multipartForm({}, [flacPart(oneSecondTone)]);
    const takeAnswer = await sendForm(testApp.app, writer.cookie, `/api/drafts/${draft.id}/takes`, form);
    expect(takeAnswer.statusCode, takeAnswer.body).toBe(201);
    const take = takeAnswer.json() as DraftTake;
    const operations: EditOperation[] = [
      { kind: 'delete', start: 1000, end: 2000 },
      { kind: 'append', takeId: take.id },
    ];
    const answer = await saveAs(writer, draft.id, operations);
    expect(answer.statusCode, answer.body).toBe(200);
    return { draft: answer.json() as Post, take, operations };
  }

  const postRow = (id: string) =>
    testApp.context.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function setChapters(postId: string, times: number[]) {
    const chapters = times.map((time, index) => ({ id: `c${index}`, title: `Chapter ${index + 1}`, time }));
    const answer = await call(writer, 'PUT', `/api/posts/${postId}/chapters`, { chapters });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  it('changes only the fields when no audio is sent: the audio and the editor’s history stay', async () => {
    const { draft, take, operations } = await editedDraft();
    const before = await postRow(draft.id);
    const edit = await call(writer, 'GET', `/api/drafts/${draft.id}/edit`);
    const answer = await putDraft(writer, {
      draftId: draft.id,
      title: 'Renamed',
      transcription: '',
      category: 'Stories',
      isDiary: 'true',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      id: draft.id,
      title: 'Renamed',
      category: 'Stories',
      transcription: null,
      isDraft: true,
      isPrivate: true,
      audioUrl: draft.audioUrl,
      duration: draft.duration,
    });
    expect((await postRow(draft.id)).audio_id).toBe(before.audio_id);
    const after = await call(writer, 'GET', `/api/drafts/${draft.id}/edit`);
    expect(after.json()).toEqual(edit.json());
    expect((after.json() as DraftEdit).operations).toEqual(operations);
    expect((after.json() as DraftEdit).takes.map((t) => t.id)).toEqual([take.id]);
    expect(await mediaStatus(writer, draft.audioUrl)).toBe(200);
  });

  it('is there for the draft’s owner alone, and says what is wrong with a field', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    for (const who of [stranger, undefined]) {
      const answer = await putDraft(who, { draftId: draft.id, title: 'Mine now' });
      expect(answer.statusCode, answer.body).toBe(who ? 404 : 401);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    const strangers = await putDraft(stranger, { draftId: draft.id, title: 'Mine now', isDiary: 'false' });
    expect(strangers.json().message).toBe('This post does not exist or is not shared with you.');
    const badLink = await putDraft(writer, { draftId: draft.id, affiliateLink: 'not a link' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toMatch(/Promotion links must start with http/);
    const noDraft = await putDraft(writer, { title: 'Which one?' });
    expect(noDraft.statusCode).toBe(400);
    expect(noDraft.json().message).toBe('Say which draft to save with a draftId field.');
    expect((await postRow(draft.id)).title).toBe('My draft');
  });

  it('publishes the draft as a public post with isDiary "false", its media now public and its editor gone', async () => {
    const { draft, take } = await editedDraft();
    const answer = await putDraft(writer, {
      draftId: draft.id,
      title: 'Out now',
      category: 'General',
      isDiary: 'false',
      isPrivate: 'false',
      type: 'episode',
      affiliateLinkTitle: 'My book',
      affiliateLink: 'https://example.com/book',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      id: draft.id,
      title: 'Out now',
      type: 'episode',
      isDraft: false,
      isPrivate: false,
      affiliateLink: 'https://example.com/book',
    });
    // Its own recording: the original, or the rendition if the job worker has made it meanwhile.
    const audioFolder = draft.audioUrl.slice(0, draft.audioUrl.lastIndexOf('/') + 1);
    expect(answer.json().audioUrl).toMatch(new RegExp(`^${audioFolder}(original|speech)\\.`));
    const seen = await call(stranger, 'GET', `/api/posts/${draft.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(await mediaStatus(stranger, draft.audioUrl)).toBe(200);
    expect(await mediaStatus(undefined, draft.audioUrl)).toBe(200);
    const feed = await call(stranger, 'GET', '/api/posts');
    expect((feed.json() as Post[]).map((post) => post.id)).toContain(draft.id);
    expect((await call(writer, 'GET', '/api/diary')).json().map((post: Post) => post.id)).not.toContain(
      draft.id,
    );
    // A post is no longer edited in the editor: its original and takes are gone with their files.
    expect((await call(writer, 'GET', `/api/drafts/${draft.id}/edit`)).statusCode).toBe(409);
    await waitForIdleJobs(testApp.context.db);
    expect(await mediaStatus(writer, take.audioUrl)).toBe(404);
    // Published once: it is no longer a draft to save.
    expect((await putDraft(writer, { draftId: draft.id, title: 'Again' })).statusCode).toBe(404);
  });

  it('takes a photo with the save, public with the post it is published as, the old photo gone', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const photo: FilePart = { field: 'photo', filename: 'cover.png', contentType: 'image/png', content: png };
    const draft = await newDraft(toneThenSilence, writer);
    const first = await putDraft(writer, { draftId: draft.id, isDiary: 'true' }, undefined, photo);
    expect(first.statusCode, first.body).toBe(200);
    const privateImage = (first.json() as Post).imageUrl!;
    expect(privateImage).toMatch(/^\/media\/images\//);
    expect(await mediaStatus(stranger, privateImage)).toBe(404);

    const published = await putDraft(
      writer,
      { draftId: draft.id, isDiary: 'false', isPrivate: 'false' },
      undefined,
      photo,
    );
    expect(published.statusCode, published.body).toBe(200);
    const publicImage = (published.json() as Post).imageUrl!;
    expect(publicImage).not.toBe(privateImage);
    expect(await mediaStatus(stranger, publicImage)).toBe(200);
    expect(await mediaStatus(writer, privateImage)).toBe(404);

    // A file that is no image is refused before anything changes.
    const other = await newDraft(toneThenSilence, writer);
    const refused = await putDraft(writer, { draftId: other.id, title: 'Kept?' }, oneSecondTone, {
      ...photo,
      content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(refused.statusCode).toBe(422);
    const unchanged = await call(writer, 'GET', `/api/posts/${other.id}`);
    expect(unchanged.json()).toMatchObject({ title: 'My draft', audioUrl: other.audioUrl, imageUrl: null });
  });

  it('keeps a published draft private when asked', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    const answer = await putDraft(writer, { draftId: draft.id, isDiary: 'false', isPrivate: 'true' });
    expect(answer.json()).toMatchObject({ isDraft: false, isPrivate: true, type: 'post' });
    expect((await call(stranger, 'GET', `/api/posts/${draft.id}`)).statusCode).toBe(404);
    expect(await mediaStatus(stranger, draft.audioUrl)).toBe(404);
  });

  it('moves the chapters with the audio when an edit is saved', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    // 4 s: chapters at 0.5, 1.5 (inside the cut), 2.2 (inside too: dropped onto 1.5's) and 3.
    await setChapters(draft.id, [0.5, 1.5, 2.2, 3]);
    const first = await saveAs(writer, draft.id, [{ kind: 'delete', start: 1000, end: 2500 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Post).chapters.map((c) => [c.title, c.time])).toEqual([
      ['Chapter 1', 0.5],
      ['Chapter 2', 1],
      ['Chapter 4', 1.5],
    ]);
    // The next save adds to the list: the chapters already follow the first cut.
    const second = await saveAs(writer, draft.id, [
      { kind: 'delete', start: 1000, end: 2500 },
      { kind: 'delete', start: 0, end: 200 },
    ]);
    expect((second.json() as Post).chapters.map((c) => c.time)).toEqual([0.3, 0.8, 1.3]);
  });

  /**
   * Runs `meanwhile` once, as soon as ffmpeg has measured or put together the next audio (an upload, a join or an
   * edit's render), before that audio is stored: what a request arriving then would do.
   */
  async function whileAudioPrepares<T>(
    meanwhile: () => Promise<unknown>,
    work: () => Promise<T>,
  ): Promise<T> {
    const { ffmpeg, db } = testApp.context;
    // Renditions of earlier uploads settled first: the next measurement is the request's own.
    await waitForIdleJobs(db);
    const analyse = ffmpeg.analyse;
    let ran = false;
    ffmpeg.analyse = async (...args) => {
      const analysis = await analyse(...args);
      if (!ran) {
        ran = true;
        await meanwhile();
      }
      return analysis;
    };
    try {
      return await work();
    } finally {
      ffmpeg.analyse = analyse;
      expect(ran).toBe(true);
    }
  }

  const publishNow = async (draftId: string) => {
    const published = await putDraft(writer, { draftId, isDiary: 'false', isPrivate: 'false' });
    expect(published.statusCode, published.body).toBe(200);
  };

  /** Every stored audio object has its row: nothing prepared for the refused change is left behind. */
  async function expectNoOrphanAudio() {
    await waitForIdleJobs(testApp.context.db);
    const rows = await testApp.context.db.selectFrom('audio_assets').select('id').execute();
    const known = new Set(rows.map((row) => row.id));
    expect((await storedAudioAssetIds(testApp.context.blobs)).filter((id) => !known.has(id))).toEqual([]);
  }

  async function expectPublishedAsIs(draft: Post) {
    const row = await postRow(draft.id);
    expect(row.is_draft).toBe(0);
    expect(await mediaStatus(stranger, draft.audioUrl)).toBe(200);
    // The audio it was published with (by now perhaps served as its rendition).
    const seen = (await call(stranger, 'GET', `/api/posts/${draft.id}`)).json() as Post;
    expect(seen.audioUrl.split('/')[3]).toBe(draft.audioUrl.split('/')[3]);
    const edits = await testApp.context.db
      .selectFrom('draft_edits')
      .select('post_id')
      .where('post_id', '=', draft.id)
      .execute();
    expect(edits).toEqual([]);
    await expectNoOrphanAudio();
  }

  it('refuses an edit whose render finishes after the draft was published: the post keeps its public audio', async () => {
    const { draft } = await editedDraft();
    const answer = await whileAudioPrepares(
      () => publishNow(draft.id),
      () => saveAs(writer, draft.id, [{ kind: 'delete', start: 0, end: 500 }]),
    );
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toBe(
      'This draft was published while your change was being saved, so it was not applied: the post keeps what it ' +
        'was published with. Open the post to change it.',
    );
    await expectPublishedAsIs(draft);
  });

  it('refuses new audio for a draft published while it was uploading, changing nothing of the post', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    const answer = await whileAudioPrepares(
      () => publishNow(draft.id),
      () => putDraft(writer, { draftId: draft.id, title: 'Late', isDiary: 'false' }, oneSecondTone),
    );
    expect(answer.statusCode, answer.body).toBe(409);
    expect((await postRow(draft.id)).title).toBe('My draft');
    await expectPublishedAsIs(draft);
  });

  it('refuses to extend a draft published while the audio was being joined, by either extend route', async () => {
    for (const route of ['/api/diary', '/api/posts']) {
      const draft = await newDraft(toneThenSilence, writer);
      const form = multipartForm({}, [flacPart(oneSecondTone)]);
      const answer = await whileAudioPrepares(
        () => publishNow(draft.id),
        () =>
          testApp.app.inject({
            method: 'PUT',
            url: `${route}/${draft.id}`,
            headers: { ...form.headers, cookie: writer.cookie },
            payload: form.payload,
          }),
      );
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().message).toMatch(/^This draft was published while your change was being saved/);
      await expectPublishedAsIs(draft);
    }
  });

  it('keeps a chapter changed while an edit was rendering, moved with the edit', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    await setChapters(draft.id, [1]);
    const answer = await whileAudioPrepares(
      () => setChapters(draft.id, [1, 3]),
      () => saveAs(writer, draft.id, [{ kind: 'delete', start: 0, end: 500 }]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as Post).chapters.map((c) => c.time)).toEqual([0.5, 2.5]);
  });

  it('keeps a chapter changed while new audio was uploading, clamped to it', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    await setChapters(draft.id, [3]);
    const answer = await whileAudioPrepares(
      () => setChapters(draft.id, [0.5, 3]),
      () => putDraft(writer, { draftId: draft.id, isDiary: 'true' }, oneSecondTone),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const post = answer.json() as Post;
    expect(post.chapters.map((c) => c.time)).toEqual([0.5, post.duration]);
  });

  it('publishes new audio, photo and fields together, the old audio and the editor gone', async () => {
    const { draft, take } = await editedDraft();
    const answer = await putDraft(
      writer,
      { draftId: draft.id, title: 'All at once', isDiary: 'false', isPrivate: 'false' },
      oneSecondTone,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const post = answer.json() as Post;
    expect(post).toMatchObject({ title: 'All at once', isDraft: false, isPrivate: false });
    expect(post.audioUrl).not.toBe(draft.audioUrl);
    expect(await mediaStatus(stranger, post.audioUrl)).toBe(200);
    await waitForIdleJobs(testApp.context.db);
    expect(await mediaStatus(writer, draft.audioUrl)).toBe(404);
    expect(await mediaStatus(writer, take.audioUrl)).toBe(404);
    await expectNoOrphanAudio();
  });

  it('lets others hear the owner’s comment on their draft once it is published', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    const form = multipartForm({ postId: draft.id }, [flacPart(oneSecondTone)]);
    const commented = await sendForm(testApp.app, writer.cookie, '/api/comments', form);
    expect(commented.statusCode, commented.body).toBe(201);
    const { audioUrl } = commented.json() as { audioUrl: string };
    expect(await mediaStatus(stranger, audioUrl)).toBe(404);
    await publishNow(draft.id);
    expect(await mediaStatus(stranger, audioUrl)).toBe(200);
    expect(await mediaStatus(undefined, audioUrl)).toBe(200);
  });

  it('publishes only with isDiary "false", keeps the draft with "true", and refuses anything else', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    for (const isDiary of ['', '0', 'no', 'on', '1']) {
      const answer = await putDraft(writer, { draftId: draft.id, title: 'Guessed', isDiary });
      expect(answer.statusCode, `${isDiary}: ${answer.body}`).toBe(400);
      expect(answer.json().message).toBe(
        'isDiary must be "true" to keep the draft or "false" to publish it.',
      );
    }
    expect(await postRow(draft.id)).toMatchObject({ is_draft: 1, title: 'My draft' });
    const kept = await putDraft(writer, { draftId: draft.id, isDiary: 'true' });
    expect(kept.json()).toMatchObject({ isDraft: true });
  });

  it('leaves the chapters where they are when the saved list no longer validates: its render is unknown', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    expect((await saveAs(writer, draft.id, [{ kind: 'delete', start: 0, end: 500 }])).statusCode).toBe(200);
    await setChapters(draft.id, [1]);
    await testApp.context.db
      .updateTable('draft_edits')
      .set({ operations_json: JSON.stringify([{ kind: 'stretch', by: 2 }]) })
      .where('post_id', '=', draft.id)
      .execute();
    const answer = await saveAs(writer, draft.id, [{ kind: 'delete', start: 0, end: 1000 }]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as Post).chapters.map((c) => c.time)).toEqual([1]);
  });

  it('clamps the chapters to new audio sent whole', async () => {
    const draft = await newDraft(toneThenSilence, writer);
    await setChapters(draft.id, [0.5, 2, 3.5]);
    const answer = await putDraft(writer, { draftId: draft.id, isDiary: 'true' }, oneSecondTone);
    expect(answer.statusCode, answer.body).toBe(200);
    const post = answer.json() as Post;
    expect(post.chapters.map((c) => c.time)).toEqual([0.5, post.duration]);
  });
});
