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
  // A worker of this same build may already be active (installed again, say, after its registration was lost):
  // this cache is then its own, and a failed install must leave it whole.
  const keptAlready = await caches.has(SHELL_CACHE);
  const cache = await caches.open(SHELL_CACHE);
  try {
    await cache.addAll([new Request(SHELL, { cache: 'no-cache', credentials: 'omit' }), ...BUILD.assets]);
  } catch (error) {
    if (!keptAlready) await caches.delete(SHELL_CACHE);
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

// Web Push (issue 27). The payload is `{ kind, title, body, url, tag }` and carries nothing the notification does
// not show. A push replacing an earlier one of the same tag (likes grouped per post) alerts again.
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

/** The app's own path a notification opens; anything else (another site, garbage) opens the app's home. */
function appPath(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/';
  } catch {
    return '/';
  }
}

function notificationOf(data) {
  let payload = {};
  try {
    payload = data ? data.json() : {};
  } catch {
    // Not JSON: shown as a plain notification that opens the app.
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Earshot';
  const tag = typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined;
  return {
    title,
    options: {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag,
      renotify: tag !== undefined,
      icon: ICON,
      badge: BADGE,
      data: { url: appPath(payload.url ?? '/'), kind: payload.kind },
    },
  };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/**
 * An open window of the app is focused and told where to go, so it moves there without reloading (a page the
 * person has used may start playing a message; a reload would lose that). With none open, one opens there.
 */
async function openApp(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(path);
  const focused = await open.focus();
  focused.postMessage({ type: 'open-notification', url: path });
  return focused;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(appPath(event.notification.data?.url ?? '/')));
});
