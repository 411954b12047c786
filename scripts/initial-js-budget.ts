import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The size budget of the first screen's JavaScript (issue 26): the entry script of the built `index.html` and every
 * module it preloads (its static imports), gzipped as a server sends them. Lazy screens and dialogs are not counted.
 * Run after `npm run build:client`; exits 1 over the budget.
 */
const BUDGET_BYTES = 175_000;
const clientDir = path.resolve(process.argv[2] ?? 'dist/client');

function initialScripts(html: string): string[] {
  const entries = [...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g)];
  return [...entries, ...preloads].map((match) => match[1]!);
}

let html: string;
try {
  html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
} catch {
  console.error(`No build in ${clientDir}: run "npm run build:client" first.`);
  process.exit(1);
}
const files = initialScripts(html).map((file) => ({
  file,
  bytes: gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length,
}));
if (files.length === 0) {
  console.error(`${clientDir}/index.html loads no module script.`);
  process.exit(1);
}
const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
for (const { file, bytes } of files.sort((a, b) => b.bytes - a.bytes))
  console.log(`${kb(bytes).padStart(9)}  ${file}`);
console.log(`Initial-route JS: ${kb(total)} gzip in ${files.length} files; budget ${kb(BUDGET_BYTES)}.`);
if (total > BUDGET_BYTES) {
  console.error(
    `Over budget by ${kb(total - BUDGET_BYTES)}: load what the first screen does not show lazily (React.lazy).`,
  );
  process.exit(1);
}
