import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchWithFakeMicrophone, signUpQuickly, writeMicrophoneWav } from './support';

interface Analysis {
  durationSeconds: number;
  peakDb: number | null;
  loudnessLufs: number | null;
}

test('Chromium’s fake microphone records 2 s that the server hears as 2 s of sound', async ({ baseURL }) => {
  // A missing or unreadable file makes Chromium record silence without any error, hence the loudness checks below.
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'earshot-mic-'));
  const wav = path.join(workDir, 'voice.wav');
  // lavfi's sine is 18 dB below full scale; lift it so the level survives Chromium's capture processing.
  await writeMicrophoneWav(wav, 6);

  const browser = await launchWithFakeMicrophone(wav);
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await signUpQuickly(page);
    await page.goto('/');

    const analysis = await page.evaluate(async (): Promise<Analysis> => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise<void>((resolve, reject) => {
        recorder.onstop = () => resolve();
        setTimeout(() => reject(new Error('MediaRecorder did not stop')), 10_000);
      });
      recorder.start(1000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      recorder.stop();
      await stopped;
      stream.getTracks().forEach((track) => track.stop());

      const body = new FormData();
      body.append('audio', new Blob(chunks, { type: 'audio/webm' }), 'recording.webm');
      const response = await fetch('/api/test/audio-analysis', {
        method: 'POST',
        body,
        credentials: 'include',
      });
      if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      return (await response.json()) as Analysis;
    });

    expect(analysis.durationSeconds).toBeGreaterThan(1.6);
    expect(analysis.durationSeconds).toBeLessThan(2.6);
    expect(analysis.peakDb).not.toBeNull();
    expect(analysis.peakDb!).toBeGreaterThan(-20);
    expect(analysis.loudnessLufs!).toBeGreaterThan(-30);
  } finally {
    await browser.close();
    rmSync(workDir, { recursive: true, force: true });
  }
});
