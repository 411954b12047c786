import type { Post, PostTranscript } from '@shared/contract/posts';
import type { SearchMatch } from '@shared/contract/search';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { startTranscriptionServer, type TestTranscriptionServer } from '../support/transcription-server';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { sendForm } from './support/uploads';
import { listUntranscribedPosts } from '../../src/server/db/queries/transcript-times';
import { waitFor, waitForJobsNamed } from './support/waits';

/** What the recogniser "hears": OpenAI's verbose_json with word times. */
const HEARD = {
  task: 'transcribe',
  language: 'english',
  duration: 3,
  text: ' Tidepools glitter at dawn.',
  words: [
    { word: ' Tidepools', start: 0.42, end: 0.98 },
    { word: ' glitter', start: 1.1, end: 1.5 },
    { word: ' at', start: 1.62, end: 1.7 },
    { word: ' dawn.', start: 1.84, end: 2.3 },
  ],
};

let recogniser: TestTranscriptionServer;
let tone: Buffer;
beforeAll(async () => {
  recogniser = await startTranscriptionServer(HEARD);
  tone = await streamedTone({ seconds: 3, format: 'webm', codecArgs: ['-c:a', 'libopus'], gainDb: -10 });
});
afterAll(() => recogniser?.close());

describe(`automatic transcripts from the operator's recogniser on ${databaseKind}`, () => {
  let testApp: TestApp;
  let author: SignedIn;
  beforeAll(async () => {
    testApp = await createTestApp(
      { TRANSCRIBE_URL: recogniser.url, TRANSCRIBE_MODEL: 'ggml-base.en', TRANSCRIBE_API_KEY: 'sk-test-key' },
      { runJobs: true },
    );
    author = await signUp(testApp.app);
  });
  afterAll(() => testApp?.close());
  beforeEach(() => {
    recogniser.requests.length = 0;
    recogniser.answer = { status: 200, body: HEARD };
  });

  async function publish(fields: Record<string, string>): Promise<Post> {
    const form = multipartForm(fields, [
      { field: 'audio', filename: 'recording.webm', contentType: 'audio/webm', content: tone },
    ]);
    const response = await sendForm(testApp.app, author.cookie, '/api/posts', form);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Post;
  }

  const recognitionsRun = () => waitForJobsNamed(testApp.context.db, 'transcripts.recognise', 60_000);

  const transcriptOf = async (postId: string) =>
    (await testApp.app.inject({ url: `/api/posts/${postId}/transcript` })).json() as PostTranscript;

  it('transcribes a public post without a transcript, with the recogniser’s word times', async () => {
    const post = await publish({ title: 'Shore' });
    await recognitionsRun();
    const [sent] = recogniser.requests;
    expect(sent?.fields).toMatchObject({
      model: ['ggml-base.en'],
      response_format: ['verbose_json'],
      'timestamp_granularities[]': ['word'],
    });
    expect(sent?.authorization).toBe('Bearer sk-test-key');
    expect(sent?.fileHead.subarray(0, 4).toString()).toBe('RIFF');
    expect(sent?.fileHead.subarray(8, 12).toString()).toBe('WAVE');

    const read = (await testApp.app.inject({ url: `/api/posts/${post.id}` })).json() as Post;
    expect(read.transcription).toBe('Tidepools glitter at dawn.');
    expect(await transcriptOf(post.id)).toEqual({
      source: 'recognised',
      timing: 'aligned',
      words: [
        { text: 'Tidepools', start: 0.42, end: 0.98 },
        { text: 'glitter', start: 1.1, end: 1.5 },
        { text: 'at', start: 1.62, end: 1.7 },
        { text: 'dawn.', start: 1.84, end: 2.3 },
      ],
    });
    // Recognised words are found, and the result plays from where the word is said.
    const search = await testApp.app.inject({ url: '/api/search/posts/glitter' });
    const found = (search.json() as Array<Post & { match?: SearchMatch }>).find(
      (item) => item.id === post.id,
    );
    expect(found?.match).toMatchObject({ field: 'transcription', at: 1.1 });
    const vtt = await testApp.app.inject({ url: `/api/posts/${post.id}/transcript.vtt` });
    expect(vtt.body).toContain('00:00:00.420 --> 00:00:02.300\nTidepools glitter at dawn.');
  }, 90_000);

  it('never sends what the author wrote, nor a private post, to the recogniser', async () => {
    const written = await publish({ title: 'Written', transcription: 'My own words.' });
    const diary = await publish({ title: 'Private', isPrivate: 'true' });
    await recognitionsRun();
    await waitForJobsNamed(testApp.context.db, 'transcripts.align', 60_000);
    expect(recogniser.requests).toEqual([]);
    expect(await transcriptOf(written.id)).toMatchObject({ source: 'author' });
    const own = await testApp.app.inject({
      url: `/api/posts/${diary.id}`,
      headers: { cookie: author.cookie },
    });
    expect((own.json() as Post).transcription).toBeNull();
  }, 90_000);

  it('transcribes a private post only once its owner turned private transcripts on', async () => {
    const setPrivateTranscripts = (value: unknown) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/me/settings',
        headers: { cookie: author.cookie },
        payload: { transcribePrivate: value },
      });
    const refused = await setPrivateTranscripts('yes');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('transcribePrivate must be true or false.');
    const me = await testApp.app.inject({ url: '/api/auth/user', headers: { cookie: author.cookie } });
    expect(me.json()).toMatchObject({ transcribePrivate: false });

    expect((await setPrivateTranscripts(true)).json()).toMatchObject({ transcribePrivate: true });
    try {
      const diary = await publish({ title: 'Private, agreed', isPrivate: 'true' });
      await recognitionsRun();
      expect(recogniser.requests).toHaveLength(1);
      const own = await testApp.app.inject({
        url: `/api/posts/${diary.id}`,
        headers: { cookie: author.cookie },
      });
      expect((own.json() as Post).transcription).toBe('Tidepools glitter at dawn.');
      expect((await testApp.app.inject({ url: `/api/posts/${diary.id}/transcript` })).statusCode).toBe(404);
    } finally {
      await setPrivateTranscripts(false);
    }
  }, 90_000);

  it('transcribes posts stored before, a page at a time, resuming where a run stopped', async () => {
    const older = await publish({ title: 'Stored before, older' });
    const newer = await publish({ title: 'Stored before, newer' });
    const diary = await publish({ title: 'Stored before, private', isPrivate: 'true' });
    await recognitionsRun();
    const { db, jobs } = testApp.context;
    // As if stored before the recogniser was set up.
    await db
      .updateTable('posts')
      .set({ transcription: null, transcription_source: null })
      .where('id', 'in', [older.id, newer.id, diary.id])
      .execute();
    recogniser.requests.length = 0;
    const transcribed = async (post: Post) =>
      (
        await db
          .selectFrom('posts')
          .select('transcription')
          .where('id', '=', post.id)
          .executeTakeFirstOrThrow()
      ).transcription;
    const backfilled = async (after?: string) => {
      await jobs.enqueue('transcripts.backfill', after ? { after } : {});
      await waitForJobsNamed(db, 'transcripts.backfill', 60_000);
      await recognitionsRun();
    };

    // A run that stopped after the newest page goes on with the older ones.
    const firstPage = await listUntranscribedPosts(db, { limit: 1 });
    expect(firstPage.items.map((post) => post.id)).toEqual([newer.id]);
    await backfilled(firstPage.nextCursor!);
    expect(recogniser.requests).toHaveLength(1);
    expect(await transcribed(older)).toBe('Tidepools glitter at dawn.');
    expect(await transcribed(newer)).toBeNull();

    await backfilled();
    expect(recogniser.requests).toHaveLength(2);
    expect(await transcribed(newer)).toBe('Tidepools glitter at dawn.');
    // Its owner never turned private transcripts on.
    expect(await transcribed(diary)).toBeNull();
    expect((await listUntranscribedPosts(db, { limit: 50 })).items).toEqual([]);
  }, 120_000);

  it('keeps a failed recognition to the job, retried, and the post as it was', async () => {
    recogniser.answer = { status: 500, body: { error: { message: 'model not loaded' } } };
    const post = await publish({ title: 'Failing' });
    const failed = await waitFor(
      () =>
        testApp.context.db
          .selectFrom('jobs')
          .select(['last_error', 'status'])
          .where('name', '=', 'transcripts.recognise')
          .where('last_error', 'is not', null)
          .executeTakeFirst(),
      60_000,
      'the recognition to fail',
    );
    expect(failed.last_error).toContain('answered 500');
    expect(failed.last_error).not.toContain('sk-test-key');
    expect(failed.status).toBe('queued');
    const read = (await testApp.app.inject({ url: `/api/posts/${post.id}` })).json() as Post;
    expect(read.transcription).toBeNull();
    await testApp.context.db.deleteFrom('jobs').where('name', '=', 'transcripts.recognise').execute();
  }, 90_000);
});
