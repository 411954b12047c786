import { open, type FileHandle } from 'node:fs/promises';
import type { AudioInput, RemuxFormat } from './ffmpeg';

/**
 * Which uploads browsers misread, and the container their audio is copied into (no re-encode) so that every engine
 * reads the duration and seeks in the stored original (checked in Chromium, Firefox and WebKit, November 2026):
 * - fragmented MP4 (what Safari's MediaRecorder writes): WebKit reports only the fragments it has loaded as the
 *   duration (1 s of a 4 s recording) and cannot seek past them; an MP4 whose index (moov) comes after the audio
 *   makes every browser fetch the file's end before it can start. Both become MP4 with the index first.
 * - WebM without a duration or cues (what Chrome's and Firefox's MediaRecorder write): Chromium and Firefox show
 *   an endless duration and Firefox cannot seek; WebKit takes what it has loaded for the duration.
 * - Ogg (Opus or Vorbis): Ogg has no duration in its header, and WebKit at times reports 0 until it has played.
 *   The same audio in WebM carries both.
 */
export const MP4_WITH_INDEX_FIRST: RemuxFormat = { demuxer: 'mov', mime: 'audio/mp4', extension: 'm4a' };
export const WEBM_WITH_CUES: RemuxFormat = { demuxer: 'matroska', mime: 'audio/webm', extension: 'webm' };

/** Boxes, elements or pages looked at before giving up: a hostile file must not make this walk forever. */
const MAX_STEPS = 10_000;

/** The container to remux `input` into, or undefined when every browser reads it right as it is. */
export async function playableContainerFor(input: AudioInput): Promise<RemuxFormat | undefined> {
  const handle = await open(input.file, 'r');
  try {
    const reader = new RandomAccessFile(handle, (await handle.stat()).size);
    switch (input.format.mime) {
      case 'audio/mp4':
        return (await mp4NeedsRemux(reader)) ? MP4_WITH_INDEX_FIRST : undefined;
      case 'audio/webm':
        return (await webmNeedsRemux(reader)) ? WEBM_WITH_CUES : undefined;
      case 'audio/ogg':
        return (await oggCarriesWebmCodec(reader)) ? WEBM_WITH_CUES : undefined;
      default:
        return undefined;
    }
  } finally {
    await handle.close();
  }
}

/** Reads stretches of a file by offset; a stretch past its end comes back short. */
export class RandomAccessFile {
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  async read(offset: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(Math.max(0, Math.min(length, this.size - offset)));
    const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, offset);
    return buffer.subarray(0, bytesRead);
  }
}

export interface Mp4Box {
  type: string;
  start: number;
  headerBytes: number;
  end: number;
}

/** The boxes between `from` and `to` (at most `maxSteps` of them), one header read each. */
export async function* mp4Boxes(
  reader: RandomAccessFile,
  from: number,
  to: number,
  maxSteps = MAX_STEPS,
): AsyncGenerator<Mp4Box> {
  let offset = from;
  for (let step = 0; step < maxSteps && offset + 8 <= to; step += 1) {
    const header = await reader.read(offset, 16);
    if (header.length < 8) return;
    let size = header.readUInt32BE(0);
    let headerBytes = 8;
    if (size === 1 && header.length >= 16) {
      size = Number(header.readBigUInt64BE(8));
      headerBytes = 16;
    } else if (size === 0) {
      size = to - offset; // the box runs to the end
    }
    if (size < headerBytes) return;
    yield { type: header.toString('latin1', 4, 8), start: offset, headerBytes, end: offset + size };
    offset += size;
  }
}

/** Fragmented (its moov announces fragments in an mvex, or a moof follows), or its moov after the audio. */
async function mp4NeedsRemux(reader: RandomAccessFile): Promise<boolean> {
  let audioSeen = false;
  for await (const box of mp4Boxes(reader, 0, reader.size)) {
    if (box.type === 'moof') return true;
    if (box.type === 'mdat') audioSeen = true;
    if (box.type === 'moov') {
      if (audioSeen) return true;
      for await (const child of mp4Boxes(reader, box.start + box.headerBytes, box.end)) {
        if (child.type === 'mvex') return true;
      }
      return false;
    }
  }
  return false;
}

const EBML = {
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  info: 0x1549a966,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  codecId: 0x86,
  cues: 0x1c53bb6b,
  cluster: 0x1f43b675,
};
/** Codecs a WebM may carry: anything else stays as it was uploaded. */
const WEBM_AUDIO_CODECS = new Set(['A_OPUS', 'A_VORBIS']);
/** The most of a header element (SeekHead, Info, Tracks) read to look inside it. */
const MAX_HEADER_ELEMENT_BYTES = 64 * 1024;

interface EbmlElement {
  id: number;
  /** Where its content starts and ends; `end` is undefined for an element of unknown size (a live stream's). */
  start: number;
  end: number | undefined;
}

/** An EBML variable-length number at `at`: its value (with or without the length marker) and byte count. */
function ebmlVarint(
  bytes: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[at + index]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

/** The element whose header starts at `at` of `bytes`, which were read from `base` in the file. */
function ebmlElementAt(bytes: Buffer, at: number, base: number): (EbmlElement & { next: number }) | null {
  const id = ebmlVarint(bytes, at, true);
  const size = id && ebmlVarint(bytes, at + id.length, false);
  if (!id || !size) return null;
  const start = base + at + id.length + size.length;
  const end = size.value < 0 ? undefined : start + size.value;
  return { id: id.value, start, end, next: end ?? Number.POSITIVE_INFINITY };
}

/** The elements held whole in `bytes` (the content of a small element), each with its own content. */
function ebmlChildren(bytes: Buffer): Array<{ id: number; content: Buffer }> {
  const children: Array<{ id: number; content: Buffer }> = [];
  for (let at = 0; at < bytes.length && children.length < MAX_STEPS;) {
    const element = ebmlElementAt(bytes, at, 0);
    if (!element || element.end === undefined || element.end > bytes.length) break;
    children.push({ id: element.id, content: bytes.subarray(element.start, element.end) });
    at = element.end;
  }
  return children;
}

/** The children of a header element (SeekHead, Info, Tracks), read whole up to a limit. */
async function headerChildren(reader: RandomAccessFile, element: EbmlElement) {
  const end = Math.min(element.end ?? reader.size, element.start + MAX_HEADER_ELEMENT_BYTES);
  return ebmlChildren(await reader.read(element.start, end - element.start));
}

const childrenWithId = (children: Array<{ id: number; content: Buffer }>, id: number) =>
  children.filter((child) => child.id === id).map((child) => ebmlChildren(child.content));

/** Whether a seek head's entries point at Cues (written after the clusters, as a seekable muxer does). */
const pointsAtCues = (seekHead: Array<{ id: number; content: Buffer }>) =>
  childrenWithId(seekHead, EBML.seek).some((seek) =>
    seek.some(
      ({ id, content }) =>
        id === EBML.seekId && content.length === 4 && content.readUInt32BE(0) === EBML.cues,
    ),
  );

const carriesWebmCodec = (tracks: Array<{ id: number; content: Buffer }>) =>
  childrenWithId(tracks, EBML.trackEntry).some((track) =>
    track.some(({ id, content }) => id === EBML.codecId && WEBM_AUDIO_CODECS.has(content.toString('latin1'))),
  );

/**
 * A WebM that lacks a duration or cues (found ahead of the first cluster, or through the seek head) and carries a
 * codec WebM allows.
 */
async function webmNeedsRemux(reader: RandomAccessFile): Promise<boolean> {
  const ebmlHeader = ebmlElementAt(await reader.read(0, 64), 0, 0);
  if (!ebmlHeader?.end) return false;
  const segment = ebmlElementAt(await reader.read(ebmlHeader.end, 16), 0, ebmlHeader.end);
  if (segment?.id !== EBML.segment) return false;
  const segmentEnd = segment.end ?? reader.size;
  const found = { duration: false, cues: false, webmCodec: false };
  let offset = segment.start;
  for (let step = 0; step < MAX_STEPS && offset < segmentEnd; step += 1) {
    const element = ebmlElementAt(await reader.read(offset, 16), 0, offset);
    if (!element || element.id === EBML.cluster || element.end === undefined) break;
    if (element.id === EBML.cues) found.cues = true;
    if (element.id === EBML.info) {
      found.duration = (await headerChildren(reader, element)).some((child) => child.id === EBML.duration);
    }
    if (element.id === EBML.seekHead) found.cues ||= pointsAtCues(await headerChildren(reader, element));
    if (element.id === EBML.tracks) found.webmCodec = carriesWebmCodec(await headerChildren(reader, element));
    offset = element.end;
  }
  return found.webmCodec && !(found.duration && found.cues);
}

/** Ogg whose first stream is Opus or Vorbis, which WebM carries as they are. */
async function oggCarriesWebmCodec(reader: RandomAccessFile): Promise<boolean> {
  const firstPage = await reader.read(0, 282); // a page header with its largest segment table, and a little more
  return firstPage.includes('OpusHead', 0, 'latin1') || firstPage.includes('\x01vorbis', 0, 'latin1');
}
