import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Post } from '../../src/shared/contract/posts';
import { expectNoSeriousA11yViolations, saveDraftThroughApi, signUpQuickly, timerReaches } from './support';

/**
 * The advanced editor (spec §2 Advanced editor, §4, §5 Editor, issue 16): a draft opens from Drafts' Edit; its
 * markers move by mouse and by key; a cut shrinks it; a take recorded through Chromium's fake microphone goes in
 * at the playhead; undo, save, reopen and play. The server renders the saved list from the draft's original.
 */

/** "0:09.0" → ms. */
function parseTime(text: string): number {
  const match = /(\d+):(\d\d)\.(\d)/.exec(text);
  if (!match) throw new Error(`No time in “${text}”`);
  return (Number(match[1]) * 60 + Number(match[2])) * 1000 + Number(match[3]) * 100;
}

async function valueText(waveform: Locator): Promise<string> {
  return (await waveform.getAttribute('aria-valuetext')) ?? '';
}

/** The timeline's length, from the waveform's accessible value ("Playhead … of 0:09.0; …"). */
async function lengthMs(waveform: Locator): Promise<number> {
  return parseTime((await valueText(waveform)).split(' of ')[1] ?? '');
}

async function openEditor(page: Page, title: string): Promise<{ editor: Locator; waveform: Locator }> {
  await page
    .getByRole('region', { name: 'Your drafts' })
    .getByRole('button', { name: `Edit ${title}` })
    .click({ timeout: 15_000 });
  const editor = page.getByRole('dialog', { name: title });
  const waveform = editor.getByRole('slider', { name: 'Waveform: playhead and selection' });
  await expect(waveform).toBeVisible({ timeout: 15_000 });
  return { editor, waveform };
}

test('a draft is cut, gets a take at the playhead, undone and redone, saved, reopened and played', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpQuickly(page, 'Eddie', 'Editor');
  const title = 'Rough cut';
  const draft = await saveDraftThroughApi(page.request, title, 9);
  await page.goto('/drafts');

  const { editor, waveform } = await openEditor(page, title);
  const original = await lengthMs(waveform);
  expect(Math.abs(original - draft.duration * 1000)).toBeLessThan(150);
  await expect(waveform).toHaveAttribute('aria-valuetext', /selection 0:03\.0 to 0:06\.0/, {
    timeout: 5_000,
  });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the advanced editor');

  // The refusals, in the spec's words.
  await waveform.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('BracketRight');
  await editor.getByRole('button', { name: 'Delete Selected' }).click();
  // In the editor's status line (the toasts sit outside the dialog, hidden from assistive technology meanwhile).
  const status = editor.getByRole('status');
  await expect(status).toHaveText('Select a region to delete');
  await waveform.focus();
  await page.keyboard.press('BracketLeft');
  await page.keyboard.press('End');
  await page.keyboard.press('BracketRight');
  await page.keyboard.press('Delete');
  await expect(status).toHaveText('Cannot delete entire recording');
  await expect.poll(() => lengthMs(waveform)).toBe(original);
  // The end marker dragged a hair short of the end (the audit's 0:00.0 – 0:08.9): nothing would be left to hear.
  const edge = (await waveform.boundingBox())!;
  await page.mouse.move(edge.x + edge.width - 1, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width * 0.99, edge.y + edge.height / 2, { steps: 3 });
  await page.mouse.up();
  await expect(waveform).toHaveAttribute('aria-valuetext', /selection 0:00\.0 to 0:08\.[5-9]/);
  await editor.getByRole('button', { name: 'Delete Selected' }).click();
  await expect(status).toHaveText('Cannot delete entire recording');
  await expect.poll(() => lengthMs(waveform)).toBe(original);

  // Mouse: the start marker dragged from 0 to about a quarter; keys: the end marker at 1 s past it.
  const box = (await waveform.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 4, y, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () =>
      Math.abs(parseTime(/selection (\S+)/.exec(await valueText(waveform))![1]!) - original / 4),
    )
    .toBeLessThan(300);
  await waveform.focus();
  await page.keyboard.press('Home');
  for (let step = 0; step < 2; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('BracketLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('BracketRight');
  await expect(waveform).toHaveAttribute('aria-valuetext', /selection 0:02\.0 to 0:03\.0/);

  // Cut a second: the draft is a second shorter.
  await page.keyboard.press('Delete');
  await expect(editor.getByText('Deleted 1.0s of audio')).toBeVisible();
  await expect.poll(() => lengthMs(waveform)).toBe(original - 1000);

  // A take goes in at 1 s: Add Segment, Record, 3-2-1, about 2 s, stop.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await editor.getByRole('button', { name: 'Add Segment' }).click();
  await editor.getByRole('button', { name: 'Record' }).click();
  const timer = editor.getByRole('timer');
  await expect(timer).toBeVisible({ timeout: 15_000 });
  await timerReaches(timer, 2);
  await editor.getByRole('button', { name: 'Stop recording' }).click();
  await expect(editor.getByText(/Inserted \d+\.\ds of audio at 0:01\.0/)).toBeVisible({ timeout: 30_000 });
  const withTake = await lengthMs(waveform);
  expect(withTake).toBeGreaterThan(original - 1000 + 1500);

  // Undo takes the take out, redo puts it back.
  await waveform.focus();
  await page.keyboard.press('Control+z');
  await expect.poll(() => lengthMs(waveform)).toBe(original - 1000);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => lengthMs(waveform)).toBe(withTake);

  // Save: rendered by the server, as long as the editor said.
  await editor.getByRole('button', { name: 'Save Draft' }).first().click();
  await expect(editor).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Draft Saved');
  const listed = (await (await page.request.get('/api/diary')).json()) as Post[];
  expect(Math.abs(listed[0]!.duration * 1000 - withTake)).toBeLessThan(250);

  // Reopen: the same edits; Play moves the playhead.
  const reopened = await openEditor(page, title);
  await expect.poll(() => lengthMs(reopened.waveform)).toBe(withTake);
  await reopened.editor.getByRole('button', { name: 'Play', exact: true }).click();
  // Whole seconds while playing (not a new value every frame), tenths again once paused.
  await expect(reopened.waveform).toHaveAttribute('aria-valuetext', /Playhead 0:0[1-9] of/, {
    timeout: 10_000,
  });
  await reopened.editor.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(reopened.waveform).toHaveAttribute('aria-valuetext', /Playhead 0:0[1-9]\.\d of/, {
    timeout: 5_000,
  });
  await reopened.editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(reopened.editor).toBeHidden({ timeout: 5_000 });
});

test('Advanced: a draft recorded on the Drafts screen opens in the editor once saved', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpQuickly(page, 'Ada', 'Advanced');
  await page.goto('/drafts');

  const recorder = page.getByRole('region', { name: 'Voice draft recorder', exact: true });
  await expect(recorder.getByRole('button', { name: 'Record voice draft' })).toBeVisible({ timeout: 15_000 });
  const advanced = page.getByRole('button', { name: 'Advanced' });
  await advanced.click();
  await expect(advanced).toHaveAttribute('aria-pressed', 'true');
  await recorder.getByRole('textbox', { name: 'Title' }).fill('Take one', { timeout: 10_000 });
  await recorder.getByRole('button', { name: 'Start Recording' }).click();
  await timerReaches(recorder.getByRole('timer'), 2, 20_000);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await recorder.getByRole('button', { name: 'Save', exact: true }).click({ timeout: 10_000 });

  const editor = page.getByRole('dialog', { name: 'Take one' });
  await expect(editor.getByRole('slider', { name: 'Waveform: playhead and selection' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the advanced editor on a phone');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden({ timeout: 5_000 });
  await expect(advanced).toHaveAttribute('aria-pressed', 'false');
});

test('a take on Home opens in the editor from the publish form, is cut, applied and published shorter', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpQuickly(page, 'Rita', 'Recorder');
  await page.goto('/');
  const title = 'Trimmed on Home';
  const recorder = page.getByRole('region', { name: 'Recorder', exact: true });
  await recorder.getByRole('button', { name: 'Share your voice' }).click({ timeout: 15_000 });
  await recorder.getByRole('textbox', { name: 'Title' }).fill(title);
  await recorder.getByRole('button', { name: 'Start Recording' }).click();
  await recorder.getByRole('button', { name: 'Voice Post' }).click();
  await timerReaches(recorder.getByRole('timer'), 6, 25_000);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await expect(recorder.getByRole('heading', { name: 'Publish Voice Post' })).toBeVisible({
    timeout: 10_000,
  });
  await recorder.getByRole('textbox', { name: 'Description' }).fill('Cut in the editor');

  // The take is saved as a private draft, and the editor opens on it.
  const openInEditor = recorder.getByRole('button', { name: 'Open in editor' });
  await openInEditor.focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: title });
  const waveform = editor.getByRole('slider', { name: 'Waveform: playhead and selection' });
  await expect(waveform).toBeVisible({ timeout: 30_000 });
  const drafts = (await (await page.request.get('/api/diary')).json()) as Post[];
  expect(drafts.map((draft) => draft.title)).toEqual([title]);
  const original = await lengthMs(waveform);

  // Cut the default selection (the middle third), then Apply.
  await waveform.focus();
  await page.keyboard.press('Delete');
  await expect(editor.getByText(/Deleted \d+\.\ds of audio/)).toBeVisible({ timeout: 5_000 });
  const edited = await lengthMs(waveform);
  expect(edited).toBeLessThan(original - 1500);
  await editor.getByRole('button', { name: 'Apply' }).first().click();
  await expect(editor).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    'Audio Edited Successfully!',
    {
      timeout: 15_000,
    },
  );

  // Back in the form, holding the shorter recording and what was typed.
  const savedDraft = recorder.getByText(/^Saved draft · \d\d:\d\d$/);
  await expect(savedDraft).toBeVisible({ timeout: 15_000 });
  const shownSeconds = Number(/:(\d\d)$/.exec(await savedDraft.innerText())![1]);
  expect(Math.abs(shownSeconds * 1000 - edited)).toBeLessThanOrEqual(600);
  await expect(recorder.getByRole('textbox', { name: 'Description' })).toHaveValue('Cut in the editor');
  await expect(openInEditor).toBeFocused();

  // Publishing makes that draft the post: no second copy, no draft left.
  await recorder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    'Your voice post has been uploaded!',
    { timeout: 30_000 },
  );
  expect((await (await page.request.get('/api/diary')).json()) as Post[]).toEqual([]);
  const feed = (await (await page.request.get('/api/feed')).json()) as Post[];
  const published = feed.filter((post) => post.title === title);
  expect(published).toHaveLength(1);
  const post = published[0]!;
  expect(post).toMatchObject({ id: drafts[0]!.id, isDraft: false, isPrivate: false, type: 'post' });
  expect(post.transcription).toBe('Cut in the editor');
  expect(Math.abs(post.duration * 1000 - edited)).toBeLessThan(250);

  // It plays, at its shorter length.
  await page.goto(`/posts/${post.id}`);
  const player = page.getByRole('group', { name: `Player: ${title}` });
  const seekBar = player.getByRole('slider', { name: `Seek ${title}` });
  // The player shows the length it plays: the shorter one, to the second.
  await expect
    .poll(
      async () => Number(/of 0:(\d\d)$/.exec((await seekBar.getAttribute('aria-valuetext')) ?? '')?.[1]),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(Math.floor(post.duration));
  const shownLength = Number(/of 0:(\d\d)$/.exec((await seekBar.getAttribute('aria-valuetext')) ?? '')?.[1]);
  expect(shownLength).toBeLessThanOrEqual(Math.ceil(post.duration));
  expect(shownLength * 1000).toBeLessThan(original - 1000);
  await player.getByRole('button', { name: `Play ${title}` }).click();
  await expect(player.getByRole('button', { name: `Pause ${title}` })).toBeVisible({ timeout: 10_000 });
  await expect(seekBar).not.toHaveAttribute('aria-valuenow', '0', { timeout: 10_000 });
});

test('a take opened in the editor and cancelled stays in the drafts when the form is cancelled', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpQuickly(page, 'Kim', 'Keeper');
  await page.goto('/');
  const title = 'Kept for later';
  const recorder = page.getByRole('region', { name: 'Recorder', exact: true });
  await recorder.getByRole('button', { name: 'Share your voice' }).click({ timeout: 15_000 });
  await recorder.getByRole('textbox', { name: 'Title' }).fill(title);
  await recorder.getByRole('button', { name: 'Start Recording' }).click();
  await recorder.getByRole('button', { name: 'Voice Post' }).click();
  await timerReaches(recorder.getByRole('timer'), 2, 20_000);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await recorder.getByRole('button', { name: 'Open in editor' }).click({ timeout: 10_000 });
  const editor = page.getByRole('dialog', { name: title });
  await expect(editor.getByRole('slider', { name: 'Waveform: playhead and selection' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the editor opened from the publish form');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden({ timeout: 5_000 });

  // Opening it again saves nothing more; cancelling the form keeps the one draft and says so.
  await recorder.getByRole('button', { name: 'Open in editor' }).click();
  await expect(editor).toBeVisible({ timeout: 15_000 });
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden({ timeout: 5_000 });
  await recorder.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Saved to your drafts', {
    timeout: 5_000,
  });
  const drafts = (await (await page.request.get('/api/diary')).json()) as Post[];
  expect(drafts.map((draft) => draft.title)).toEqual([title]);
});

test('a draft applied from Drafts and saved in the form keeps its edits: reopened, the cut can be undone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpQuickly(page, 'Hana', 'History');
  const title = 'History kept';
  const renamed = 'History kept, renamed';
  const draft = await saveDraftThroughApi(page.request, title, 9);
  await page.goto('/drafts');

  const { editor, waveform } = await openEditor(page, title);
  const original = await lengthMs(waveform);
  await waveform.focus();
  await page.keyboard.press('Delete');
  await expect.poll(() => lengthMs(waveform)).toBeLessThan(original - 2000);
  const edited = await lengthMs(waveform);
  await editor.getByRole('button', { name: 'Apply' }).first().click();
  await expect(editor).toBeHidden({ timeout: 60_000 });

  // Home's save form holds the edited draft; saving it sends its fields alone.
  const recorder = page.getByRole('region', { name: 'Voice draft recorder', exact: true });
  await expect(recorder.getByRole('heading', { name: 'Save Voice Diary Entry' })).toBeVisible({
    timeout: 15_000,
  });
  await recorder.getByLabel('Title', { exact: true }).fill(renamed);
  const saving = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().endsWith('/api/diary'),
  );
  await recorder.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saving).postData() ?? '').not.toContain('name="audio"');
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Draft Saved', {
    timeout: 30_000,
  });
  const listed = ((await (await page.request.get('/api/diary')).json()) as Post[])[0]!;
  expect(listed).toMatchObject({ id: draft.id, title: renamed });
  expect(Math.abs(listed.duration * 1000 - edited)).toBeLessThan(250);

  // The editor reopens on the same edit list: the cut is there to undo.
  await page.goto('/drafts');
  const reopened = await openEditor(page, renamed);
  await expect.poll(() => lengthMs(reopened.waveform)).toBe(edited);
  await reopened.editor.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => lengthMs(reopened.waveform)).toBe(original);
});
