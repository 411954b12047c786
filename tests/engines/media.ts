import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeTone, serverFfmpegPath, streamedTone } from '../support/audio';

const run = promisify(execFile);

/** A recording as each engine's MediaRecorder writes one: streamed, so without a duration in its header. */
export interface RecordingFixture {
  label: string;
  name: string;
  type: string;
  bytes: Buffer;
}

export async function recordingFixtures(seconds: number): Promise<RecordingFixture[]> {
  const tone = { seconds, gainDb: 6, frequency: 392 };
  return [
    {
      label: 'WebM Opus (Chromium, Firefox)',
      name: 'recording.webm',
      type: 'audio/webm',
      bytes: await streamedTone({ ...tone, format: 'webm', codecArgs: ['-c:a', 'libopus', '-b:a', '48k'] }),
    },
    {
      label: 'fragmented MP4 AAC (Safari)',
      name: 'recording.m4a',
      type: 'audio/mp4',
      bytes: await streamedTone({
        ...tone,
        format: 'mp4',
        codecArgs: ['-c:a', 'aac', '-b:a', '96k', '-movflags', 'frag_keyframe+empty_moov+default_base_moof'],
      }),
    },
  ];
}

/** The loudest sample and the mean level of encoded audio, by ffmpeg's volumedetect, in dB below full scale. */
export async function volumeOf(audio: Buffer): Promise<{ maxDb: number; meanDb: number }> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'earshot-volume-'));
  try {
    const file = path.join(workDir, 'audio');
    writeFileSync(file, audio);
    const { stderr } = await run(serverFfmpegPath, [
      ...['-nostdin', '-hide_banner', '-nostats', '-i', file],
      ...['-af', 'volumedetect', '-f', 'null', '-'],
    ]);
    const level = (name: string) =>
      Number(new RegExp(`${name}: (-?[\\d.]+|-inf) dB`).exec(stderr)?.[1] ?? NaN);
    return { maxDb: level('max_volume'), meanDb: level('mean_volume') };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** An audio file as a person has one on their computer: a WAV of a tone. */
export function audioFile(file: string, seconds: number): Promise<void> {
  return makeTone(serverFfmpegPath, file, { seconds, frequency: 523, gainDb: 6 });
}
