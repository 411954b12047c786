import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { mp4Boxes, RandomAccessFile } from './playable-container';

/**
 * Top-level boxes looked at: a 4-hour recording in 1 s fragments has about 29,000 (a moof and an mdat for each).
 * Past this, the rest of the file is left as it is.
 */
const MAX_TOP_LEVEL_BOXES = 100_000;

/**
 * WebKitGTK's MediaRecorder writes the last fragment of its fragmented MP4 with the fragment's header (moof) twice
 * before the audio (mdat). ffmpeg then reads the first copy's sample offsets, which count from that copy, into the
 * second copy: the fragment's audio does not decode and is lost, so a 2 s recording stopped before its second
 * timeslice measured 1 s. A moof followed straight by another moof has no audio of its own; this drops it, in
 * place (`file` is the caller's own scratch copy, rewritten through `newPath` and renamed over). Answers whether
 * anything was dropped.
 */
export async function dropRepeatedFragmentHeaders(
  file: string,
  newPath: () => Promise<string>,
): Promise<boolean> {
  const kept: { start: number; end: number }[] = [];
  let dropped = false;
  const handle = await open(file, 'r');
  try {
    const reader = new RandomAccessFile(handle, (await handle.stat()).size);
    let previous: { type: string; start: number; end: number } | undefined;
    for await (const box of mp4Boxes(reader, 0, reader.size, MAX_TOP_LEVEL_BOXES)) {
      if (previous?.type === 'moof' && box.type === 'moof') dropped = true;
      else if (previous) kept.push(previous);
      previous = box;
    }
    if (!dropped) return false;
    kept.push({ start: previous!.start, end: reader.size });
  } finally {
    await handle.close();
  }
  const repaired = await newPath();
  async function* keptBytes() {
    for (const { start, end } of kept) {
      if (end > start) yield* createReadStream(file, { start, end: end - 1 });
    }
  }
  try {
    await pipeline(keptBytes, createWriteStream(repaired));
    await rename(repaired, file);
  } catch (error) {
    await rm(repaired, { force: true });
    throw error;
  }
  return true;
}
