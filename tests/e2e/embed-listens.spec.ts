import type { Page } from '@playwright/test';
import type { UserStats } from '../../src/shared/contract/stats';
import { embedPath } from '../../src/shared/domain/embed';
import { startForeignSite } from '../engines/foreign-site';
import { expect, test } from './fixtures';
import { publishPost, signUpQuickly } from './support';

/**
 * Plays in the embeddable player count as the app's do (issue 27): the same report to the same route, so the same
 * rules hold: five seconds heard make a listen, one a listener a day, and never the owner's own plays.
 */

const WAIT = { timeout: 20_000 };

const statsOf = async (owner: Page, userId: string) =>
  (await (await owner.request.get(`/api/users/${userId}/stats`)).json()) as UserStats;

test('a visitor’s play of the embed on another site counts as a listen; the owner’s own play does not', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await (await browser.newContext({ baseURL })).newPage();
  const ada = await signUpQuickly(owner, 'Ada', 'Embedded');
  const post = await publishPost(owner.request, { title: 'Heard elsewhere', seconds: 7 });
  const play = { name: `Play ${post.title}` };
  const pause = { name: `Pause ${post.title}` };

  // A signed-out visitor, on a page of another site (another host of the loopback) that frames the player.
  const site = await startForeignSite(0, `${baseURL}${embedPath(post.id)}`, post.title);
  try {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(site.url);
    const framed = visitor.frameLocator('iframe');
    await framed.getByRole('button', play).click();
    await expect(framed.getByRole('button', pause)).toBeVisible(WAIT);
    await expect.poll(async () => (await statsOf(owner, ada.id)).listens, WAIT).toBe(1);
    // Played to its end: what was heard after the first five seconds is reported too.
    await expect(framed.getByRole('button', play)).toBeVisible(WAIT);
    await expect
      .poll(async () => (await statsOf(owner, ada.id)).listeningSeconds, WAIT)
      .toBeGreaterThan(post.duration - 1.5);
    const heardByVisitor = await statsOf(owner, ada.id);

    // The owner, signed in, plays their own embed to its end: both reports are answered, nothing is counted.
    const answered: number[] = [];
    owner.on('response', (response) => {
      if (response.url().endsWith(`/${post.id}/listens`)) answered.push(response.status());
    });
    await owner.goto(embedPath(post.id));
    await owner.getByRole('button', play).click();
    await expect(owner.getByRole('button', pause)).toBeVisible(WAIT);
    await expect(owner.getByRole('button', play)).toBeVisible(WAIT);
    await expect.poll(() => answered, WAIT).toEqual([200, 200]);
    expect(await statsOf(owner, ada.id)).toMatchObject({
      listens: heardByVisitor.listens,
      listeningSeconds: heardByVisitor.listeningSeconds,
    });
  } finally {
    await site.close();
  }
});
