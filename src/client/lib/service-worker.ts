/**
 * Registers public/sw.js (the app shell offline, audio from the share sheet). Production builds only: in
 * development a cached shell would hide the changes being made.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    // A page the worker already serves asks it to keep the shell of this build, should it be a new one.
    navigator.serviceWorker.controller?.postMessage('app-started');
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without the worker the app works as any web page; nothing to tell the person.
    });
  });
}
