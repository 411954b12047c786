import { spawn, type ChildProcess } from 'node:child_process';
import { ClickRefused, type ElementHandle, type EngineDriver, type KeyName } from './driver';
import { startSoundServer } from './sound-server';

/**
 * WebKit through WebKitGTK's WebDriver (Debian's webkit2gtk-driver): classic W3C WebDriver, JSON over HTTP, so a
 * few lines of our own. MiniBrowser runs under an Xvfb display of its own, with WebKit's mock microphone.
 */

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
/** WebDriver's code points for the keys that are not characters. */
const KEY_CODES: Record<KeyName, string> = {
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  Home: '\uE011',
  End: '\uE010',
  Enter: '\uE007',
  ' ': ' ',
};
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const COMMAND_TIMEOUT_MS = 30_000;

type WebElement = Record<typeof ELEMENT_KEY, string>;

class WebDriverSession {
  constructor(
    private readonly url: string,
    readonly id: string,
    /** What WebKitWebDriver and the browser it started last wrote. */
    private readonly browserOutput: () => string,
  ) {}

  async command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    try {
      return await webDriverCommand<T>(method, `${this.url}/session/${this.id}${path}`, body);
    } catch (error) {
      // The browser is gone (a crash of its web process ends the session): what it said last is all that tells why.
      if (!/invalid session id|fetch failed/.test(String(error))) throw error;
      const said = this.browserOutput().trim() || '(nothing)';
      throw new Error(`${String(error)}\nWebKitWebDriver and MiniBrowser wrote last:\n${said}`, {
        cause: error,
      });
    }
  }
}

/** The last lines a process wrote to stdout and stderr, which are read as it writes them. */
function recentOutput(child: ChildProcess, limit = 1_500): () => string {
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-limit));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

async function webDriverCommand<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  }).catch((error: unknown) => {
    const what = method === 'POST' && body ? ` ${JSON.stringify(body).slice(0, 200)}` : '';
    throw new Error(`WebDriver ${method} ${new URL(url).pathname}${what}: ${String(error)}`, {
      cause: error,
    });
  });
  const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) {
    throw new Error(
      `WebDriver ${method} ${new URL(url).pathname}: ${answer.value.error} ${answer.value.message}`,
    );
  }
  return answer.value;
}

/** A function's source run with its arguments, as WebDriver's "execute script" takes a function body. */
function scriptCalling(functionSource: string): string {
  return `return (${functionSource}).apply(null, arguments);`;
}

class WebKitElement implements ElementHandle {
  constructor(
    private readonly session: WebDriverSession,
    private readonly id: string,
  ) {}

  async click(): Promise<void> {
    try {
      await this.session.command('POST', `/element/${this.id}/click`);
    } catch (error) {
      // WebDriver's errors for a click it did not make (W3C WebDriver, "Element Click").
      if (/element not interactable|element click intercepted|stale element reference/.test(String(error)))
        throw new ClickRefused(String(error), { cause: error });
      throw error;
    }
  }

  async fill(text: string): Promise<void> {
    await this.session.command('POST', `/element/${this.id}/clear`);
    await this.session.command('POST', `/element/${this.id}/value`, { text });
  }

  async setFile(file: string): Promise<void> {
    await this.session.command('POST', `/element/${this.id}/value`, { text: file });
  }
}

class WebKitDriver implements EngineDriver {
  readonly engine = 'webkit' as const;

  constructor(
    private readonly session: WebDriverSession,
    private readonly processes: ChildProcess[],
  ) {}

  evaluate(functionSource: string, args: unknown[]): Promise<unknown> {
    // WebDriver awaits a promise the script answers.
    return this.session.command('POST', '/execute/sync', { script: scriptCalling(functionSource), args });
  }

  async element(functionSource: string, args: unknown[]): Promise<ElementHandle | null> {
    const found = await this.session.command<WebElement | null>('POST', '/execute/sync', {
      script: scriptCalling(functionSource),
      args,
    });
    return found ? new WebKitElement(this.session, found[ELEMENT_KEY]) : null;
  }

  async navigate(url: string): Promise<void> {
    // Navigating leaves any frame: WebDriver's commands go to the top window's new document.
    await this.session.command('POST', '/url', { url });
  }

  async enterFrame(css: string): Promise<void> {
    const frame = await this.session.command<WebElement | null>('POST', '/execute/sync', {
      script: 'return document.querySelector(arguments[0]);',
      args: [css],
    });
    if (!frame) throw new Error(`webkit: no frame at ${css}`);
    await this.session.command('POST', '/frame', { id: frame });
  }

  async leaveFrame(): Promise<void> {
    await this.session.command('POST', '/frame/parent', {});
  }

  async press(key: KeyName): Promise<void> {
    const value = KEY_CODES[key];
    await this.session.command('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value },
            { type: 'keyUp', value },
          ],
        },
      ],
    });
  }

  async setViewport(width: number, height: number): Promise<void> {
    // The window's frame (MiniBrowser's header bar) is what the window is larger than its page.
    const frame = (await this.evaluate('() => [outerWidth - innerWidth, outerHeight - innerHeight]', [])) as [
      number,
      number,
    ];
    await this.session.command('POST', '/window/rect', {
      width: width + frame[0],
      height: height + frame[1],
    });
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.session.command<string>('GET', '/screenshot'), 'base64');
  }

  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.session.command<{ name: string; value: string }[]>('GET', '/cookie');
    return cookies.find((cookie) => cookie.name === name)?.value;
  }

  async close(): Promise<void> {
    await this.session.command('DELETE', '').catch(() => undefined);
    for (const child of this.processes.reverse()) child.kill('SIGTERM');
  }
}

/** Starts Xvfb on a free display; answers it with the display's number. */
function startXvfb(timeoutMs: number): Promise<{ child: ChildProcess; display: string }> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let display = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Xvfb gave no display within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      display += chunk.toString();
      if (display.endsWith('\n')) {
        clearTimeout(timer);
        resolve({ child, display: `:${display.trim()}` });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}) before it gave a display:\n${output}`));
    });
  });
}

/** Waits until the WebDriver server at `url` takes new sessions. */
async function waitUntilReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = await webDriverCommand<{ ready: boolean }>('GET', `${url}/status`).catch(() => undefined);
    if (ready?.ready) return;
    if (Date.now() > deadline)
      throw new Error(`WebKitWebDriver did not answer at ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** WebKitWebDriver on `port`, driving MiniBrowser on an Xvfb display of its own. */
export async function launchWebKit(port: number, workDir: string): Promise<EngineDriver> {
  const xvfb = await startXvfb(15_000);
  const processes = [xvfb.child];
  try {
    const sound = await startSoundServer(workDir);
    processes.push(...sound.children);
    const env = { ...process.env, DISPLAY: xvfb.display, ...sound.env };
    const url = `http://127.0.0.1:${port}`;
    const driver = spawn('WebKitWebDriver', [`--port=${port}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    processes.push(driver);
    const driverOutput = recentOutput(driver);
    await waitUntilReady(url, 15_000);
    const session = await webDriverCommand<{ sessionId: string }>('POST', `${url}/session`, {
      capabilities: {
        alwaysMatch: {
          // A flow leaves a page whatever it holds, as a person who confirms "Leave page" does.
          unhandledPromptBehavior: 'accept',
          'webkitgtk:browserOptions': {
            binary: MINIBROWSER,
            args: ['--automation', '--enable-mock-capture-devices=true', '--enable-media-stream=true'],
          },
        },
      },
    });
    return new WebKitDriver(new WebDriverSession(url, session.sessionId, driverOutput), processes);
  } catch (error) {
    for (const child of processes) child.kill('SIGKILL');
    throw error;
  }
}
