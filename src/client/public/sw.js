// Earshot's service worker: the app shell offline, and audio shared from the phone's share sheet.
// Hand-written and small on purpose. Never caches /api or /media: those carry people's private data.
const SHELL_CACHE = 'earshot-shell-v1';
const SHARE_CACHE = 'earshot-shared-audio';
const SHARED_AUDIO = '/shared-audio';
const SHELL = '/';
const STATIC = /^\/(assets\/|icons\/|favicon\.svg$|manifest\.webmanifest$)/;

/** Keeps the current app page and the files it loads first; drops files of older builds when the page changed. */
async function refreshShell() {
  const response = await fetch(SHELL, { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) return;
  const html = await response.clone().text();
  const cache = await caches.open(SHELL_CACHE);
  const previous = await cache.match(SHELL);
  const changed = !previous || (await previous.text()) !== html;
  const entries = [
    ...html.matchAll(/(?:src|href)="(\/(?:assets|icons)\/[^"]+|\/favicon\.svg|\/manifest\.webmanifest)"/g),
  ].map(([, url]) => url);
  if (changed) {
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith('/assets/')) await cache.delete(request);
    }
  }
  await cache.addAll(entries);
  await cache.put(SHELL, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(refreshShell().then(() => self.skipWaiting()));
});

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

// The app says it started: a new build may have been deployed since the shell was kept.
self.addEventListener('message', (event) => {
  if (event.data === 'app-started') event.waitUntil(refreshShell().catch(() => undefined));
});

/** The share sheet's POST: keep the file for the app, then open the recorder with it. */
async function receiveShare(request) {
  const form = await request.formData();
  const file = form.getAll('audio').find((value) => value instanceof File);
  if (!file) return Response.redirect('/?shared=none', 303);
  const cache = await caches.open(SHARE_CACHE);
  await cache.put(
    SHARED_AUDIO,
    new Response(file, {
      headers: {
        'content-type': file.type || 'application/octet-stream',
        'x-file-name': encodeURIComponent(file.name),
      },
    }),
  );
  return Response.redirect('/?shared=audio', 303);
}

async function cachedFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
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
      fetch(request).catch(() => caches.match(SHELL).then((shell) => shell ?? Response.error())),
    );
  } else if (STATIC.test(url.pathname) && !url.search) {
    event.respondWith(cachedFirst(request));
  }
});
