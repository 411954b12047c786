import type { Post, PostTranscript } from '@shared/contract/posts';
import type { SearchMatch } from '@shared/contract/search';
import { computeWordTimings } from '@shared/domain/transcript-timing';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../support/audio';
import {
  errorPercentiles,
  speakWords,
  SPOKEN_GAPS,
  SPOKEN_SENTENCES,
  type SpokenRecording,
} from '../support/spoken-words';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { sendForm, sendFormAs } from './support/uploads';
import { waitForJobsNamed } from './support/waits';

/** The sentences as an author types them: capitals and punctuation nobody says. */
const TYPED = SPOKEN_SENTENCES.map((sentence) => `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`).join(
  ' ',
);

let directory: string;
let recording: SpokenRecording;
let wav: Buffer;
beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'earshot-alignment-'));
  const words = SPOKEN_SENTENCES.join(' ').split(' ');
  recording = await speakWords(words, { gaps: SPOKEN_GAPS, file: path.join(directory, 'spoken.wav') });
  wav = await readFile(recording.file);
});
afterAll(() => (directory ? rm(directory, { recursive: true, force: true }) : undefined));

const wavPart = (content: Buffer) => ({
  field: 'audio',
  filename: 'spoken.wav',
  contentType: 'audio/wav',
  content,
});

async function publish(
  testApp: TestApp,
  person: SignedIn,
  fields: Record<string, string>,
  url = '/api/posts',
): Promise<Post> {
  const response = await sendForm(testApp.app, person.cookie, url, multipartForm(fields, [wavPart(wav)]));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Post;
}

async function transcriptOf(testApp: TestApp, postId: string, cookie?: string) {
  const response = await testApp.app.inject({
    url: `/api/posts/${postId}/transcript`,
    headers: cookie ? { cookie } : {},
  });
  return response;
}

async function alignedTranscript(testApp: TestApp, postId: string, cookie?: string): Promise<PostTranscript> {
  await waitForJobsNamed(testApp.context.db, 'transcripts.align', 60_000);
  const response = await transcriptOf(testApp, postId, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PostTranscript;
}

const startErrors = (words: PostTranscript['words']) =>
  errorPercentiles(words.map((word, index) => word.start - recording.words[index]!.start));

async function failedJobs(testApp: TestApp) {
  return testApp.context.db
    .selectFrom('jobs')
    .select(['name', 'last_error'])
    .where('last_error', 'is not', null)
    .execute();
}

describe(`real word timings of typed transcripts on ${databaseKind}`, () => {
  let testApp: TestApp;
  let author: SignedIn;
  let post: Post;
  beforeAll(async () => {
    testApp = await createTestApp({}, { runJobs: true });
    author = await signUp(testApp.app);
    post = await publish(testApp, author, { title: 'Walk notes', transcription: TYPED });
  });
  afterAll(() => testApp?.close());

  it('aligns the words to the speech, far closer to the truth than the estimate', async () => {
    const transcript = await alignedTranscript(testApp, post.id);
    expect(transcript.timing).toBe('aligned');
    expect(transcript.words.map((word) => word.text)).toEqual(TYPED.split(' '));
    expect(startErrors(transcript.words).median).toBeLessThan(0.15);
    // What the player showed before: letter counts put the words far from where they are said.
    expect(startErrors(computeWordTimings(TYPED, post.duration)).median).toBeGreaterThan(0.3);
  }, 90_000);

  it('times the podcast VTT and the embedded player with the aligned words', async () => {
    const transcript = await alignedTranscript(testApp, post.id);
    const vtt = await testApp.app.inject({ url: `/api/posts/${post.id}/transcript.vtt` });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toContain('NOTE Word times aligned to the recording.');
    const firstCueStart = /(\d\d):(\d\d):(\d\d\.\d\d\d) -->/.exec(vtt.body)!;
    expect(Number(firstCueStart[3])).toBeCloseTo(transcript.words[0]!.start, 2);
    expect(Math.abs(Number(firstCueStart[3]) - recording.words[0]!.start)).toBeLessThan(0.15);

    const embed = await testApp.app.inject({ url: `/embed/posts/${post.id}` });
    const times = /data-word-times="([^"]*)"/.exec(embed.body)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(times!)).toEqual(transcript.words.map((word) => [word.start, word.end]));
  }, 90_000);

  it('has a transcript search result play from where the word is said', async () => {
    await alignedTranscript(testApp, post.id);
    const response = await testApp.app.inject({ url: '/api/search/posts/hoped' });
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json() as Array<Post & { match?: SearchMatch }>).find(
      (item) => item.id === post.id,
    );
    expect(found?.match?.field).toBe('transcription');
    const truth = recording.words.find((word) => word.text === 'hoped')!;
    expect(Math.abs(found!.match!.at! - truth.start)).toBeLessThan(0.3);
  }, 90_000);

  it('estimates an edited transcript’s times until it is aligned again', async () => {
    const draft = await publish(testApp, author, { title: 'Draft', transcription: 'Hello.' }, '/api/diary');
    await alignedTranscript(testApp, draft.id, author.cookie);
    const edit = await sendFormAs(
      testApp.app,
      author.cookie,
      'PUT',
      '/api/diary',
      multipartForm({ draftId: draft.id, transcription: TYPED }, []),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    // Never the old text's times on the new words: estimated until the new text is aligned.
    const meanwhile = (await transcriptOf(testApp, draft.id, author.cookie)).json() as PostTranscript;
    expect(meanwhile.words.map((word) => word.text)).toEqual(TYPED.split(' '));
    const realigned = await alignedTranscript(testApp, draft.id, author.cookie);
    expect(realigned.timing).toBe('aligned');
    expect(startErrors(realigned.words).median).toBeLessThan(0.15);
    // A private draft's words are its owner's alone.
    expect((await transcriptOf(testApp, draft.id)).statusCode).toBe(404);
    expect((await transcriptOf(testApp, draft.id, (await signUp(testApp.app)).cookie)).statusCode).toBe(404);
  }, 120_000);

  it('keeps estimates for hostile transcripts, and no job fails', async () => {
    const hostile = [
      'public <s> = ( hello | world ) * ; #JSGF V1.0; grammar x; "quoted" {tag} /1.0/ <NULL> <VOID> \\ [sil]',
      // 10,000 words within the 20,000 characters a transcript may have.
      Array.from({ length: 10_000 }, () => 'a').join(' '),
      '   ',
    ];
    const posts = [];
    for (const transcription of hostile) {
      posts.push(await publish(testApp, author, { title: 'Hostile', transcription }));
    }
    await waitForJobsNamed(testApp.context.db, 'transcripts.align', 90_000);
    for (const [index, made] of posts.entries()) {
      const response = await transcriptOf(testApp, made.id);
      expect(response.statusCode, response.body).toBe(200);
      const transcript = response.json() as PostTranscript;
      expect(transcript.timing).toBe('estimated');
      expect(transcript.words).toHaveLength(hostile[index]!.split(/\s+/).filter(Boolean).length);
    }
    expect(await failedJobs(testApp)).toEqual([]);
  }, 180_000);
});

describe(`without pocketsphinx on the PATH, on ${databaseKind}`, () => {
  it('keeps the estimate and nothing fails', async () => {
    const testApp = await createTestApp({}, { runJobs: true, alignerSearchPath: '/nowhere' });
    try {
      const author = await signUp(testApp.app);
      const post = await publish(testApp, author, { title: 'Walk notes', transcription: TYPED });
      const transcript = await alignedTranscript(testApp, post.id);
      expect(transcript.timing).toBe('estimated');
      expect(transcript.words).toHaveLength(recording.words.length);
      const vtt = await testApp.app.inject({ url: `/api/posts/${post.id}/transcript.vtt` });
      expect(vtt.statusCode).toBe(200);
      expect(vtt.body).not.toContain('NOTE');
      expect(await failedJobs(testApp)).toEqual([]);
    } finally {
      await testApp.close();
    }
  }, 90_000);
});
