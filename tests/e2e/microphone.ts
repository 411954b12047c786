import path from 'node:path';
import { runDir } from './server';

/** The voice of every test's Chromium: one WAV for the whole run, written by the global setup. */
export function microphoneWavPath(): string {
  return path.join(runDir(), 'microphone.wav');
}
