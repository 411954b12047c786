import { makeTone, serverFfmpegPath } from './audio';

/** Longer than any take a test records; Chromium loops the file anyway. */
const MICROPHONE_SECONDS = 60;

/**
 * A tone for Chromium's fake microphone, loud enough to survive Chromium's capture processing (lavfi's sine is
 * 18 dB below full scale).
 */
export function writeMicrophoneWav(file: string): Promise<void> {
  return makeTone(serverFfmpegPath, file, {
    seconds: MICROPHONE_SECONDS,
    frequency: 330,
    gainDb: 12,
    codecArgs: ['-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le'],
  });
}

/** Chromium's flags for a microphone that plays `wavFile`. A missing or wrong file records silence without any error. */
export function fakeMicrophoneArgs(wavFile: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavFile}`,
  ];
}
