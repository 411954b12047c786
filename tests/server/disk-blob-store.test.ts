import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePrefix, keysUnder, type BlobStore } from '../../src/server/storage/blob-store';
import { createDiskBlobStore } from '../../src/server/storage/disk-blob-store';
import { createScratchFiles } from '../../src/server/storage/scratch-files';
import { describeBlobStoreContract } from './support/blob-store-contract';

async function openDiskStore(
  minFreeBytes = 0,
): Promise<{ store: BlobStore; dataDir: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-disk-store-'));
  return {
    store: await createDiskBlobStore(dataDir, { minFreeBytes }),
    dataDir,
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

describeBlobStoreContract('disk', () => openDiskStore());

describe('the disk blob store', () => {
  let subject: Awaited<ReturnType<typeof openDiskStore>>;
  let store: BlobStore;
  const mediaRoot = () => path.join(subject.dataDir, 'media');
  beforeAll(async () => {
    subject = await openDiskStore();
    store = subject.store;
  });
  afterAll(() => subject?.close());

  it('keeps the layout of earlier versions: an object is the file DATA_DIR/media/<key>', async () => {
    await store.put('audio/layout/original.webm', Buffer.from('earlier data'), { contentType: 'audio/webm' });
    expect(existsSync(path.join(mediaRoot(), 'audio', 'layout', 'original.webm'))).toBe(true);
  });

  it('leaves no empty folder behind once an asset’s objects are deleted', async () => {
    await store.put('audio/gone/original.webm', Buffer.from('a'), { contentType: 'audio/webm' });
    await store.put('audio/gone/speech.m4a', Buffer.from('b'), { contentType: 'audio/mp4' });
    await store.put('audio/stays/original.webm', Buffer.from('c'), { contentType: 'audio/webm' });

    await deletePrefix(store, 'audio/gone/');

    expect(existsSync(path.join(mediaRoot(), 'audio', 'gone'))).toBe(false);
    expect(await readdir(path.join(mediaRoot(), 'audio'))).toContain('stays');
    await store.delete('audio/stays/original.webm');
    await store.delete('audio/layout/original.webm');
    // The media root itself stays, even when nothing is left in it.
    expect(await readdir(mediaRoot())).toEqual([]);
  });

  it('stores into a folder whose last object another request has just deleted', async () => {
    await store.put('audio/busy/original.webm', Buffer.from('first'), { contentType: 'audio/webm' });
    await Promise.all([
      store.delete('audio/busy/original.webm'),
      store.put('audio/busy/speech.m4a', Buffer.from('second'), { contentType: 'audio/mp4' }),
    ]);
    expect(await keysUnder(store, 'audio/busy/')).toEqual(['audio/busy/speech.m4a']);
    await store.delete('audio/busy/speech.m4a');
  });

  it('refuses a key or prefix that could leave the media folder', async () => {
    for (const key of ['../earshot.sqlite', 'audio/../../earshot.sqlite', '/etc/passwd', 'audio/x/..']) {
      await expect(store.getStream(key), key).rejects.toThrow(/unsafe storage key/);
      await expect(store.put(key, Buffer.from('x'), { contentType: 'audio/webm' }), key).rejects.toThrow(
        /unsafe storage key/,
      );
    }
    await expect(keysUnder(store, '../')).rejects.toThrow(/unsafe storage prefix/);
  });

  it('gives ffmpeg a local copy that disappears afterwards, even when the work fails', async () => {
    const scratch = createScratchFiles(subject.dataDir, { minFreeBytes: 0 });
    await store.put('audio/copy/original.webm', Buffer.from('stored bytes'), { contentType: 'audio/webm' });
    let seen = '';
    await expect(
      scratch.withLocalCopy(store, 'audio/copy/original.webm', 'webm', async (file) => {
        seen = file;
        expect(existsSync(file)).toBe(true);
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(seen).toMatch(/\.webm$/);
    expect(existsSync(seen)).toBe(false);
    // The stored object is untouched by the copy's removal.
    expect((await store.stat('audio/copy/original.webm'))?.bytes).toBe('stored bytes'.length);
  });

  it('says it cannot take uploads when the disk has less free space than the largest upload', async () => {
    const nearlyFull = await openDiskStore(Number.MAX_SAFE_INTEGER);
    try {
      expect(await nearlyFull.store.check()).toMatchObject({
        ok: false,
        problem: 'The disk under DATA_DIR is almost full, so uploads cannot be stored.',
        freeBytes: expect.any(Number),
      });
    } finally {
      await nearlyFull.close();
    }
  });
});
