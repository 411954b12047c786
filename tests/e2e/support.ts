import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Post } from '../../src/shared/contract/posts';
import type { CurrentUser } from '../../src/shared/contract/users';
import { chromiumArgs, chromiumPath } from '../../playwright.config';
import { makeTone, serverFfmpegPath, streamedTone } from '../support/audio';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Creates an account through the API; the page's browser context then carries the session cookie. */
export async function signUpQuickly(
  page: Page,
  firstName = 'Quinn',
  lastName = 'Quick',
): Promise<CurrentUser> {
  const response = await page.request.post('/api/register', {
    data: { email: uniqueEmail(firstName.toLowerCase()), password: 'e2e password', firstName, lastName },
    timeout: 15_000,
  });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as CurrentUser;
}

/** Publishes a voice post (or pod) through the API with an Opus tone the test makes. */
export async function publishPost(
  request: APIRequestContext,
  fields: {
    title: string;
    type?: 'post' | 'episode';
    seconds: number;
    transcription?: string;
    category?: string;
  },
): Promise<Post> {
  const buffer = await streamedTone({
    seconds: fields.seconds,
    format: 'webm',
    codecArgs: ['-c:a', 'libopus', '-b:a', '48k'],
    gainDb: 6,
  });
  const response = await request.post('/api/posts', {
    multipart: {
      audio: { name: 'recording.webm', mimeType: 'audio/webm', buffer },
      title: fields.title,
      type: fields.type ?? 'post',
      ...(fields.transcription ? { transcription: fields.transcription } : {}),
      ...(fields.category ? { category: fields.category } : {}),
    },
    timeout: 30_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Post;
}

/** Saves a voice draft through the API (an Opus tone the test makes), as the recorder would. */
export async function saveDraftThroughApi(
  request: APIRequestContext,
  title: string,
  seconds: number,
): Promise<Post> {
  const buffer = await streamedTone({
    seconds,
    format: 'webm',
    codecArgs: ['-c:a', 'libopus', '-b:a', '48k'],
  });
  const response = await request.post('/api/diary', {
    multipart: { audio: { name: 'recording.webm', mimeType: 'audio/webm', buffer }, title },
    timeout: 30_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Post;
}

/** axe-core over `selector`: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  selector: string,
  view: string,
): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
    `axe on ${view}`,
  ).toEqual([]);
}

/**
 * A voice for Chromium's fake microphone: a WAV of a tone, loud enough to survive Chromium's capture processing
 * (lavfi's sine is 18 dB below full scale).
 */
export function writeMicrophoneWav(file: string, seconds: number): Promise<void> {
  return makeTone(serverFfmpegPath, file, {
    seconds,
    frequency: 330,
    gainDb: 12,
    codecArgs: ['-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le'],
  });
}

/** Chromium whose microphone plays `wavFile`. A missing or wrong file records silence without any error. */
export function launchWithFakeMicrophone(wavFile: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavFile}`,
    ],
  });
}

/**
 * For the tests of one file or `describe` block: a Chromium whose fake microphone plays a tone of `seconds`,
 * launched before them and closed, with its WAV, after them. Answers a getter for it.
 */
export function fakeMicrophoneBrowser(seconds: number): () => Browser {
  let workDir: string | undefined;
  let browser: Browser | undefined;
  test.beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'earshot-microphone-'));
    const wav = path.join(workDir, 'voice.wav');
    await writeMicrophoneWav(wav, seconds);
    browser = await launchWithFakeMicrophone(wav);
  });
  test.afterAll(async () => {
    await browser?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });
  return () => {
    if (!browser)
      throw new Error('The fake-microphone browser starts in beforeAll; ask for it inside a test.');
    return browser;
  };
}

export type Theme = 'light' | 'dark';
export type Device = 'desktop' | 'phone';

/** Runs `check` in light and dark, at desktop (1280) and phone (390) width, the page reloaded in each. */
export async function inEachThemeAndWidth(
  page: Page,
  check: (theme: Theme, device: Device) => Promise<void>,
): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const [device, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await check(theme, device);
    }
  }
}
