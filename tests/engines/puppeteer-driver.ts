import type { ChildProcess } from 'node:child_process';
import puppeteer, {
  type Browser,
  type ElementHandle as PuppeteerElement,
  type Frame,
  type Page,
} from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../../playwright.config';
import { fakeMicrophoneArgs } from '../support/microphone';
import { ClickRefused, type ElementHandle, type EngineDriver, type KeyName } from './driver';
import { startSoundServer } from './sound-server';

/**
 * Chromium over the DevTools protocol and Firefox over WebDriver BiDi, both through puppeteer-core, each the
 * machine's own browser (puppeteer-core never downloads one).
 */

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const COMMAND_TIMEOUT_MS = 30_000;

/**
 * Firefox's fake microphone makes sound for as long as its media graph runs, and the graph is clocked by its output
 * stream: each stretch the sound server plays is a stretch of graph time. With the default buffer (512 frames, about
 * 10 ms), a Firefox stalled longer than that on this loaded 2-core machine underruns: the sound server plays
 * silence meanwhile, the graph never gets that time back, and the recording comes out shorter than the time that
 * passed (a bare MediaRecorder's 5 s take kept 4.1 s with six busy loops on the machine; the graph's own log showed
 * it 0.46 s behind the clock at the end of a take that lost 0.44 s). A second of buffer rides out such stalls.
 * Nobody listens to that output, so its latency costs nothing.
 */
const FAKE_MICROPHONE_BUFFER_FRAMES = 48_000;

/** Where an element notes that a click reached it (`PuppeteerElementHandle.click`). */
type Watched = Element & { engineClickReceived?: boolean };

class PuppeteerElementHandle implements ElementHandle {
  constructor(private readonly handle: PuppeteerElement) {}

  /**
   * Puppeteer finds the element's point, then clicks there, in separate steps: an element that moves in between (the
   * page still laying out, on a loaded machine) is missed and the click lands on whatever took its place, without an
   * error. A click the element did not receive is refused, as WebDriver refuses an intercepted one.
   */
  async click(): Promise<void> {
    await this.handle.evaluate((element: Watched) => {
      element.engineClickReceived = false;
      element.addEventListener('click', () => (element.engineClickReceived = true), {
        once: true,
        capture: true,
      });
    });
    try {
      await this.handle.click();
    } catch (error) {
      // Puppeteer's errors for an element it found no point of to click.
      if (/not clickable|detached from document/.test(String(error)))
        throw new ClickRefused(String(error), { cause: error });
      throw error;
    }
    // A click that took the page elsewhere took its document, and the note, with it.
    const received = await this.handle
      .evaluate((element: Watched) => element.engineClickReceived !== false)
      .catch(() => true);
    if (!received)
      throw new ClickRefused('the click landed beside the element, which moved as it was clicked');
  }

  async fill(text: string): Promise<void> {
    await this.handle.evaluate((field) => (field as HTMLInputElement).select());
    if (text) await this.handle.type(text);
    else await this.handle.press('Backspace');
  }

  async setFile(file: string): Promise<void> {
    await (this.handle as PuppeteerElement<HTMLInputElement>).uploadFile(file);
  }
}

class PuppeteerDriver implements EngineDriver {
  /** Where scripts run: the page, or a frame entered. */
  private target: Page | Frame;

  constructor(
    readonly engine: 'chromium' | 'firefox',
    private readonly browser: Browser,
    private readonly page: Page,
    /** What the browser needs beside it, stopped with it. */
    private readonly companions: ChildProcess[],
  ) {
    this.target = page;
  }

  evaluate(functionSource: string, args: unknown[]): Promise<unknown> {
    // A function built from its source runs in the page as any function puppeteer is given.
    return this.target.evaluate(`(${functionSource}).apply(null, ${JSON.stringify(args)})`);
  }

  async element(functionSource: string, args: unknown[]): Promise<ElementHandle | null> {
    const handle = await this.target.evaluateHandle(
      `(${functionSource}).apply(null, ${JSON.stringify(args)})`,
    );
    const element = handle.asElement();
    if (!element) {
      await handle.dispose();
      return null;
    }
    return new PuppeteerElementHandle(element as PuppeteerElement);
  }

  async navigate(url: string): Promise<void> {
    this.target = this.page;
    await this.page.goto(url, { waitUntil: 'load', timeout: COMMAND_TIMEOUT_MS });
  }

  async enterFrame(css: string): Promise<void> {
    const frame = await (await this.target.$(css))?.contentFrame();
    if (!frame) throw new Error(`${this.engine}: no frame at ${css}`);
    this.target = frame;
  }

  async leaveFrame(): Promise<void> {
    this.target = this.page;
  }

  async press(key: KeyName): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async setViewport(width: number, height: number): Promise<void> {
    await this.page.setViewport({ width, height });
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot({ type: 'png' }));
  }

  async cookie(name: string): Promise<string | undefined> {
    return (await this.browser.cookies()).find((cookie) => cookie.name === name)?.value;
  }

  async close(): Promise<void> {
    await this.browser.close();
    for (const child of this.companions) child.kill('SIGTERM');
  }
}

async function driverFor(
  engine: 'chromium' | 'firefox',
  browser: Browser,
  companions: ChildProcess[] = [],
): Promise<EngineDriver> {
  const page = await browser.newPage();
  page.setDefaultTimeout(COMMAND_TIMEOUT_MS);
  // A flow leaves a page whatever it holds, as a person who confirms "Leave page" does.
  page.on('dialog', (dialog) => void dialog.accept());
  return new PuppeteerDriver(engine, browser, page, companions);
}

/** Debian's Chromium with the e2e suite's flags, its fake microphone playing `microphoneWav` (a tone). */
export async function launchChromium(microphoneWav: string): Promise<EngineDriver> {
  const browser = await puppeteer.launch({
    browser: 'chrome',
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...fakeMicrophoneArgs(microphoneWav)],
  });
  return driverFor('chromium', browser);
}

/**
 * Debian's Firefox ESR over WebDriver BiDi; its fake microphone plays a tone, asked for without a prompt. It plays
 * through a sound server of its own (`startSoundServer`), in real time.
 */
export async function launchFirefox(workDir: string): Promise<EngineDriver> {
  const sound = await startSoundServer(workDir);
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      env: { ...process.env, ...sound.env },
      extraPrefsFirefox: {
        'media.navigator.streams.fake': true,
        'media.navigator.permission.disabled': true,
        'media.cubeb_latency_mtg_frames': FAKE_MICROPHONE_BUFFER_FRAMES,
      },
    });
    return await driverFor('firefox', browser, sound.children);
  } catch (error) {
    for (const child of sound.children) child.kill('SIGKILL');
    throw error;
  }
}
