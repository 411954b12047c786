import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the worker's source names `self.__EARSHOT_BUILD__`; the build writes the real values in its place. */
const PLACEHOLDER = 'self.__EARSHOT_BUILD__';

export interface ServiceWorkerBuild {
  /** Changes with every build whose files differ: the worker's cache is named after it. */
  version: string;
  /** Every file of the build the app may load (lazy screens included), and the public files of the shell. */
  assets: string[];
}

/** The worker's source with this build's values in place of the placeholder. */
export function serviceWorkerSource(source: string, build: ServiceWorkerBuild): string {
  if (!source.includes(PLACEHOLDER)) throw new Error(`The service worker does not read ${PLACEHOLDER}`);
  return source.replace(PLACEHOLDER, JSON.stringify(build));
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/**
 * Emits the service worker as `sw.js` with the list of every file this build made, so it can keep the whole
 * build for offline use when it installs, and so its bytes (and thus the browser's update check) change with each
 * build that changed. Source maps and the public files the shell never loads (`skipPublic`) are left out.
 */
export function serviceWorker(options: { source: string; skipPublic: string[] }): Plugin {
  let publicDir = '';
  return {
    name: 'earshot-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      // Pages are the server's to answer (the embed's is a template it fills), never kept by the worker.
      const built = Object.keys(bundle).filter((file) => !file.endsWith('.map') && !file.endsWith('.html'));
      const publicFiles = publicDir
        ? filesUnder(publicDir).filter((file) => !options.skipPublic.includes(file))
        : [];
      const assets = [...built, ...publicFiles].map((file) => `/${file}`).sort();
      const source = readFileSync(options.source, 'utf8');
      const page = bundle['index.html'];
      const version = createHash('sha256')
        .update(JSON.stringify(assets))
        .update(source)
        .update(page?.type === 'asset' ? page.source : '')
        .digest('base64url')
        .slice(0, 12);
      const build: ServiceWorkerBuild = { version, assets };
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(source, build) });
    },
  };
}
