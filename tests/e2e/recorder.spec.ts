import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Post } from '../../src/shared/contract/posts';
import { generatedAudio } from '../support/audio';
import { expectNoSeriousA11yViolations, secondsOn, settled, signUpQuickly, timerReaches } from './support';

/**
 * The recorder end to end, in Chromium with a fake microphone that plays a tone: record (countdown, pause,
 * resume, stop), publish, and check through the API that the server heard sound for as long as we recorded.
 */

test.use({ viewport: { width: 1280, height: 900 } });

/** An Opus-only WebM, which Chromium types video/webm like every WebM (issue 25). */
let uploadWebm: Buffer;
/** A WebM with a picture: a real video. */
let videoWebm: Buffer;

test.beforeAll(async () => {
  uploadWebm = await generatedAudio([
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4,volume=6dB'],
    ...['-ac', '1', '-c:a', 'libopus', '-f', 'webm', '-'],
  ]);
  videoWebm = await generatedAudio([
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=1'],
    ...['-f', 'lavfi', '-i', 'sine=duration=1'],
    ...['-c:v', 'libvpx', '-c:a', 'libopus', '-f', 'webm', '-'],
  ]);
});

async function signedInHome(page: Page): Promise<void> {
  await signUpQuickly(page);
  await page.goto('/');
}

function shareRecorder(page: Page): Locator {
  return page.getByRole('region', { name: 'Recorder', exact: true });
}

function diaryRecorder(page: Page): Locator {
  return page.getByRole('region', { name: 'Voice draft recorder', exact: true });
}

/** The toast area; one toast shows at a time. */
function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

/** Opens the prompt row, types a title and presses Start Recording. */
async function startWithTitle(recorder: Locator, title: string): Promise<void> {
  await recorder.getByRole('button', { name: /Share your voice|Record voice draft/ }).click();
  await recorder.getByRole('textbox', { name: 'Title' }).fill(title);
  await recorder.getByRole('button', { name: 'Start Recording' }).click();
}

/** Waits out the 3-2-1 countdown until the live view's timer shows. */
async function waitForLive(recorder: Locator): Promise<void> {
  await expect(recorder.getByRole('status').first()).toContainText(/Recording starts in|Go/, {
    timeout: 5_000,
  });
  await expect(recorder.getByRole('timer')).toBeVisible({ timeout: 15_000 });
}

/** Seconds shown under the preview in the publish form ("00:05 recorded" or "00:09 in total"). */
async function recordedSeconds(recorder: Locator): Promise<number> {
  return secondsOn(await recorder.getByText(/\d\d:\d\d (recorded|in total)/).innerText({ timeout: 5_000 }));
}

async function feedPost(page: Page, title: string): Promise<Post> {
  const response = await page.request.get('/api/feed');
  expect(response.ok()).toBe(true);
  const post = ((await response.json()) as Post[]).find((item) => item.title === title);
  if (!post) throw new Error(`"${title}" is not in the feed`);
  return post;
}

function expectAudible(post: Post): void {
  expect(post.waveformData.length).toBeGreaterThan(0);
  expect(Math.max(...post.waveformData)).toBe(1);
  expect(post.waveformData.filter((bar) => bar > 0.2).length).toBeGreaterThan(post.waveformData.length / 4);
}

test('a voice post is recorded with a countdown, paused, resumed, stopped and published', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInHome(page);
  const recorder = shareRecorder(page);
  const title = 'Morning thoughts';

  await recorder.getByRole('button', { name: 'Share your voice' }).click();
  const titleInput = recorder.getByRole('textbox', { name: 'Title' });
  await expect(titleInput).toBeFocused();
  await expect(recorder.getByRole('button', { name: 'Start Recording' })).toBeDisabled();
  await titleInput.fill('   ');
  await expect(recorder.getByRole('button', { name: 'Start Recording' })).toBeDisabled();
  await titleInput.fill(title);
  await titleInput.press('Enter');

  // The type chooser, then the countdown: 3, 2, 1, GO. The page notes every number it announces, so a busy
  // machine's late look cannot miss one.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { countdownSeen: string[] }).countdownSeen = []);
    new MutationObserver(() => {
      const text = document.querySelector('[role=status][aria-live]')?.textContent ?? '';
      const number = /Recording starts in (\d)/.exec(text)?.[1];
      if (number && seen.at(-1) !== number) seen.push(number);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await recorder.getByRole('button', { name: 'Voice Post' }).click();
  const timer = recorder.getByRole('timer');
  await expect(timer).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { countdownSeen: string[] }).countdownSeen)).toEqual(
    ['3', '2', '1'],
  );
  await expect(recorder.getByText('Auto-save enabled')).toBeVisible();
  await expect(recorder.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await timerReaches(timer, 2);

  // Paused time does not count.
  await recorder.getByRole('button', { name: 'Pause recording' }).click();
  await expect(recorder.getByText('Paused', { exact: true })).toBeVisible();
  const pausedAt = await timer.innerText();
  await page.waitForTimeout(2_500);
  await expect(timer).toHaveText(pausedAt);
  await recorder.getByRole('button', { name: 'Resume recording' }).click();
  const shownBeforeStop = await timerReaches(timer, 4);
  const shownAt = Date.now();
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  // Under load the click lands late; the take may be that much longer, never the paused 2.5 s longer.
  const stopLatencySeconds = (Date.now() - shownAt) / 1000;

  await expect(toasts(page)).toContainText('Segment Added');
  await expect(recorder.getByRole('heading', { name: 'Publish Voice Post' })).toBeVisible();
  await expect(recorder.getByRole('button', { name: 'Play preview' })).toBeEnabled();
  const seconds = await recordedSeconds(recorder);
  expect(seconds).toBeGreaterThanOrEqual(4);
  expect(seconds).toBeLessThanOrEqual(shownBeforeStop + 1 + Math.ceil(stopLatencySeconds));
  await expect(recorder.getByLabel('Title', { exact: true })).toHaveValue(title);

  await recorder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toasts(page)).toContainText('Your voice post has been uploaded!', { timeout: 30_000 });
  await expect(recorder.getByRole('button', { name: 'Share your voice' })).toBeVisible();

  const post = await feedPost(page, title);
  expect(post.type).toBe('post');
  expect(post.isPrivate).toBe(false);
  // The server measures the audio itself: about the time recorded, without the 2.5 s pause.
  expect(Math.abs(post.duration - seconds)).toBeLessThan(1.5);
  expectAudible(post);
  // The feed refreshed on its own: the new post shows on Home without a reload.
  await expect(page.getByRole('article', { name: title }).first()).toBeVisible({ timeout: 10_000 });
});

test('a pod is recorded in two segments, merged, and published as an episode', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInHome(page);
  const recorder = shareRecorder(page);
  const title = 'Episode one: beginnings';

  await startWithTitle(recorder, title);
  await recorder.getByRole('button', { name: 'Pods' }).click();
  await waitForLive(recorder);
  await timerReaches(recorder.getByRole('timer'), 2);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await expect(toasts(page)).toContainText('1 segment');

  await recorder.getByRole('button', { name: 'Record another segment' }).click();
  await waitForLive(recorder);
  await expect(recorder.getByText('Segment 2')).toBeVisible();
  await timerReaches(recorder.getByRole('timer'), 2);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await expect(toasts(page)).toContainText('2 segments');
  await expect(recorder.getByText(/2 segments · \d\d:\d\d in total/)).toBeVisible();
  const seconds = await recordedSeconds(recorder);
  await expect(recorder.getByRole('radio', { name: /Pod/ })).toBeChecked();

  await recorder.getByLabel('Category').fill('Stories');
  // The two takes go up as one 16-bit PCM WAV, with the segment fields (spec §3, §4 Segments).
  await page.evaluate(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      (window as unknown as { lastUpload?: unknown }).lastUpload = body;
      return send.call(this, body);
    };
  });
  await recorder.getByRole('button', { name: 'Publish', exact: true }).click();
  const sent = await page.evaluate(async () => {
    const form = (window as unknown as { lastUpload?: FormData }).lastUpload;
    if (!(form instanceof FormData)) return null;
    const audio = form.get('audio') as File;
    const head = new Uint8Array(await audio.slice(0, 36).arrayBuffer());
    return {
      name: audio.name,
      type: audio.type,
      riff: String.fromCharCode(...head.slice(0, 4)) + String.fromCharCode(...head.slice(8, 12)),
      bitsPerSample: head[34],
      segmentCount: form.get('segment_count'),
      totalDuration: Number(form.get('total_duration')),
      type_: form.get('type'),
      sessionId: form.get('sessionId'),
    };
  });
  expect(sent).toMatchObject({
    name: 'recording.wav',
    type: 'audio/wav',
    riff: 'RIFFWAVE',
    bitsPerSample: 16,
    segmentCount: '2',
    type_: 'episode',
  });
  expect(sent?.sessionId).toBeTruthy();
  await expect(toasts(page)).toContainText('Your voice post has been uploaded!', { timeout: 30_000 });

  const pod = await feedPost(page, title);
  expect(pod.type).toBe('episode');
  expect(pod.category).toBe('Stories');
  expect(Math.abs(pod.duration - seconds)).toBeLessThan(1.5);
  expectAudible(pod);
});

test('a long take is autosaved every 30 seconds while recording', async ({ page }) => {
  test.setTimeout(90_000);
  // The page's clock, not the wall's: the half minute passes in a jump, the audio itself in real time.
  await page.clock.install();
  await signedInHome(page);
  const recorder = diaryRecorder(page);
  const chunks: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/recordings/autosave')) chunks.push(String(response.status()));
  });

  await startWithTitle(recorder, 'A long thought');
  await waitForLive(recorder);
  await expect(recorder.getByText('Auto-save enabled')).toBeVisible();
  // A second of audio is buffered (MediaRecorder hands it over each second), then the clock stands still.
  const timer = recorder.getByRole('timer');
  await timerReaches(timer, 1);
  // Paused a little ahead of now, so that "now" has not passed before the page hears of it on a busy machine.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  // The time it shows once it has caught up with the jump (it stands still now).
  const shownSeconds = secondsOn(await settled(() => timer.innerText()));

  // A second or two short of 30 s recorded: nothing saved yet.
  await page.clock.fastForward((28 - shownSeconds) * 1000);
  await expect(timer).toHaveText('00:28');
  await expect(recorder.getByText('Auto-save enabled')).toBeVisible();
  expect(chunks).toEqual([]);

  // Past 30 s: saved once.
  await page.clock.fastForward(3_000);
  await expect(recorder.getByText(/^Last saved/)).toBeVisible({ timeout: 15_000 });
  expect(chunks).toEqual(['200']);
  await page.clock.resume();
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await recorder.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page)).toContainText('Voice Draft Saved', { timeout: 30_000 });
});

test('a voice draft is saved from the diary recorder, privately', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInHome(page);
  const recorder = diaryRecorder(page);
  const title = 'Tuesday evening';

  await startWithTitle(recorder, title);
  await waitForLive(recorder);
  await timerReaches(recorder.getByRole('timer'), 2);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();

  await expect(recorder.getByRole('heading', { name: 'Save Voice Diary Entry' })).toBeVisible();
  await expect(recorder.getByLabel('Promotion Link')).toHaveCount(0);
  await expect(recorder.getByRole('switch', { name: 'Private' })).toBeChecked();
  await expect(recorder.getByRole('switch', { name: 'Private' })).toBeDisabled();
  await expect(recorder.getByLabel('Category')).toHaveValue('Personal');
  await recorder.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page)).toContainText('Voice Draft Saved', { timeout: 30_000 });
  await expect(toasts(page)).toContainText('Your voice draft has been saved securely.');

  const drafts = (await (await page.request.get('/api/diary')).json()) as Post[];
  const draft = drafts.find((item) => item.title === title);
  expect(draft?.isPrivate).toBe(true);
  expect(draft?.isDraft).toBe(true);
  expect(draft?.category).toBe('Personal');
  expectAudible(draft!);
  expect((await page.request.get('/api/feed')).ok()).toBe(true);
  expect(
    ((await (await page.request.get('/api/feed')).json()) as Post[]).some((p) => p.title === title),
  ).toBe(false);
});

test('an audio-only WebM file is uploaded through Upload and published; a text file and a video are refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInHome(page);
  const recorder = shareRecorder(page);

  await startWithTitle(recorder, 'Something to upload');
  let chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
  await recorder.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toasts(page)).toContainText('Invalid File Type');
  await expect(toasts(page)).toContainText('Please select an audio file');
  await expect(recorder.getByRole('button', { name: 'Upload' })).toBeVisible();
  // A real video is no audio file either, though WebM like the audio below.
  chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
  await recorder.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'holiday.webm', mimeType: 'video/webm', buffer: videoWebm });
  await expect(toasts(page)).toContainText('Please select an audio file');
  await expect(recorder.getByRole('button', { name: 'Upload' })).toBeVisible();

  chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
  await recorder.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'Garden walk.webm', mimeType: 'video/webm', buffer: uploadWebm });
  await expect(toasts(page)).toContainText('Audio Uploaded Successfully!');
  await expect(recorder.getByRole('heading', { name: 'Publish Voice Post' })).toBeVisible();
  await expect(recorder.getByLabel('Title', { exact: true })).toHaveValue('Garden walk');
  await expect(recorder.getByRole('button', { name: 'Record another segment' })).toHaveCount(0);

  await recorder.getByLabel('Description').fill('A short walk, recorded elsewhere.');
  // A promotion link that is no web address is said at its field, before a byte of audio is sent.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/posts')) uploads.push(request.url());
  });
  const link = recorder.getByRole('textbox', { name: 'Promotion Link' });
  await link.fill('not a url');
  await recorder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toHaveAccessibleDescription('Enter a web address, like https://example.com/book.');
  await expect(link).toBeFocused();
  expect(uploads).toEqual([]);
  await link.fill('example.com/walks');
  await expect(link).not.toHaveAttribute('aria-invalid');
  await recorder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toasts(page)).toContainText('Your voice post has been uploaded!', { timeout: 30_000 });

  const post = await feedPost(page, 'Garden walk');
  expect(Math.abs(post.duration - 4)).toBeLessThan(0.5);
  expect(post.transcription).toBe('A short walk, recorded elsewhere.');
  expect(post.affiliateLink).toBe('https://example.com/walks');
  expectAudible(post);
});

test('a post is extended from its owner menu and grows longer', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInHome(page);
  const recorder = shareRecorder(page);
  const title = 'To be continued';

  await startWithTitle(recorder, title);
  await recorder.getByRole('button', { name: 'Voice Post' }).click();
  await waitForLive(recorder);
  await timerReaches(recorder.getByRole('timer'), 2);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await recorder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toasts(page)).toContainText('Your voice post has been uploaded!', { timeout: 30_000 });
  const before = await feedPost(page, title);

  await page
    .getByRole('button', { name: `Options for ${title}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Extend Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend Post' });
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await expect(dialog.getByRole('timer')).toBeVisible({ timeout: 10_000 });
  await timerReaches(dialog.getByRole('timer'), 3);
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'extend');
  await dialog.getByRole('button', { name: 'Add to post' }).click();
  await expect(toasts(page)).toContainText('Recording extended', { timeout: 30_000 });
  await expect(dialog).toBeHidden();

  const after = (await (await page.request.get(`/api/posts/${before.id}`)).json()) as Post;
  expect(after.duration).toBeGreaterThan(before.duration + 2);
  expectAudible(after);
});

test('the recorder views pass axe and work from the keyboard', async ({ page }) => {
  // Eight axe runs.
  test.setTimeout(120_000);
  await signedInHome(page);
  const recorder = shareRecorder(page);
  const scope = '[aria-label="Recorder"]';

  await expect(recorder.getByRole('button', { name: 'Share your voice' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, scope, 'collapsed');

  await recorder.getByRole('button', { name: 'Share your voice' }).focus();
  await page.keyboard.press('Enter');
  await expect(recorder.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type('Keyboard only');
  await expectNoSeriousA11yViolations(page, scope, 'title');
  await page.keyboard.press('Enter');
  await expect(recorder.getByRole('button', { name: 'Voice Post' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, scope, 'type chooser');

  await page.keyboard.press('Enter');
  await expect(recorder.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, scope, 'countdown');
  await expect(recorder.getByRole('timer')).toBeVisible({ timeout: 10_000 });
  await expect(recorder.getByRole('button', { name: 'Stop recording' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, scope, 'live');
  await timerReaches(recorder.getByRole('timer'), 1);
  await page.keyboard.press('Enter');

  await expect(recorder.getByRole('heading', { name: 'Publish Voice Post' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, scope, 'publish form');

  // Cancel asks first, then the recording is gone and the title stays.
  await recorder.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard this recording?' });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'discard confirmation');
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(recorder.getByRole('textbox', { name: 'Title' })).toHaveValue('Keyboard only');

  await diaryRecorder(page).getByRole('button', { name: 'Record voice draft' }).click();
  await expectNoSeriousA11yViolations(page, '[aria-label="Voice draft recorder"]', 'diary title');
});

test('without MediaRecorder the recorder says recording is not supported', async ({ page }) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'MediaRecorder');
  });
  await signUpQuickly(page);
  await page.goto('/');
  await expect(shareRecorder(page)).toContainText('Audio recording is not supported in this browser');
  await expect(shareRecorder(page).getByRole('button')).toHaveCount(0);
});
