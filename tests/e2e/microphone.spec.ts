import { expect, test } from './fixtures';
import { signUpQuickly } from './support';

interface Analysis {
  durationSeconds: number;
  peakDb: number | null;
  loudnessLufs: number | null;
}

// Every test's Chromium has this fake microphone (tests/e2e/fixtures.ts). A missing or unreadable file makes
// Chromium record silence without any error, hence the loudness checks below.
test('Chromium’s fake microphone records 2 s that the server hears as 2 s of sound', async ({ page }) => {
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
});
