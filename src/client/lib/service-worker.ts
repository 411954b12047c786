import { useEffect } from 'react';
import { useLocation } from 'wouter';

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

/** What the worker posts when a notification is clicked with a window of the app open (service-worker.js). */
interface OpenNotificationMessage {
  type: 'open-notification';
  url: string;
}

function isOpenNotification(data: unknown): data is OpenNotificationMessage {
  const message = data as Partial<OpenNotificationMessage> | null;
  return (
    message?.type === 'open-notification' && typeof message.url === 'string' && message.url.startsWith('/')
  );
}

/**
 * A clicked notification moves this window to where it leads, without a reload: the page keeps the person's
 * earlier interaction with it, which is what lets a voice message start playing on its own.
 */
export function useNotificationClicks(): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (isOpenNotification(event.data)) navigate(event.data.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    // Messages wait in a queue until the page says it listens (setting onmessage would say it too).
    navigator.serviceWorker.startMessages();
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}
