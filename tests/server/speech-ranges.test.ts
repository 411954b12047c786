import type { Conversation, ConversationRecording } from '@shared/contract/conversations';
import type { Post, SpeechRanges } from '@shared/contract/posts';
import type { Comment } from '@shared/contract/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_BACKFILL_BATCH } from '../../src/server/services/speech-backfill';
import { multipartForm, toneWithPause } from '../support/audio';
import { callAs, signUp, type Method, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm, sendForm, sendVoiceMessage, webmPart } from './support/uploads';
import { waitFor, waitForJobsNamed } from './support/waits';

let testApp: TestApp;
/** 1.5 s of voice, a 2 s pause, 1.5 s of voice, over a quiet room's noise: Opus in WebM as a browser sends it. */
let withPause: Buffer;
const SPOKEN: Array<[number, number]> = [
  [0, 1.5],
  [3.5, 5],
];

beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  withPause = await toneWithPause({ pauseStart: 1.5, pauseEnd: 3.5, seconds: 5 });
});
afterAll(() => testApp?.close());

const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

/** The ranges as measured: every boundary within 50 ms of where the voice starts and stops. */
function expectSpoken(speech: SpeechRanges | undefined) {
  expect(speech).toHaveLength(SPOKEN.length);
  speech!.forEach(([start, end], index) => {
    expect(start).toBeCloseTo(SPOKEN[index]![0], 1);
    expect(end).toBeCloseTo(SPOKEN[index]![1], 1);
  });
}

async function comment(who: SignedIn, postId: string): Promise<Comment> {
  const form = multipartForm({ postId }, [webmPart(withPause)]);
  const response = await sendForm(testApp.app, who.cookie, '/api/comments', form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function conversation(who: SignedIn, other: SignedIn): Promise<Conversation> {
  const response = await call(who, 'POST', '/api/conversations', {
    type: 'direct',
    participantIds: [other.user.id],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const get = async <T>(who: SignedIn | undefined, url: string): Promise<T> => {
  const response = await call(who, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
};

describe(`speech ranges for skipping silence, on ${databaseKind}`, () => {
  it('are measured at upload for posts, pods, drafts, comments and messages, and served with each', async () => {
    const ada = await signUp(testApp.app);
    const bob = await signUp(testApp.app);
    const post = await publishWebm(testApp.app, ada.cookie, withPause, { fields: { title: 'post' } });
    const pod = await publishWebm(testApp.app, ada.cookie, withPause, { fields: { type: 'episode' } });
    const draft = await publishWebm(testApp.app, ada.cookie, withPause, { fields: { isDiary: 'true' } });
    const reply = await comment(bob, post.id);
    const talk = await conversation(ada, bob);
    const message = await sendVoiceMessage(testApp.app, ada.cookie, talk.id, withPause);

    for (const uploaded of [post, pod, draft, reply, message]) expectSpoken(uploaded.speech);
    expectSpoken((await get<Post>(bob, `/api/posts/${post.id}`)).speech);
    expectSpoken((await get<Post>(undefined, `/api/posts/${pod.id}`)).speech);
    expectSpoken((await get<Post[]>(ada, '/api/diary')).find((one) => one.id === draft.id)?.speech);
    expectSpoken((await get<Post[]>(bob, '/api/feed')).find((one) => one.id === post.id)?.speech);
    expectSpoken((await get<Comment[]>(ada, `/api/posts/${post.id}/comments`))[0]?.speech);
    const messages = await get<ConversationRecording[]>(bob, `/api/conversations/${talk.id}/recordings`);
    expectSpoken(messages[0]?.speech);

    const embed = await call(undefined, 'GET', `/embed/posts/${post.id}`);
    expect(embed.statusCode).toBe(200);
    const served = /data-speech="([^"]*)"/.exec(embed.body)?.[1]?.replaceAll('&#34;', '"');
    expect(served && (JSON.parse(served) as SpeechRanges)).toEqual(post.speech);
  });

  it('are never served with what the asker may not hear', async () => {
    const ada = await signUp(testApp.app);
    const bob = await signUp(testApp.app);
    const eve = await signUp(testApp.app);
    const diary = await publishWebm(testApp.app, ada.cookie, withPause, { fields: { isPrivate: 'true' } });
    const draft = await publishWebm(testApp.app, ada.cookie, withPause, { fields: { isDiary: 'true' } });
    const talk = await conversation(ada, bob);
    await sendVoiceMessage(testApp.app, ada.cookie, talk.id, withPause);

    for (const hidden of [diary, draft]) {
      expect((await call(eve, 'GET', `/api/posts/${hidden.id}`)).statusCode).toBe(404);
      expect((await call(undefined, 'GET', `/api/posts/${hidden.id}`)).statusCode).toBe(404);
      expect((await call(eve, 'GET', `/api/posts/${hidden.id}/comments`)).statusCode).toBe(404);
      const embed = await call(undefined, 'GET', `/embed/posts/${hidden.id}`);
      expect(embed.body).not.toContain('data-speech');
    }
    const adasPosts = await get<Post[]>(eve, `/api/posts/user/${ada.user.id}`);
    expect(adasPosts.map((post) => post.id)).not.toContain(diary.id);
    expect((await call(eve, 'GET', `/api/conversations/${talk.id}/recordings`)).statusCode).toBe(404);
  });

  it('are measured for recordings stored before, by a background job that is safe to run again', async () => {
    const ada = await signUp(testApp.app);
    const posts: Post[] = [];
    // One more than a batch: the job queues itself again for the rest.
    for (let index = 0; index <= SPEECH_BACKFILL_BATCH; index += 1) {
      posts.push(
        await publishWebm(testApp.app, ada.cookie, withPause, { fields: { title: `old ${index}` } }),
      );
    }
    const gone = await publishWebm(testApp.app, ada.cookie, withPause, { fields: { title: 'file lost' } });
    const { db, blobs, jobs } = testApp.context;
    await db.updateTable('audio_assets').set({ speech_json: null }).execute();
    const lost = await db
      .selectFrom('posts')
      .select('audio_id')
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    const original = await db
      .selectFrom('audio_assets')
      .select('original_key')
      .where('id', '=', lost.audio_id)
      .executeTakeFirstOrThrow();
    await blobs.delete(original.original_key);
    for (const post of posts) expect((await get<Post>(ada, `/api/posts/${post.id}`)).speech).toBeNull();

    await jobs.enqueue('media.measure-speech', {}, { uniqueKey: 'speech-backfill' });
    await waitFor(
      async () => {
        const left = await db
          .selectFrom('audio_assets')
          .select('id')
          .where('speech_json', 'is', null)
          .executeTakeFirst();
        return left ? undefined : true;
      },
      60_000,
      'every stored recording measured',
    );
    await waitForJobsNamed(db, 'media.measure-speech');
    for (const post of posts) expectSpoken((await get<Post>(ada, `/api/posts/${post.id}`)).speech);
    // Audio that can no longer be read is left whole: nothing of it is skipped.
    expect((await get<Post>(ada, `/api/posts/${gone.id}`)).speech).toEqual([[0, gone.duration]]);

    const before = await db.selectFrom('audio_assets').select(['id', 'speech_json']).orderBy('id').execute();
    await jobs.enqueue('media.measure-speech', {}, { uniqueKey: 'speech-backfill' });
    await waitForJobsNamed(db, 'media.measure-speech');
    expect(await db.selectFrom('audio_assets').select(['id', 'speech_json']).orderBy('id').execute()).toEqual(
      before,
    );
  });
});
