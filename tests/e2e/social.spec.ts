import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Post } from '../../src/shared/contract/posts';
import type { Comment, Notification } from '../../src/shared/contract/social';
import { writtenTone } from '../support/audio';
import { expectNoSeriousA11yViolations, signUpQuickly, stopOnceTimerReaches } from './support';

/**
 * The social layer end to end (issue 5), in Debian Chromium with the fake microphone: B follows A, likes A's
 * post and records a voice reply; A sees three notifications and opens the post from one; a signed-out visitor
 * opens the shared link and leaves a voice reply on a post that takes them.
 *
 * Mount points this relies on (the post page, `/posts/:id` and `/post/:id`): the author's <FollowButton> with
 * `userName`, <LikeDislikeButtons>, and <VoiceCommentThread> with the shared player.
 */

const WAIT = { timeout: 15_000 };

interface Analysis {
  durationSeconds: number;
  peakDb: number | null;
  loudnessLufs: number | null;
}

/** What the server hears in a stored recording: proof the fake microphone's tone arrived, not silence. */
async function analyseStoredAudio(request: APIRequestContext, audioUrl: string): Promise<Analysis> {
  const audio = await request.get(audioUrl, { timeout: 15_000 });
  expect(audio.ok(), `GET ${audioUrl}`).toBe(true);
  const response = await request.post('/api/test/audio-analysis', {
    multipart: {
      audio: { name: 'comment.webm', mimeType: 'audio/webm', buffer: await audio.body() },
    },
    timeout: 30_000,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Analysis;
}

function expectAudible(comment: Comment, analysis: Analysis, longestTake: number): void {
  // The server measures the duration itself: the take of the looping tone, 2 s or a little more.
  expect(comment.duration).toBeGreaterThan(1.2);
  expect(comment.duration).toBeLessThan(longestTake + 1);
  // Sound throughout the 100 bars (silence leaves them at zero). The browser's noise suppression fades a steady
  // tone after a second, so the bars fall from 1 to about 0.05, never to nothing.
  expect(comment.waveformData).toHaveLength(100);
  expect(comment.waveformData.filter((bar) => bar > 0.02).length).toBeGreaterThan(90);
  expect(Math.max(...comment.waveformData)).toBe(1);
  expect(analysis.peakDb).not.toBeNull();
  expect(analysis.peakDb!).toBeGreaterThan(-25);
  expect(analysis.loudnessLufs!).toBeGreaterThan(-40);
}

/** The toast (spec §8), in its own region: screen readers hear it from there. */
function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
}

/**
 * Records a reply of 2 s or a little more with the fake microphone; leaves the thread in "comment ready". Answers the
 * longest the take can be.
 */
async function recordReply(page: Page): Promise<number> {
  const thread = page.locator('[data-voice-thread]');
  await thread.getByRole('button', { name: 'Record a voice reply' }).click();
  const stop = thread.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeEnabled(WAIT);
  const longestTake = await stopOnceTimerReaches(thread.getByRole('timer'), stop, 2);
  await expect(thread.getByRole('button', { name: 'Play your reply' })).toBeVisible(WAIT);
  await expect(thread.getByRole('button', { name: 'Post' })).toBeFocused(WAIT);
  return longestTake;
}

test.describe('the social layer', () => {
  let postAudio: Buffer;

  test.beforeAll(async () => {
    postAudio = await writtenTone({
      seconds: 3,
      gainDb: 6,
      extension: 'webm',
      codecArgs: ['-c:a', 'libopus'],
    });
  });

  test('B follows, likes and replies by voice; A hears of it; a visitor replies on a shared link', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const pageA = await (await browser.newContext()).newPage();
    const pageB = await (await browser.newContext()).newPage();
    const visitor = await (await browser.newContext()).newPage();

    const author = await signUpQuickly(pageA, 'Ada', 'Author');
    const listener = await signUpQuickly(pageB, 'Ben', 'Listener');
    const created = await pageA.request.post('/api/posts', {
      multipart: {
        audio: { name: 'recording.webm', mimeType: 'audio/webm', buffer: postAudio },
        title: 'Notes from the harbour',
        allowVisitorComments: 'true',
      },
      timeout: 30_000,
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as Post;
    expect(post.allowVisitorComments).toBe(true);

    await test.step('B follows A, likes the post and posts a voice reply', async () => {
      await pageB.goto(`/posts/${post.id}`);
      await expect(pageB.getByRole('heading', { name: 'Notes from the harbour' }).first()).toBeVisible(WAIT);

      const follow = pageB.getByRole('button', { name: 'Follow Ada Author' });
      await expect(follow).toBeVisible(WAIT);
      await follow.click();
      await expect(pageB.getByRole('button', { name: 'Following Ada Author' })).toBeVisible(WAIT);

      const like = pageB.getByRole('button', { name: /^Like\b/ });
      const dislike = pageB.getByRole('button', { name: /^Dislike\b/ });
      await expect(like).toHaveAttribute('aria-pressed', 'false', WAIT);
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true', WAIT);
      await expect(like).toHaveAccessibleName('Like 1', WAIT);
      await expect(dislike).toHaveAttribute('aria-pressed', 'false', WAIT);

      const thread = pageB.locator('[data-voice-thread]');
      await expect(thread.getByText('(0 replies)')).toBeVisible(WAIT);
      const longestTake = await recordReply(pageB);
      await thread.getByRole('button', { name: 'Post' }).click();
      await expect(toast(pageB, 'Your voice comment has been posted!')).toBeVisible(WAIT);
      await expect(thread.getByText('(1 replies)')).toBeVisible(WAIT);
      await expect(thread.getByRole('button', { name: 'Record a voice reply' })).toBeVisible(WAIT);
      const reply = thread.getByRole('listitem').filter({ hasText: 'Ben Listener' });
      await expect(reply).toBeVisible(WAIT);
      await expect(reply.getByText('now')).toBeVisible(WAIT);
      await expect(reply.getByRole('button', { name: 'Delete reply from Ben Listener' })).toBeVisible(WAIT);

      await expectNoSeriousA11yViolations(
        pageB,
        ['[data-voice-thread]', '[role="group"][aria-label="Reactions"]'],
        'the post with its reply',
      );

      // The server heard the tone: measured duration, a full waveform, real loudness.
      const comments = (await (
        await pageB.request.get(`/api/posts/${post.id}/comments`)
      ).json()) as Comment[];
      expect(comments).toHaveLength(1);
      expect(comments[0]!.user?.id).toBe(listener.id);
      expectAudible(
        comments[0]!,
        await analyseStoredAudio(pageB.request, comments[0]!.audioUrl),
        longestTake,
      );
    });

    await test.step('A sees three notifications and opens the post from one', async () => {
      await pageA.goto('/notifications');
      const list = pageA.getByRole('list', { name: 'Notifications, newest first' });
      await expect(list.getByRole('listitem')).toHaveCount(3, WAIT);
      await expect(pageA.getByText('3 new', { exact: true })).toBeVisible(WAIT);
      await expect(list.getByRole('link', { name: /Ben Listener started following you/ })).toBeVisible(WAIT);
      await expect(list.getByRole('link', { name: /Ben Listener commented on your post/ })).toBeVisible(WAIT);
      await expectNoSeriousA11yViolations(pageA, 'html', 'the notifications');

      // Keyboard reachable: the notification is a link, opened with Enter.
      const liked = list.getByRole('link', { name: /Ben Listener liked your post/ });
      await liked.focus();
      await expect(liked).toBeFocused(WAIT);
      await pageA.keyboard.press('Enter');
      await expect(pageA).toHaveURL(new RegExp(`/post/${post.id}$`), WAIT);
      await expect(pageA.getByRole('heading', { name: 'Notes from the harbour' }).first()).toBeVisible(WAIT);
      const thread = pageA.locator('[data-voice-thread]');
      await expect(thread.getByText('(1 replies)')).toBeVisible(WAIT);
      // The post's owner may delete any reply to it.
      await expect(thread.getByRole('button', { name: 'Delete reply from Ben Listener' })).toBeVisible(WAIT);

      // Opening it marked it read; "Mark all as read" does the rest, on the server too.
      await pageA.goto('/notifications');
      await expect(pageA.getByText('2 new', { exact: true })).toBeVisible(WAIT);
      await pageA.getByRole('button', { name: 'Mark all as read' }).click();
      await expect(pageA.getByText(/^\d+ new$/)).toHaveCount(0, WAIT);
      await expect(pageA.getByTestId('unread-dot')).toHaveCount(0, WAIT);
      const notifications = (await (await pageA.request.get('/api/notifications')).json()) as Notification[];
      expect(notifications.map((notification) => notification.read)).toEqual([true, true, true]);
    });

    await test.step('a signed-out visitor replies by voice on the shared link', async () => {
      await visitor.goto(`/posts/${post.id}`);
      await expect(visitor.getByRole('heading', { name: 'Notes from the harbour' }).first()).toBeVisible(
        WAIT,
      );
      const thread = visitor.locator('[data-voice-thread]');
      await expect(thread.getByText('(1 replies)')).toBeVisible(WAIT);
      // Signed out: no follow button, and reacting means signing in.
      await expect(visitor.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

      const longestTake = await recordReply(visitor);
      // Spec §5: Post with the name or e-mail blank reveals "Tell us who you are" and stops.
      await thread.getByRole('button', { name: 'Post' }).click();
      await expect(thread.getByText('Tell us who you are')).toBeVisible(WAIT);
      const name = thread.getByRole('textbox', { name: /^Name/ });
      const email = thread.getByRole('textbox', { name: /^Email/ });
      await expect(name).toBeFocused(WAIT);
      await expect(email).toHaveAttribute('placeholder', 'Your email (optional, for replies)');
      await expect(
        thread.getByText("Your email won't be shared publicly, only used to notify you of replies."),
      ).toBeVisible(WAIT);
      await expectNoSeriousA11yViolations(visitor, '[data-voice-thread]', "a visitor's reply form");

      // The spec's quirk: the e-mail, labelled optional, is still needed by that check.
      await name.fill('Vera Visitor');
      await thread.getByRole('button', { name: 'Post' }).click();
      await expect(email).toBeFocused(WAIT);
      await expect(thread.getByText('(1 replies)')).toBeVisible(WAIT);

      await email.fill('vera@example.com');
      await thread.getByRole('button', { name: 'Post' }).click();
      await expect(toast(visitor, 'Your voice comment has been posted!')).toBeVisible(WAIT);
      await expect(thread.getByText('(2 replies)')).toBeVisible(WAIT);
      const reply = thread.getByRole('listitem').filter({ hasText: 'Vera Visitor' });
      await expect(reply.getByText('Visitor', { exact: true })).toBeVisible(WAIT);
      await expect(reply.getByText('vera@example.com')).toHaveCount(0);

      // Only the post's owner learns the visitor's e-mail.
      const ownerView = (await (
        await pageA.request.get(`/api/posts/${post.id}/comments`)
      ).json()) as Comment[];
      const visitorComment = ownerView.find((comment) => comment.visitorName === 'Vera Visitor');
      expect(visitorComment?.user).toBeNull();
      expect(visitorComment?.visitorEmail).toBe('vera@example.com');
      const listenerView = (await (
        await pageB.request.get(`/api/posts/${post.id}/comments`)
      ).json()) as Comment[];
      expect(listenerView.find((comment) => comment.id === visitorComment?.id)?.visitorEmail).toBeNull();
      expectAudible(
        visitorComment!,
        await analyseStoredAudio(pageA.request, visitorComment!.audioUrl),
        longestTake,
      );
    });

    expect(author.id).not.toBe(listener.id);
  });
});
