import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Post } from '../../src/shared/contract/posts';
import { expectNoSeriousA11yViolations, saveDraftThroughApi, signUpQuickly, timerReaches } from './support';

/**
 * The Voice Drafts screen (spec §2 Drafts) and editing a draft (spec §4): a draft saved from Home shows on
 * /drafts, Edit opens the advanced editor whose Apply hands it to Home's recorder (tests/e2e/editor.spec.ts tests
 * the editor itself), saving replaces it in place, and it plays and is deleted. Chromium
 * records through a fake microphone playing a tone. Nothing here is public.
 */

test.use({ viewport: { width: 1280, height: 900 } });

async function signedInPage(page: Page, path = '/'): Promise<void> {
  await signUpQuickly(page, 'Dana', 'Drafts');
  await page.goto(path);
}

function diaryRecorder(page: Page): Locator {
  return page.getByRole('region', { name: 'Voice draft recorder', exact: true });
}

function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

function draftCards(page: Page): Locator {
  return page.getByRole('region', { name: 'Your drafts' }).getByRole('article');
}

async function listDrafts(page: Page): Promise<Post[]> {
  const response = await page.request.get('/api/diary', { timeout: 10_000 });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Post[];
}

/** Drafts' Edit opens the advanced editor; Apply, with no edits, saves and hands the draft to Home's recorder. */
async function applyInEditor(page: Page, card: Locator, title: string): Promise<void> {
  await card.getByRole('button', { name: `Edit ${title}` }).click({ timeout: 10_000 });
  const editor = page.getByRole('dialog', { name: title });
  await editor.getByRole('button', { name: 'Apply' }).first().click({ timeout: 15_000 });
  await expect(editor).toBeHidden({ timeout: 30_000 });
}

/** Records a take of about `seconds` in the recorder; the countdown comes first. */
async function recordTake(recorder: Locator, seconds: number): Promise<void> {
  await timerReaches(recorder.getByRole('timer'), seconds, seconds * 1_000 + 15_000);
  await recorder.getByRole('button', { name: 'Stop recording' }).click({ timeout: 5_000 });
}

test('a draft saved on Home is listed, edited in place with another take, played and deleted', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedInPage(page);
  const title = 'Morning pages';
  const renamed = 'Morning pages, revised';

  // Save a voice draft from Home's Voice Drafts recorder.
  let recorder = diaryRecorder(page);
  await recorder.getByRole('button', { name: 'Record voice draft' }).click({ timeout: 10_000 });
  await recorder.getByRole('textbox', { name: 'Title' }).fill(title, { timeout: 5_000 });
  await recorder.getByRole('button', { name: 'Start Recording' }).click({ timeout: 5_000 });
  await recordTake(recorder, 2);
  await recorder.getByRole('button', { name: 'Save', exact: true }).click({ timeout: 10_000 });
  await expect(toasts(page)).toContainText('Voice Draft Saved', { timeout: 30_000 });
  const [saved] = await listDrafts(page);
  expect(saved?.title).toBe(title);

  // It is on the drafts screen: title, date, m:ss duration, category, a player, Edit and Delete.
  await page.getByRole('link', { name: 'Voice Drafts' }).first().click({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/drafts$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Voice Drafts' })).toBeVisible({
    timeout: 10_000,
  });
  const card = draftCards(page).filter({ hasText: title });
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await expect(card.getByRole('heading', { name: title })).toBeVisible({ timeout: 5_000 });
  // The take ran at least the 2 s the timer showed, and longer when the stop click was slow; the card shows the
  // duration the server measured.
  expect(saved!.duration).toBeGreaterThanOrEqual(1.9);
  expect(saved!.duration).toBeLessThan(10);
  await expect(card).toContainText(`0:0${Math.floor(saved!.duration)}`, { timeout: 5_000 });
  await expect(card).toContainText('Personal', { timeout: 5_000 });
  await expect(card.locator('time')).toHaveAttribute('datetime', saved!.createdAt, { timeout: 5_000 });
  await expect(page.getByRole('region', { name: 'New Draft' })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('button', { name: 'Advanced' })).toBeVisible({ timeout: 5_000 });
  await expectNoSeriousA11yViolations(page, 'main', 'the drafts screen');

  // Edit opens the advanced editor; its Apply hands the draft to Home's save form with its audio and fields.
  await applyInEditor(page, card, title);
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(toasts(page)).toContainText('Audio Edited Successfully!', { timeout: 15_000 });
  recorder = diaryRecorder(page);
  await expect(recorder.getByRole('heading', { name: 'Save Voice Diary Entry' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(recorder).toBeInViewport({ timeout: 5_000 });
  const titleField = recorder.getByLabel('Title', { exact: true });
  await expect(titleField).toHaveValue(title, { timeout: 5_000 });
  await expect(recorder.getByLabel('Category')).toHaveValue('Personal', { timeout: 5_000 });
  await expect(recorder.getByRole('button', { name: 'Play preview' })).toBeEnabled({ timeout: 10_000 });
  await expectNoSeriousA11yViolations(
    page,
    '[aria-label="Voice draft recorder"]',
    'the edit-draft save form',
  );

  // Another take joins the draft's audio (spec §4 Segments), and the title changes.
  await recorder.getByRole('button', { name: 'Record another segment' }).click({ timeout: 5_000 });
  await recordTake(recorder, 2);
  await expect(toasts(page)).toContainText('2 segments', { timeout: 10_000 });
  await expect(recorder.getByText(/2 segments · \d\d:\d\d in total/)).toBeVisible({ timeout: 10_000 });
  await titleField.fill(renamed, { timeout: 5_000 });
  // The save goes to PUT /api/diary with the draft's id (spec §7), not to a new entry.
  await page.evaluate(() => {
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    const log: unknown[] = [];
    (window as unknown as { uploads: unknown[] }).uploads = log;
    let method = '';
    let url = '';
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: [string, string | URL]) {
      [method, url] = [args[0], String(args[1])];
      return open.apply(this, args as unknown as Parameters<typeof open>);
    };
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData)
        log.push({ method, url, draftId: body.get('draftId'), isDiary: body.get('isDiary') });
      return send.call(this, body);
    };
  });
  await recorder.getByRole('button', { name: 'Save', exact: true }).click({ timeout: 10_000 });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { uploads: unknown[] }).uploads), {
      timeout: 10_000,
    })
    .toEqual([{ method: 'PUT', url: '/api/diary', draftId: saved!.id, isDiary: 'true' }]);
  await expect(toasts(page)).toContainText('Draft Saved', { timeout: 30_000 });
  await expect(toasts(page)).toContainText('Your voice draft has been saved.', { timeout: 5_000 });
  await expect(recorder.getByRole('button', { name: 'Record voice draft' })).toBeVisible({ timeout: 10_000 });

  // The same draft, renamed and longer: not a second one.
  const after = await listDrafts(page);
  expect(after.map((draft) => draft.id)).toEqual([saved!.id]);
  expect(after[0]?.title).toBe(renamed);
  expect(after[0]!.duration).toBeGreaterThan(saved!.duration + 1.5);

  await page.getByRole('link', { name: 'Voice Drafts' }).first().click({ timeout: 10_000 });
  await expect(draftCards(page)).toHaveCount(1, { timeout: 15_000 });
  const edited = draftCards(page).first();
  await expect(edited.getByRole('heading', { name: renamed })).toBeVisible({ timeout: 10_000 });

  // Play: the time advances; then pause.
  await edited.getByRole('button', { name: `Play ${renamed}` }).click({ timeout: 10_000 });
  await expect(edited.getByTestId('player-current-time')).not.toHaveText('0:00', { timeout: 10_000 });
  await edited.getByRole('button', { name: `Pause ${renamed}` }).click({ timeout: 5_000 });

  // Delete asks first, in the spec's words; then the empty state.
  await edited.getByRole('button', { name: `Delete ${renamed}` }).click({ timeout: 5_000 });
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this voice draft? This action cannot be undone.',
    { timeout: 5_000 },
  );
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click({ timeout: 5_000 });
  await expect(confirm).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'No voice drafts yet' })).toBeVisible({ timeout: 10_000 });
  await expect(draftCards(page)).toHaveCount(0, { timeout: 5_000 });
  expect(await listDrafts(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page, 'main', 'the empty drafts screen');
});

test('Cancel leaves the draft as it was; a draft whose audio fails to load says so', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInPage(page, '/drafts');
  const draft = await saveDraftThroughApi(page.request, 'Untouched thought', 2);
  await page.reload({ timeout: 15_000 });
  const card = draftCards(page).filter({ hasText: 'Untouched thought' });
  await expect(card).toHaveCount(1, { timeout: 15_000 });

  await applyInEditor(page, card, 'Untouched thought');
  const recorder = diaryRecorder(page);
  await expect(recorder.getByRole('heading', { name: 'Save Voice Diary Entry' })).toBeVisible({
    timeout: 15_000,
  });
  await recorder.getByLabel('Title', { exact: true }).fill('Something else', { timeout: 5_000 });
  await recorder.getByRole('button', { name: 'Cancel' }).click({ timeout: 5_000 });
  await expect(recorder.getByRole('button', { name: 'Record voice draft' })).toBeVisible({ timeout: 10_000 });
  const [unchanged] = await listDrafts(page);
  expect(unchanged).toMatchObject({ id: draft.id, title: 'Untouched thought', duration: draft.duration });

  // The audio cannot be fetched: the person is told, and stays on the drafts screen.
  await page.goto('/drafts', { timeout: 15_000 });
  await page.route('**/media/audio/**', (route) => route.fulfill({ status: 500, body: 'broken' }));
  await applyInEditor(page, draftCards(page).first(), 'Untouched thought');
  await expect(toasts(page)).toContainText('Error Loading Draft', { timeout: 10_000 });
  await expect(toasts(page)).toContainText('Failed to load draft for editing', { timeout: 5_000 });
  await expect(page).toHaveURL(/\/drafts$/, { timeout: 5_000 });
});

test('drafts come a page at a time, with Load more while the Link header has a next page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInPage(page, '/drafts');
  for (const title of ['First note', 'Second note', 'Third note'])
    await saveDraftThroughApi(page.request, title, 1);
  // Two to a page, so three drafts make two pages (the server's Link keeps the limit).
  await page.route(/\/api\/diary$/, (route) => route.continue({ url: `${route.request().url()}?limit=2` }));
  await page.reload({ timeout: 15_000 });

  await expect(draftCards(page)).toHaveCount(2, { timeout: 15_000 });
  await expect(draftCards(page).first()).toContainText('Third note', { timeout: 5_000 });
  await page.getByRole('button', { name: 'Load more' }).click({ timeout: 5_000 });
  await expect(draftCards(page)).toHaveCount(3, { timeout: 10_000 });
  await expect(draftCards(page).last()).toContainText('First note', { timeout: 5_000 });
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0, { timeout: 5_000 });
});
