import { browserTraits, deviceName } from './push-support';
import type { PushSubscriptionBody } from '@shared/contract/push';

/** Why this device could not be subscribed, in words for the person. */
export class SubscribeError extends Error {
  override readonly name = 'SubscribeError';
  constructor(
    readonly reason: 'denied' | 'dismissed' | 'no-worker' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** The service worker's registration, or null where none is (a development build registers none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's current push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const worker = await registration();
  return worker ? worker.pushManager.getSubscription() : null;
}

/** The VAPID key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/**
 * Asks for permission (the browser's own prompt, which must follow the person's click), then subscribes this
 * browser to the server's key. Subscribing again with the same key gives back the same subscription.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionBody> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new SubscribeError('denied', 'Notifications are blocked for Earshot.');
  if (permission !== 'granted')
    throw new SubscribeError('dismissed', 'Notifications stay off until you allow them.');
  const worker = await registration();
  if (!worker)
    throw new SubscribeError(
      'no-worker',
      'Earshot is still getting ready on this device. Reload and try again.',
    );
  let subscription: PushSubscription;
  try {
    subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch {
    throw new SubscribeError('failed', 'This browser could not reach its push service. Try again later.');
  }
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new SubscribeError('failed', 'This browser gave no usable push address.');
  return {
    endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    deviceName: deviceName(browserTraits()),
  };
}
