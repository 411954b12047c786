// Earshot's service worker: the app offline, and audio shared from the phone's share sheet. The build emits it
// as /sw.js with the list of the build's files in place of the placeholder (scripts/vite-service-worker.ts), so
// every build that changed is a new worker. Never caches /api or /media: those carry people's private data.
/** @type {{ version: string, assets: string[], maxAudioBytes: number }} */
const BUILD = self.__EARSHOT_BUILD__;
const SHELL_CACHE = `earshot-shell-${BUILD.version}`;
const SHARE_CACHE = 'earshot-shared-audio';
const SHARED_AUDIO = '/shared-audio';
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

// Only now, with this build kept whole, do the files of older builds go.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('earshot-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const FOREIGN_SHARE_MESSAGE = "Earshot takes shared audio only from your device's share sheet.";

/**
 * The share sheet is the browser's own and names no page; a form on another site posting here names its page as
 * the referrer. Browsers hide Sec-Fetch-Site and Origin from workers (whatwg/fetch#1322), so a page that withholds
 * its referrer cannot be told apart here; the server refuses it by those headers when no worker answers, and a
 * kept file is only ever offered in the recorder, never published without the person.
 */
function isFromAnotherSite(request) {
  return /^https?:/.test(request.referrer) && new URL(request.referrer).origin !== self.location.origin;
}

/** The share sheet's POST: keep the file for the app, then open the recorder with it. */
async function receiveShare(request) {
  if (isFromAnotherSite(request)) {
    return new Response(FOREIGN_SHARE_MESSAGE, {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const form = await request.formData();
  const file = form.getAll('audio').find((value) => value instanceof File);
  if (!file) return Response.redirect('/?shared=none', 303);
  if (file.size > BUILD.maxAudioBytes) return Response.redirect('/?shared=too-large', 303);
  const cache = await caches.open(SHARE_CACHE);
  await cache.put(
    SHARED_AUDIO,
    new Response(file, {
      headers: {
        'content-type': file.type || 'application/octet-stream',
        'x-file-name': encodeURIComponent(file.name),
        // Taken within the hour or not at all: a share nobody opened is not published by surprise later.
        'x-shared-at': String(Date.now()),
      },
    }),
  );
  return Response.redirect('/?shared=audio', 303);
}

async function keptFirst(request) {
  const kept = await caches.open(SHELL_CACHE).then((cache) => cache.match(request));
  return kept ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/share-target') {
    event.respondWith(receiveShare(request).catch(() => Response.redirect('/?shared=none', 303)));
  } else if (request.method !== 'GET') {
    return;
  } else if (request.mode === 'navigate') {
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
