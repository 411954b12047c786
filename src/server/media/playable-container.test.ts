import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffAudioFormat } from './file-formats';
import { MP4_WITH_INDEX_FIRST, playableContainerFor, WEBM_WITH_CUES } from './playable-container';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'earshot-container-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

let written = 0;
async function planFor(bytes: Buffer) {
  const file = path.join(directory, `file-${(written += 1)}`);
  await writeFile(file, bytes);
  return playableContainerFor({ file, format: sniffAudioFormat(bytes)! });
}

function box(type: string, ...children: Buffer[]): Buffer {
  const content = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

const ftyp = box('ftyp', Buffer.from('M4A \0\0\0\0isom', 'latin1'));

describe('which MP4 is remuxed', () => {
  it('a fragmented MP4 (moov announcing fragments), and one whose moov comes after its audio', async () => {
    expect(await planFor(Buffer.concat([ftyp, box('moov', box('mvhd'), box('mvex')), box('moof')]))).toBe(
      MP4_WITH_INDEX_FIRST,
    );
    expect(await planFor(Buffer.concat([ftyp, box('mdat', randomBytes(64)), box('moov', box('mvhd'))]))).toBe(
      MP4_WITH_INDEX_FIRST,
    );
  });

  it('not one with its index first and no fragments', async () => {
    expect(await planFor(Buffer.concat([ftyp, box('moov', box('mvhd')), box('mdat', randomBytes(64))]))).toBe(
      undefined,
    );
  });
});

describe('a malformed header', () => {
  const magic = {
    mp4: ftyp,
    webm: Buffer.from('1a45dfa39f4282847765626d', 'hex'), // an EBML header whose DocType is "webm"
    ogg: Buffer.from('OggS', 'latin1'),
  };

  const possible = [undefined, MP4_WITH_INDEX_FIRST, WEBM_WITH_CUES];

  it.each(Object.entries(magic))('in %s is looked at without an error, whatever follows', async (_, head) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const tail = randomBytes(attempt % 50 === 0 ? 0 : 1 + (attempt % 300));
      expect(possible).toContain(await planFor(Buffer.concat([head, tail])));
    }
  });

  it('with sizes that point past the end or claim less than a header', async () => {
    const huge = Buffer.alloc(16);
    huge.writeUInt32BE(1);
    huge.write('moov', 4, 'latin1');
    huge.writeBigUInt64BE(2n ** 62n, 8);
    const tiny = Buffer.concat([Buffer.from('00000003', 'hex'), Buffer.from('moov', 'latin1')]);
    expect(await planFor(Buffer.concat([ftyp, huge]))).toBe(undefined);
    expect(await planFor(Buffer.concat([ftyp, tiny]))).toBe(undefined);
  });
});
