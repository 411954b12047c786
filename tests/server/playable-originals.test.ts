import type { AudioSource } from '@shared/contract/posts';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, serverFfmpegPath, streamedTone, writtenTone, type FilePart } from '../support/audio';
import { callAs, signUp, type SignedIn } from './support/accounts';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, storageKind, type TestApp } from './support/test-app';
import { sendForm } from './support/uploads';

const run = promisify(execFile);
const ffprobePath = path.join(path.dirname(serverFfmpegPath), 'ffprobe');

let testApp: TestApp;
let workDir: string;
let owner: SignedIn;
/** What browsers record and people upload, each 4 s long. */
const uploads: Record<string, Buffer> = {};
beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signUp(testApp.app);
  workDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-playable-'));
  const tone = { seconds: 4 };
  Object.assign(uploads, {
    // As Safari's MediaRecorder writes AAC: an empty moov, then a moof and mdat for every fragment.
    safariMp4: await streamedTone({
      ...tone,
      format: 'mp4',
      codecArgs: ['-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov+default_base_moof'],
    }),
    recorderWebm: await streamedTone({ ...tone, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
    oggOpus: await streamedTone({ ...tone, format: 'ogg', codecArgs: ['-c:a', 'libopus'] }),
    indexLastMp4: await writtenTone({ ...tone, extension: 'm4a', codecArgs: ['-c:a', 'aac'] }),
    seekableWebm: await writtenTone({ ...tone, extension: 'webm', codecArgs: ['-c:a', 'libopus'] }),
  });
});
afterAll(async () => {
  await testApp?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const audioPart = (content: Buffer, field = 'audio'): FilePart => ({
  field,
  filename: 'recording.bin',
  contentType: 'application/octet-stream',
  content,
});

/** Uploads `part` with `fields` to `url` as the owner; the answer must be `status`. */
async function created(url: string, fields: Record<string, string>, part: FilePart, status = 201) {
  const response = await sendForm(testApp.app, owner.cookie, url, multipartForm(fields, [part]));
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { id: string; audioSources: AudioSource[]; duration?: number };
}

/** The stored original among what is listed (the rendition, once made, comes first). */
const originalOf = (sources: AudioSource[]) => sources.find((source) => source.url.includes('/original.'))!;

/** The bytes `url` serves, followed through a redirect to the bucket when public media is sent from there. */
async function served(url: string): Promise<Buffer> {
  const response = await testApp.app.inject({ url, headers: { cookie: owner.cookie } });
  if (response.statusCode === 302) {
    return Buffer.from(await (await fetch(response.headers.location!)).arrayBuffer());
  }
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

interface Container {
  /** The duration the container's header states, or null when it states none. */
  headerDuration: number | null;
  /** The MP4 boxes at the top of the file, in order, and whether its moov announces fragments. */
  topBoxes: string[];
  fragmented: boolean;
}

/** What ffprobe reads from the served bytes through a pipe, where only the header can tell a duration. */
async function probe(bytes: Buffer): Promise<Container> {
  const file = path.join(workDir, `served-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, bytes);
  try {
    const piped = await run('sh', [
      '-c',
      `"${ffprobePath}" -v error -show_entries format=duration -of json - < "${file}"`,
    ]);
    const duration = (JSON.parse(piped.stdout) as { format?: { duration?: string } }).format?.duration;
    const { stderr } = await run(ffprobePath, ['-v', 'trace', file], { maxBuffer: 64 * 1024 * 1024 });
    const boxes = [...stderr.matchAll(/type:'(\w{4})' parent:'(\w+)'/g)];
    return {
      headerDuration: duration === undefined ? null : Number(duration),
      topBoxes: boxes.filter((box) => box[2] === 'root').map((box) => box[1]!),
      fragmented: boxes.some((box) => box[1] === 'mvex' || box[1] === 'moof'),
    };
  } finally {
    await rm(file, { force: true });
  }
}

/** The file with its last moof written twice, one copy straight after the other, as WebKitGTK writes it. */
function withLastFragmentHeaderTwice(mp4: Buffer, fragments: number): Buffer {
  const boxes: Buffer[] = [];
  for (let offset = 0; offset + 8 <= mp4.length; offset += mp4.readUInt32BE(offset)) {
    boxes.push(mp4.subarray(offset, offset + mp4.readUInt32BE(offset)));
  }
  const fragmentHeaders = boxes.filter((box) => box.toString('latin1', 4, 8) === 'moof');
  expect(fragmentHeaders, 'fragments in the upload').toHaveLength(fragments);
  const last = fragmentHeaders.at(-1)!;
  return Buffer.concat(boxes.flatMap((box) => (box === last ? [box, box] : [box])));
}

/** The Matroska Cues element's ID: the seek index a browser needs to jump into a WebM not yet loaded. */
const CUES_ID = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);

async function expectPlayableMp4(source: AudioSource, measuredSeconds: number) {
  expect(source.mimeType).toBe('audio/mp4');
  const container = await probe(await served(source.url));
  expect(container.fragmented).toBe(false);
  expect(container.topBoxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
  expect(container.topBoxes.indexOf('moov')).toBeLessThan(container.topBoxes.indexOf('mdat'));
  expect(Math.abs(container.headerDuration! - measuredSeconds)).toBeLessThan(0.1);
}

async function expectPlayableWebm(source: AudioSource, measuredSeconds: number) {
  expect(source.mimeType).toBe('audio/webm');
  const bytes = await served(source.url);
  const container = await probe(bytes);
  expect(container.headerDuration).not.toBeNull();
  expect(Math.abs(container.headerDuration! - measuredSeconds)).toBeLessThan(0.1);
  expect(bytes.includes(CUES_ID)).toBe(true);
}

describe(`originals browsers misread, remuxed at upload, on ${databaseKind} with ${storageKind} storage`, () => {
  it('the uploads are as browsers write them: no duration in the WebM or Ogg header, a fragmented MP4', async () => {
    expect((await probe(uploads.recorderWebm!)).headerDuration).toBeNull();
    expect((await probe(uploads.oggOpus!)).headerDuration).toBeNull();
    expect((await probe(uploads.safariMp4!)).fragmented).toBe(true);
    expect(uploads.recorderWebm!.includes(CUES_ID)).toBe(false);
  });

  it('stores Safari’s fragmented MP4 as MP4 with its index first and its measured duration', async () => {
    const post = await created('/api/posts', { title: 'from Safari' }, audioPart(uploads.safariMp4!));
    expect(post.duration).toBeCloseTo(4, 1);
    await expectPlayableMp4(originalOf(post.audioSources), post.duration!);
  });

  // WebKitGTK's MediaRecorder repeats the last fragment's moof before its mdat. A recording stopped before its
  // first timeslice is that one fragment alone.
  it.each([
    { seconds: 3.4, fragmentArgs: ['-frag_duration', '1000000'], fragments: 4, shape: 'in 1 s fragments' },
    { seconds: 1.5, fragmentArgs: [], fragments: 1, shape: 'in one fragment' },
  ])(
    'measures all $seconds s of a WebKit MP4 $shape whose last fragment header is written twice',
    async ({ seconds, fragmentArgs, fragments }) => {
      const fragmented = await streamedTone({
        seconds,
        format: 'mp4',
        codecArgs: [
          ...['-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov+default_base_moof'],
          ...fragmentArgs,
        ],
      });
      const upload = withLastFragmentHeaderTwice(fragmented, fragments);
      const post = await created('/api/posts', { title: 'from WebKit' }, audioPart(upload));
      expect(post.duration).toBeCloseTo(seconds, 1);
      await expectPlayableMp4(originalOf(post.audioSources), post.duration!);
    },
  );

  it('moves an MP4’s index from after its audio to before it', async () => {
    const post = await created('/api/posts', { title: 'voice memo' }, audioPart(uploads.indexLastMp4!));
    await expectPlayableMp4(originalOf(post.audioSources), post.duration!);
  });

  it('stores a MediaRecorder WebM with its duration and cues', async () => {
    const post = await created('/api/posts', { title: 'from Chrome' }, audioPart(uploads.recorderWebm!));
    await expectPlayableWebm(originalOf(post.audioSources), post.duration!);
  });

  it('stores Ogg Opus, whose header has no duration, as the same Opus in WebM', async () => {
    const post = await created('/api/posts', { title: 'from Firefox' }, audioPart(uploads.oggOpus!));
    await expectPlayableWebm(originalOf(post.audioSources), post.duration!);
  });

  it('keeps a file every browser reads right exactly as it was uploaded', async () => {
    const post = await created('/api/posts', { title: 'exported' }, audioPart(uploads.seekableWebm!));
    expect((await served(originalOf(post.audioSources).url)).equals(uploads.seekableWebm!)).toBe(true);
  });

  it('remuxes on every path that stores an original: pod, draft, comment, voice message, voice bio', async () => {
    const safari = uploads.safariMp4!;
    const listener = await signUp(testApp.app);
    const post = await created('/api/posts', { title: 'to comment on' }, audioPart(uploads.seekableWebm!));
    const pod = await created('/api/posts', { title: 'pod', type: 'episode' }, audioPart(safari));
    const draft = await created('/api/diary', { title: 'draft', isDiary: 'true' }, audioPart(safari));
    const comment = await created('/api/comments', { postId: post.id }, audioPart(safari));
    const chat = await callAs(testApp.app, owner, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [listener.user.id],
    });
    expect(chat.statusCode, chat.body).toBe(201);
    const message = await created(`/api/conversations/${chat.json().id}/recordings`, {}, audioPart(safari));
    const bio = await created('/api/voice-bio', {}, audioPart(safari, 'voiceBio'), 200);
    for (const listed of [pod, draft, comment, message, bio]) {
      await expectPlayableMp4(originalOf(listed.audioSources), 4);
    }
  });

  it('leaves no file behind when a remuxed upload is refused: a Safari voice bio over 30 s', async () => {
    const stranger = await signUp(testApp.app);
    const tooLong = await streamedTone({
      seconds: 32,
      format: 'mp4',
      codecArgs: ['-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov+default_base_moof'],
    });
    const storedBefore = await storedAudioAssetIds(testApp.context.blobs);
    const form = multipartForm({}, [audioPart(tooLong, 'voiceBio')]);
    const response = await sendForm(testApp.app, stranger.cookie, '/api/voice-bio', form);
    expect(response.statusCode).toBe(422);
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(storedBefore);
    const scratch = await readdir(path.join(testApp.config.dataDir, 'tmp'), {
      recursive: true,
      withFileTypes: true,
    });
    expect(scratch.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  });
});
