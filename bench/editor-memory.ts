import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromiumArgs, chromiumPath } from '../playwright.config';
import { makeSpeechWebm } from './audio-fixtures';
import { signUp } from './http-load';
import { startMainServer } from './main-server';
import { log, type Row } from './report';
import { repoRoot, type Workspace } from './workspace';

/** Issue 16: a 60-minute draft opens, plays, is cut and saved with the tab under 150 MB. */
const DRAFT_SECONDS = 60 * 60;
const TAB_LIMIT_MB = 150;
const SAVE_TIMEOUT_MS = 5 * 60_000;
const MB = 1024 * 1024;

/** Proportional set size of a process (its share of shared pages), from /proc; NaN where unreadable. */
async function pssMB(pid: number): Promise<number> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

async function rendererPids(browser: Browser): Promise<number[]> {
  const session = await browser.newBrowserCDPSession();
  const info = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await session.detach();
  return info.processInfo.filter((process) => process.type === 'renderer').map((process) => process.id);
}

/**
 * Opens a 60-minute draft in the advanced editor in Chromium, plays it 5 s, cuts its middle third and saves,
 * sampling the tab every 100 ms: its JS heap (CDP Performance.getMetrics JSHeapUsedSize) and its renderer's
 * memory (PSS from /proc). Runs the built app (`npm run build`), which serves the built client.
 */
export async function benchEditorMemory(
  workspace: Workspace,
  ffmpegPath: string,
): Promise<{ rows: Row[]; notes: string[] }> {
  const builtServer = path.join('dist', 'server', 'main.js');
  if (
    !existsSync(path.join(repoRoot, 'dist', 'client', 'index.html')) ||
    !existsSync(path.join(repoRoot, builtServer))
  ) {
    throw new Error('the editor bench drives the built app: run `npm run build` first');
  }
  log(`editor: generating a ${DRAFT_SECONDS / 60}-minute Opus draft`);
  const fixture = await makeSpeechWebm(ffmpegPath, await workspace.dir('editor-fixture'), DRAFT_SECONDS);
  const server = await startMainServer(workspace, await workspace.dir('editor-data'), {}, builtServer);
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const cookie = await signUp(server.port, 'editor-bench@example.com');
    const form = new FormData();
    form.append('title', 'An hour of thoughts');
    form.append('audio', new Blob([await readFile(fixture.file)], { type: 'audio/webm' }), 'recording.webm');
    const created = await fetch(`${base}/api/diary`, { method: 'POST', body: form, headers: { cookie } });
    if (created.status !== 201)
      throw new Error(`the draft upload failed: ${created.status} ${await created.text()}`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    log('editor: draft uploaded; opening it in Chromium');
    await page.goto(`${base}/drafts`);
    const renderers = await rendererPids(browser);

    let done = false;
    let heapPeak = 0;
    let tabPeak = 0;
    const sampler = (async () => {
      // Stops at the end of the run, or when the tab is gone (the run's own error is what gets reported).
      while (!done) {
        try {
          const { metrics } = await cdp.send('Performance.getMetrics');
          const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
          heapPeak = Math.max(heapPeak, heap / MB);
          const sizes = await Promise.all(renderers.map(pssMB));
          tabPeak = Math.max(tabPeak, ...sizes.filter(Number.isFinite));
        } catch {
          return;
        }
        await sleep(100);
      }
    })();

    let openMs: number;
    let saveMs: number;
    try {
      const started = Date.now();
      await page.getByRole('button', { name: 'Edit An hour of thoughts' }).click({ timeout: 30_000 });
      const editor = page.getByRole('dialog', { name: 'An hour of thoughts' });
      const waveform = editor.getByRole('slider', { name: 'Waveform: playhead and selection' });
      await waveform.waitFor({ timeout: 30_000 });
      openMs = Date.now() - started;
      log(`editor: open in ${openMs} ms; playing 5 s`);
      await editor.getByRole('button', { name: 'Play', exact: true }).click();
      await sleep(5_000);
      await editor.getByRole('button', { name: 'Pause', exact: true }).click();
      await waveform.focus();
      await page.keyboard.press('Delete');
      await editor.getByText(/Deleted \d+\.\ds of audio/).waitFor({ timeout: 10_000 });
      log('editor: cut; saving');
      const saveStarted = Date.now();
      await editor.getByRole('button', { name: 'Save Draft' }).first().click();
      await editor.waitFor({ state: 'hidden', timeout: SAVE_TIMEOUT_MS });
      saveMs = Date.now() - saveStarted;
    } finally {
      done = true;
      await sampler;
    }
    await context.close();

    log(`editor: heap peak ${heapPeak.toFixed(1)} MB, renderer PSS peak ${tabPeak.toFixed(1)} MB`);
    return {
      rows: [
        {
          section: 'editor',
          measure: '60-min draft: open, play, cut, save — tab JS heap peak',
          ours: heapPeak,
          unit: 'MB',
          goal: { kind: 'below', value: TAB_LIMIT_MB },
        },
        {
          section: 'editor',
          measure: '60-min draft: open, play, cut, save — renderer PSS peak',
          ours: tabPeak,
          unit: 'MB',
          goal: { kind: 'below', value: TAB_LIMIT_MB },
        },
      ],
      notes: [
        `editor: a ${DRAFT_SECONDS / 60}-minute Opus draft opened in ${(openMs / 1000).toFixed(1)} s; the server ` +
          `rendered the 40-minute cut in ${(saveMs / 1000).toFixed(1)} s. Chromium ${browser.version()}, one tab.`,
      ],
    };
  } finally {
    await browser.close();
    await workspace.stop(server.child);
  }
}
