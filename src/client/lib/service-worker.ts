/**
 * Registers the service worker (/sw.js, built from service-worker.js: the app offline, audio from the share
 * sheet). Production builds only: in development a kept app would hide the changes being made. Each build is a
 * new worker, which the browser finds when it checks /sw.js on a later visit.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without the worker the app works as any web page; nothing to tell the person.
    });
  });
}
