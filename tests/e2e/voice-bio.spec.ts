import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { VoiceBio } from '../../src/shared/contract/voice-bio';
import { expectNoSeriousA11yViolations, signUpQuickly, stopOnceTimerReaches } from './support';

/**
 * The voice bio (spec §2 Profile, §4 voice bio recorder) in Debian Chromium with the fake microphone: A records
 * one on their own profile, the avatar's ring lights up and it plays; A re-records it; B sees and plays it on
 * A's profile without A's buttons; A deletes it after confirming, and B then sees nothing for it.
 */

const WAIT = { timeout: 15_000 };

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
}

async function voiceBioOf(request: APIRequestContext, userId: string): Promise<VoiceBio> {
  const response = await request.get(`/api/voice-bio/${userId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as VoiceBio;
}

/** The server measured the take, 3 s or a little more, of the fake microphone's tone: sound, not silence. */
async function expectAudible(
  request: APIRequestContext,
  voiceBio: VoiceBio,
  longestTake: number,
): Promise<void> {
  expect(voiceBio.voiceBioDuration).toBeGreaterThan(1.2);
  expect(voiceBio.voiceBioDuration).toBeLessThan(longestTake + 1);
  const audio = await request.get(voiceBio.voiceBioUrl!, { timeout: 15_000 });
  expect(audio.ok(), `GET ${voiceBio.voiceBioUrl}`).toBe(true);
  const response = await request.post('/api/test/audio-analysis', {
    multipart: { audio: { name: 'voice-bio.webm', mimeType: 'audio/webm', buffer: await audio.body() } },
    timeout: 30_000,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const analysis = (await response.json()) as { peakDb: number | null; loudnessLufs: number | null };
  expect(analysis.peakDb).not.toBeNull();
  expect(analysis.peakDb!).toBeGreaterThan(-25);
  expect(analysis.loudnessLufs!).toBeGreaterThan(-40);
}

/**
 * In the recorder dialog: records 3 s or a little more, listens back is offered, then saves. Answers the longest the
 * take can be.
 */
async function recordAndSave(page: Page, dialogName: string): Promise<number> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByText('Record up to 30 seconds for your voice bio')).toBeVisible(WAIT);
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  const stop = dialog.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeEnabled(WAIT);
  // Long enough that it still plays when the test reaches for Pause on a busy machine.
  const longestTake = await stopOnceTimerReaches(dialog.getByRole('timer'), stop, 3);
  await expect(dialog.getByRole('button', { name: 'Play your voice bio' })).toBeVisible(WAIT);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused(WAIT);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Voice Bio Updated')).toBeVisible(WAIT);
  await expect(dialog).toBeHidden(WAIT);
  return longestTake;
}

test.describe('the voice bio', () => {
  test('A adds, plays and re-records a voice bio; B hears it; A deletes it', async ({ browser }) => {
    test.setTimeout(180_000);
    const pageA = await (await browser.newContext()).newPage();
    const pageB = await (await browser.newContext()).newPage();
    const vera = await signUpQuickly(pageA, 'Vera', 'Voice');
    await signUpQuickly(pageB, 'Ben', 'Listener');
    const ringA = pageA.locator('header [data-voice-bio]');
    const playName = "Play Vera Voice's voice bio";
    let first: VoiceBio;

    await test.step('A adds a voice bio: the ring lights up and it plays', async () => {
      await pageA.goto('/profile');
      await expect(pageA.getByRole('heading', { name: 'Vera Voice', level: 1 })).toBeVisible(WAIT);
      await expect(ringA).toHaveCount(0);
      await pageA.getByRole('button', { name: 'Add Voice Bio' }).click();
      await expectNoSeriousA11yViolations(pageA, '[role="dialog"]', 'the voice bio recorder');
      const longestTake = await recordAndSave(pageA, 'Add Voice Bio');

      await expect(ringA).toBeVisible(WAIT);
      first = await voiceBioOf(pageA.request, vera.id);
      await expectAudible(pageA.request, first, longestTake);

      const play = pageA.getByRole('button', { name: playName });
      await expect(play).toBeEnabled(WAIT);
      await play.click();
      const pause = pageA.getByRole('button', { name: "Pause Vera Voice's voice bio" });
      await expect(pause).toBeVisible(WAIT);
      await expect
        .poll(
          () => pageA.locator('header audio').evaluate((audio: HTMLAudioElement) => audio.currentTime),
          WAIT,
        )
        .toBeGreaterThan(0.3);
      await pause.click();
      await expect(play).toBeVisible(WAIT);
      await expectNoSeriousA11yViolations(pageA, 'header', 'own profile with a voice bio');
    });

    await test.step('A re-records it', async () => {
      await pageA.getByRole('button', { name: 'Re-record' }).click();
      const longestTake = await recordAndSave(pageA, 'Re-record Voice Bio');
      const second = await voiceBioOf(pageA.request, vera.id);
      expect(second.voiceBioUrl).not.toBe(first.voiceBioUrl);
      await expectAudible(pageA.request, second, longestTake);
      await expect(ringA).toBeVisible(WAIT);
    });

    await test.step('B sees the ring and plays it, without A’s buttons', async () => {
      await pageB.goto(`/profile/${vera.id}`);
      await expect(pageB.getByRole('heading', { name: 'Vera Voice', level: 1 })).toBeVisible(WAIT);
      await expect(pageB.locator('header [data-voice-bio]')).toBeVisible(WAIT);
      const play = pageB.getByRole('button', { name: playName });
      await expect(play).toBeEnabled(WAIT);
      await play.click();
      await expect(pageB.getByRole('button', { name: "Pause Vera Voice's voice bio" })).toBeVisible(WAIT);
      await expect(pageB.getByRole('button', { name: /Re-record|Delete|Add Voice Bio/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(pageB, 'header', 'another person’s profile with a voice bio');
    });

    await test.step('A deletes it after confirming; B then sees nothing for it', async () => {
      await pageA.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = pageA.getByRole('dialog', { name: 'Delete your voice bio?' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden(WAIT);
      expect((await voiceBioOf(pageA.request, vera.id)).voiceBioUrl).not.toBeNull();

      await pageA.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(toast(pageA, 'Voice Bio Deleted')).toBeVisible(WAIT);
      await expect(pageA.getByRole('button', { name: 'Add Voice Bio' })).toBeVisible(WAIT);
      await expect(ringA).toHaveCount(0, WAIT);
      expect((await voiceBioOf(pageA.request, vera.id)).voiceBioUrl).toBeNull();

      await pageB.reload();
      await expect(pageB.getByRole('heading', { name: 'Vera Voice', level: 1 })).toBeVisible(WAIT);
      await expect(pageB.locator('header [data-voice-bio]')).toHaveCount(0);
      await expect(pageB.getByRole('heading', { name: 'Voice bio' })).toHaveCount(0);
      await expect(pageB.getByRole('button', { name: playName })).toHaveCount(0);
    });
  });
});
