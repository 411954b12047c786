// Earshot's service worker: the app offline. The build emits it as /sw.js with the list of the build's files in
// place of the placeholder (scripts/vite-service-worker.ts), so every build that changed is a new worker. Never
// caches /api or /media: those carry people's private data. It leaves the share sheet's POST (/share-target) to the
// server, which alone sees the Fetch Metadata that tells the share sheet from a page (browsers hide it from workers).
/** @type {{ version: string, assets: string[] }} */
const BUILD = self.__EARSHOT_BUILD__;
const SHELL_CACHE = `earshot-shell-${BUILD.version}`;
const SHELL = '/';
const STATIC = /^\/(assets\/|icons\/|favicon\.svg$|manifest\.webmanifest$)/;

/**
 * Keeps this build whole, lazy screens included, in a cache of its own. `addAll` keeps all or nothing: should
 * one file fail, the install fails and the worker before (with its own complete cache) carries on.
 */
async function keepBuild() {
  const cache = await caches.open(SHELL_CACHE);
  try {
    await cache.addAll([new Request(SHELL, { cache: 'no-cache', credentials: 'omit' }), ...BUILD.assets]);
  } catch (error) {
    await caches.delete(SHELL_CACHE);
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepBuild().then(() => self.skipWaiting()));
});

// Only now, with this build kept whole, do the files of older builds go (and the shared audio older workers kept).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('earshot-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function keptFirst(request) {
  const kept = await caches.open(SHELL_CACHE).then((cache) => cache.match(request));
  return kept ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    // Online the server answers as always; offline the kept shell opens and the app says it is offline.
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(SHELL_CACHE)
          .then((cache) => cache.match(SHELL))
          .then((shell) => shell ?? Response.error()),
      ),
    );
  } else if (STATIC.test(url.pathname) && !url.search) {
    event.respondWith(keptFirst(request));
  }
});
