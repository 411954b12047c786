import { writeFile } from 'node:fs/promises';
import type { AudioFormat } from '../media/file-formats';
import type { Ffmpeg } from '../media/ffmpeg';
import type { BlobStore } from '../storage/blob-store';

const WAV: AudioFormat = { demuxer: 'wav', mime: 'audio/wav', extension: 'wav' };

/** Half a second of a 440 Hz tone as 8 kHz 16-bit mono WAV: audio that any working ffmpeg decodes. */
function referenceTone(): Buffer {
  const rate = 8000;
  const samples = rate / 2;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / rate)), 44 + index * 2);
  }
  return wav;
}

/**
 * Whether ffmpeg decodes known-good audio right now. A decode that failed on someone's file is the file's fault
 * only when this holds; otherwise ffmpeg (or the disk under it) is broken, which is ours.
 */
export async function decoderWorks(ffmpeg: Ffmpeg, blobs: BlobStore): Promise<boolean> {
  const file = await blobs.tempPath(WAV.extension);
  try {
    await writeFile(file, referenceTone());
    await ffmpeg.analyse([{ file, format: WAV }]);
    return true;
  } catch {
    return false;
  } finally {
    await blobs.discardTemp(file);
  }
}
