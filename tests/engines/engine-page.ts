import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ClickRefused, type EngineDriver, type EngineName, type KeyName } from './driver';
import { describeQuery, inPageQueries, serializeQuery, type Query, type QueryInput } from './query';

/** Every wait has a limit; this one unless a step says otherwise. */
export const WAIT_MS = 15_000;
const POLL_MS = 100;

export const SCREENSHOTS_DIR = path.resolve('test-results', 'engines');

/**
 * The page as the flows see it, the same in every engine: go to, click and fill by accessible name, run a function
 * in the page, wait for a condition (always with a limit), screenshot. Built once over an engine's adapter.
 */
export class EnginePage {
  constructor(
    private readonly driver: EngineDriver,
    readonly origin: string,
  ) {}

  get engine(): EngineName {
    return this.driver.engine;
  }

  async goto(pathname: string): Promise<void> {
    await this.driver.navigate(new URL(pathname, this.origin).href);
  }

  /** Finds, clicks and runs scripts in the iframe `css` finds until `leaveFrame` (or the next `goto`). */
  async enterFrame(css: string): Promise<void> {
    await this.until(`the frame ${css} to load`, WAIT_MS, async () => {
      await this.driver.enterFrame(css);
      const loaded = await this.driver.evaluate('() => document.readyState === "complete"', []);
      if (!loaded) await this.driver.leaveFrame();
      return loaded ? true : null;
    });
  }

  leaveFrame(): Promise<void> {
    return this.driver.leaveFrame();
  }

  /** The page's URL path. */
  async path(): Promise<string> {
    return this.evaluate(() => location.pathname);
  }

  /** Runs `fn` in the page (it must use nothing from outside but its JSON arguments). */
  async evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    await this.installQueries();
    return (await this.driver.evaluate(fn.toString(), args)) as Awaited<R>;
  }

  /**
   * Clicks the element once it shows and is enabled, with the engine's trusted input (a user gesture). A click the
   * engine refuses (the element moved out of view or under another as the page settled: nothing was clicked) is
   * tried again, within the same limit.
   */
  async click(query: QueryInput, timeout = WAIT_MS): Promise<void> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const element = await this.actionable(query, Math.max(deadline - Date.now(), POLL_MS));
      try {
        return await element.click();
      } catch (error) {
        if (!(error instanceof ClickRefused) || Date.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** What there is instead, for a failure message: the names of the elements with the query's role. */
  private async whatThereIs(query: QueryInput): Promise<string> {
    if (!('role' in query)) return '';
    const names = await this.evaluate(
      (q: Query) => window.__engineQueries!.namesOfRole(q),
      serializeQuery(query),
    );
    return `; ${query.role} elements there: ${JSON.stringify(names)}`;
  }

  async fill(query: QueryInput, text: string, timeout = WAIT_MS): Promise<void> {
    const element = await this.actionable(query, timeout);
    await element.fill(text);
  }

  /** Chooses `file` in a file input (found by CSS: file inputs are hidden behind their buttons). */
  async chooseFile(query: QueryInput, file: string, timeout = WAIT_MS): Promise<void> {
    const element = await this.until(`${describeQuery(query)} is there`, timeout, async () => {
      await this.installQueries();
      return this.driver.element(((q: Query) => window.__engineQueries!.find(q)).toString(), [
        serializeQuery(query),
      ]);
    });
    await element.setFile(file);
  }

  /** Waits until `fn`, run in the page, answers something truthy; answers that. */
  async waitFor<A extends unknown[], R>(
    what: string,
    fn: (...args: A) => R,
    options: { args?: A; timeout?: number } = {},
  ): Promise<NonNullable<Awaited<R>>> {
    const args = options.args ?? ([] as unknown as A);
    return this.until(
      what,
      options.timeout ?? WAIT_MS,
      async () => (await this.evaluate(fn, ...args)) || null,
    );
  }

  async waitForVisible(query: QueryInput, timeout = WAIT_MS): Promise<void> {
    await this.explainFailure(query, () =>
      this.waitFor(
        `${describeQuery(query)} shows`,
        (q: Query) => {
          const element = window.__engineQueries!.find(q);
          return !!element && element.getClientRects().length > 0;
        },
        { args: [serializeQuery(query)], timeout },
      ),
    );
  }

  async waitForGone(query: QueryInput, timeout = WAIT_MS): Promise<void> {
    await this.waitFor(`${describeQuery(query)} goes`, (q: Query) => window.__engineQueries!.count(q) === 0, {
      args: [serializeQuery(query)],
      timeout,
    });
  }

  /** Waits until the element's text (or accessible value, for a slider) matches. Answers the text. */
  async waitForText(query: QueryInput, expected: RegExp, timeout = WAIT_MS): Promise<string> {
    return this.waitFor(
      `${describeQuery(query)} to read ${expected}`,
      (q: Query, source: string, flags: string) => {
        const element = window.__engineQueries!.find(q);
        const text = element?.getAttribute('aria-valuetext') ?? element?.textContent ?? '';
        return new RegExp(source, flags).test(text) ? text : null;
      },
      { args: [serializeQuery(query), expected.source, expected.flags], timeout },
    );
  }

  async count(query: QueryInput): Promise<number> {
    return this.evaluate((q: Query) => window.__engineQueries!.count(q), serializeQuery(query));
  }

  /** A key pressed where the focus is, with the engine's trusted input. */
  async press(key: KeyName): Promise<void> {
    await this.driver.press(key);
  }

  async setViewport(width: number, height: number): Promise<void> {
    await this.driver.setViewport(width, height);
  }

  /** Saves a PNG of the viewport as test-results/engines/<engine>/<name>.png. */
  async screenshot(name: string): Promise<string> {
    const file = path.join(SCREENSHOTS_DIR, this.engine, `${name}.png`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await this.driver.screenshot());
    return file;
  }

  async sessionCookie(): Promise<string> {
    const sid = await this.driver.cookie('sid');
    if (!sid) throw new Error(`${this.engine} holds no session cookie`);
    return `sid=${sid}`;
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  /** Runs `wait`; if it fails, adds what the page has instead of the query's element. */
  private async explainFailure<T>(query: QueryInput, wait: () => Promise<T>): Promise<T> {
    try {
      return await wait();
    } catch (error) {
      if (error instanceof Error) error.message += await this.whatThereIs(query).catch(() => '');
      throw error;
    }
  }

  private async actionable(query: QueryInput, timeout: number) {
    return this.explainFailure(query, () =>
      this.until(`${describeQuery(query)} shows, enabled`, timeout, async () => {
        await this.installQueries();
        return this.driver.element(
          ((q: Query) => {
            const element = window.__engineQueries!.find(q);
            const enabled =
              element &&
              !(element as HTMLButtonElement).disabled &&
              element.getAttribute('aria-disabled') !== 'true';
            if (!enabled || element.getClientRects().length === 0) return null;
            // Where a person looks, clear of a phone's fixed tab bar (WebDriver scrolls it to the window's edge).
            element.scrollIntoView({ block: 'center', inline: 'nearest' });
            return element;
          }).toString(),
          [serializeQuery(query)],
        );
      }),
    );
  }

  /** The in-page queries, once per document. */
  private async installQueries(): Promise<void> {
    const installed = await this.driver.evaluate('() => !!window.__engineQueries', []);
    if (!installed) await this.driver.evaluate(`() => { ${await inPageQueries()} }`, []);
  }

  /** Polls `attempt` until it answers something (errors while a page navigates count as not yet). */
  private async until<T>(what: string, timeout: number, attempt: () => Promise<T | null>): Promise<T> {
    const deadline = Date.now() + timeout;
    let lastError: unknown;
    for (;;) {
      try {
        const result = await attempt();
        if (result !== null && result !== undefined) return result;
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline) {
        const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
        throw new Error(`${this.engine}: waited ${timeout} ms for ${what}${cause}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
