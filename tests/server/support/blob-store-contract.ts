import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, keysUnder, type BlobStore } from '../../../src/server/storage/blob-store';

export interface StoreUnderTest {
  store: BlobStore;
  close(): Promise<void>;
}

const bytesOf = async (body: Readable) => Buffer.concat((await body.toArray()) as Buffer[]);

const sortedKeysUnder = async (store: BlobStore, prefix: string) => (await keysUnder(store, prefix)).sort();

/** What every store must do alike, so code above the port never asks which one it has. */
export function describeBlobStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`${name} blob store`, () => {
    let subject: StoreUnderTest;
    let store: BlobStore;
    let scratch: string;
    const audio = randomBytes(82_679);

    beforeAll(async () => {
      subject = await open();
      store = subject.store;
      scratch = await mkdtemp(path.join(os.tmpdir(), 'earshot-contract-'));
    });
    afterAll(async () => {
      await subject?.close();
      if (scratch) await rm(scratch, { recursive: true, force: true });
    });

    it('gives back exactly what was put, whole and by byte range', async () => {
      await store.put('audio/a1/original.webm', audio, { contentType: 'audio/webm' });
      const whole = await store.getStream('audio/a1/original.webm');
      expect(whole.bytes).toBe(audio.length);
      expect(whole.etag).not.toBe('');
      expect((await bytesOf(whole.body)).equals(audio)).toBe(true);

      const middle = await store.getStream('audio/a1/original.webm', { start: 100, end: 199 });
      expect(middle.bytes).toBe(audio.length);
      expect((await bytesOf(middle.body)).equals(audio.subarray(100, 200))).toBe(true);

      const last = await store.getStream('audio/a1/original.webm', {
        start: audio.length - 50,
        end: audio.length - 1,
      });
      expect((await bytesOf(last.body)).equals(audio.subarray(audio.length - 50))).toBe(true);
    });

    it('opens an object for one answer: what it is, then its bytes or a range of them, or nothing', async () => {
      await store.put('audio/a5/speech.m4a', audio, { contentType: 'audio/mp4' });
      const described = await store.stat('audio/a5/speech.m4a');
      const unread = await store.open('audio/a5/speech.m4a');
      expect(unread).toMatchObject({ bytes: audio.length, etag: described?.etag });
      unread?.close();

      const whole = await store.open('audio/a5/speech.m4a');
      expect((await bytesOf(await whole!.body())).equals(audio)).toBe(true);
      const ranged = await store.open('audio/a5/speech.m4a');
      const range = await ranged!.body({ start: 65_536, end: audio.length - 1 });
      expect((await bytesOf(range)).equals(audio.subarray(65_536))).toBe(true);

      expect(await store.open('audio/none/speech.m4a')).toBeUndefined();
    });

    it('stores a stream, and a replaced object has new bytes and a new validator', async () => {
      await store.put(
        'audio/a2/original.webm',
        Readable.from([audio.subarray(0, 1000), audio.subarray(1000)]),
        {
          contentType: 'audio/webm',
        },
      );
      const before = await store.stat('audio/a2/original.webm');
      expect(before?.bytes).toBe(audio.length);
      const replacement = randomBytes(500);
      await store.put('audio/a2/original.webm', replacement, { contentType: 'audio/webm' });
      const after = await store.stat('audio/a2/original.webm');
      expect(after?.bytes).toBe(500);
      expect(after?.etag).not.toBe(before?.etag);
      expect(
        (await bytesOf((await store.getStream('audio/a2/original.webm')).body)).equals(replacement),
      ).toBe(true);
    });

    it('moves a local file in, and copies an object out to a local file', async () => {
      const local = path.join(scratch, 'upload.bin');
      await writeFile(local, audio);
      await store.putFile('audio/a3/original.webm', local, { contentType: 'audio/webm' });
      expect(existsSync(local)).toBe(false);
      const copy = path.join(scratch, 'copy.webm');
      await store.copyToFile('audio/a3/original.webm', copy);
      expect((await readFile(copy)).equals(audio)).toBe(true);
    });

    it('keeps nothing when the source fails part way', async () => {
      const failing = new Readable({
        read() {
          this.push(audio.subarray(0, 4096));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(
        store.put('audio/a4/original.webm', failing, { contentType: 'audio/webm' }),
      ).rejects.toThrow();
      expect(await store.stat('audio/a4/original.webm')).toBeUndefined();
      expect(await sortedKeysUnder(store, 'audio/a4/')).toEqual([]);
    });

    it('says plainly that nothing is there, and deleting nothing is fine', async () => {
      await expect(store.getStream('audio/none/original.webm')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(
        store.copyToFile('audio/none/original.webm', path.join(scratch, 'x')),
      ).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.stat('audio/none/original.webm')).toBeUndefined();
      await expect(store.delete('audio/none/original.webm')).resolves.toBeUndefined();
    });

    it('lists by prefix and forgets what was deleted', async () => {
      await store.put('audio/b1/original.webm', audio.subarray(0, 10), { contentType: 'audio/webm' });
      await store.put('audio/b1/speech.m4a', audio.subarray(0, 20), { contentType: 'audio/mp4' });
      await store.put('audio/b10/original.webm', audio.subarray(0, 30), { contentType: 'audio/webm' });
      expect(await sortedKeysUnder(store, 'audio/b1/')).toEqual([
        'audio/b1/original.webm',
        'audio/b1/speech.m4a',
      ]);
      await store.delete('audio/b1/original.webm');
      await store.delete('audio/b1/speech.m4a');
      expect(await sortedKeysUnder(store, 'audio/b1/')).toEqual([]);
      expect(await sortedKeysUnder(store, 'audio/b10/')).toEqual(['audio/b10/original.webm']);
      await expect(store.getStream('audio/b1/speech.m4a')).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('stores an object larger than one multipart part', async () => {
      const large = randomBytes(12 * 1024 * 1024 + 17);
      await store.put('audio/c1/original.wav', Readable.from([large]), { contentType: 'audio/wav' });
      const tail = await store.getStream('audio/c1/original.wav', {
        start: large.length - 17,
        end: large.length - 1,
      });
      expect((await bytesOf(tail.body)).equals(large.subarray(large.length - 17))).toBe(true);
      expect((await store.stat('audio/c1/original.wav'))?.bytes).toBe(large.length);
      await store.delete('audio/c1/original.wav');
    });

    it('reports that it can take uploads', async () => {
      expect(await store.check()).toMatchObject({ ok: true });
    });
  });
}
