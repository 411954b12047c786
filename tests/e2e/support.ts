import type { APIRequestContext, Locator, Page } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import type { Post } from '../../src/shared/contract/posts';
import type { CurrentUser } from '../../src/shared/contract/users';
import { streamedTone } from '../support/audio';
import { randomBytes } from 'node:crypto';
import { expect } from './fixtures';

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

/**
 * axe-core over the elements `selectors` match ('html' for the whole page): no serious or critical violation.
 *
 * axe runs in the page itself, as `axe.run`, reporting the nodes of violations only. @axe-core/playwright's
 * `analyze()` opened a blank page for every check to gather its results in, and axe listed every node that passed:
 * 1.5 CPU-s a check against 0.4, and the suite makes about a hundred (issue 26). None of our pages frames another,
 * which is what its blank page is for.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  selectors: string | readonly string[],
  view: string,
): Promise<void> {
  // Colours are judged as painted: a dialog still fading in would be judged half transparent, its contrast too low.
  await page.evaluate(async (limitMs: number) => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const finished = Promise.all(finite.map((animation) => animation.finished.catch(() => null)));
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, limitMs))]);
  }, 2_000);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (include) =>
      (window as unknown as { axe: typeof axe }).axe.run({ include }, { resultTypes: ['violations'] }),
    typeof selectors === 'string' ? [selectors] : [...selectors],
  );
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map(describeViolation), `axe on ${view}`).toEqual([]);
}

function describeViolation(violation: AxeResults['violations'][number]): string {
  return `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`;
}

/** The seconds a recorder's timer shows: "01:05" is 65. */
export function secondsOn(timerText: string): number {
  const [, minutes, seconds] = /(\d\d):(\d\d)/.exec(timerText) ?? [];
  return Number(minutes) * 60 + Number(seconds);
}

/**
 * Waits until a recorder's timer shows at least `seconds`, looking every 100 ms, and answers what it showed. (A
 * wait for one exact second can miss it on a busy machine, where Playwright's retries space out to a second.)
 */
export async function timerReaches(timer: Locator, seconds: number, timeout = 15_000): Promise<number> {
  let shown = 0;
  await expect
    .poll(async () => (shown = secondsOn(await timer.innerText({ timeout }))), { timeout, intervals: [100] })
    .toBeGreaterThanOrEqual(seconds);
  return shown;
}

/** What `read` answers once two looks 250 ms apart agree: on a page whose clock the test has just paused. */
export async function settled<T>(read: () => Promise<T>): Promise<T> {
  let value: T | undefined;
  await expect.poll(async () => value === (value = await read()), { intervals: [250] }).toBe(true);
  return value as T;
}

/**
 * Records until the timer shows at least `seconds`, then presses `stop`. Answers the longest the take can be: what
 * the timer showed, its unshown fraction of a second, and however long the press took to land on a busy machine.
 */
export async function stopOnceTimerReaches(timer: Locator, stop: Locator, seconds: number): Promise<number> {
  const shown = await timerReaches(timer, seconds);
  const pressedAt = Date.now();
  await stop.click();
  return shown + 1 + Math.ceil((Date.now() - pressedAt) / 1000);
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

/**
 * Waits until the service worker controls the page, so the next load goes through it. It claims open pages as it
 * activates; a page that loaded while it was installing may still miss that, and a reload puts it under the worker.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const controlled = () => page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  if (!(await controlled())) await page.reload();
  await expect.poll(controlled, { timeout: 10_000 }).toBe(true);
}
