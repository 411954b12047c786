import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The size budgets of the JavaScript a page loads first, gzipped as a server sends it: the entry script of each
 * built page and every module it preloads (its static imports). Lazy screens and dialogs are not counted. Run after
 * `npm run build:client`; exits 1 when a page is over its budget.
 */
const PAGES = [
  // Issue 26: the app's first screen.
  {
    page: 'index.html',
    name: 'Initial-route JS',
    budget: 175_000,
    advice: 'load what the first screen does not show lazily (React.lazy)',
  },
  // Issue 27: the player other sites frame, loaded on their pages.
  {
    page: 'embed.html',
    name: 'Embed player JS',
    budget: 30_000,
    advice: 'the embed is plain DOM code: keep libraries out of src/client/embed',
  },
];
const clientDir = path.resolve(process.argv[2] ?? 'dist/client');

function initialScripts(html: string): string[] {
  const entries = [...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g)];
  return [...entries, ...preloads].map((match) => match[1]!);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Prints the page's scripts and total; answers whether it is within its budget. */
function withinBudget({ page, name, budget, advice }: (typeof PAGES)[number]): boolean {
  let html: string;
  try {
    html = readFileSync(path.join(clientDir, page), 'utf8');
  } catch {
    console.error(`No ${page} in ${clientDir}: run "npm run build:client" first.`);
    return false;
  }
  const files = initialScripts(html).map((file) => ({
    file,
    bytes: gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length,
  }));
  if (files.length === 0) {
    console.error(`${clientDir}/${page} loads no module script.`);
    return false;
  }
  const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
  for (const { file, bytes } of files.sort((a, b) => b.bytes - a.bytes))
    console.log(`${kb(bytes).padStart(9)}  ${file}`);
  console.log(`${name}: ${kb(total)} gzip in ${files.length} files; budget ${kb(budget)}.`);
  if (total <= budget) return true;
  console.error(`${name} is over budget by ${kb(total - budget)}: ${advice}.`);
  return false;
}

const results = PAGES.map(withinBudget);
if (!results.every(Boolean)) process.exit(1);
