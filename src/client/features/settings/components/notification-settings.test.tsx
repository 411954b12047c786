import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { PushDevice, PushPreferences } from '../api/push';
import { NotificationSettings } from './notification-settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/*
 * The section against the push contract served by a handler of our own (what the server holds lives here), over
 * a browser whose Notification, service worker and PushManager are fakes: browser APIs, not our system.
 */

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_AS_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

/** What the server holds. */
let devices: PushDevice[];
let preferences: PushPreferences;
/** The message the server refuses a subscription with, if it does. */
let refuseEndpoint: string | null;
let requests: { method: string; path: string; body?: unknown }[];

/** The browser. */
let permission: NotificationPermission;
let answerToPrompt: NotificationPermission;
let browserSubscription: { endpoint: string; unsubscribed: boolean } | null;
let subscribeOptions: PushSubscriptionOptionsInit | undefined;

const device = (id: string, deviceName: string, endpoint: string): PushDevice => ({
  id,
  deviceName,
  endpoint,
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  lastDeliveredAt: null,
});

async function serve(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
  requests.push({ method, path: url.pathname, body });
  const route = `${method} ${url.pathname}`;
  const is = ({ method: m, path }: { method: string; path: string }) => route === `${m} ${path}`;
  if (is(endpoints.pushKey)) return Response.json({ publicKey: PUBLIC_KEY });
  if (is(endpoints.pushPreferences)) return Response.json(preferences);
  if (is(endpoints.updatePushPreferences)) {
    preferences = { ...preferences, ...(body as Partial<PushPreferences>) };
    return Response.json(preferences);
  }
  if (is(endpoints.listPushSubscriptions)) return Response.json({ items: devices, nextCursor: null });
  if (is(endpoints.subscribePush)) {
    if (refuseEndpoint) return Response.json({ message: refuseEndpoint }, { status: 400 });
    const { endpoint, deviceName } = body as { endpoint: string; deviceName: string };
    const saved = {
      ...device(`d${devices.length + 1}`, deviceName, endpoint),
      createdAt: new Date().toISOString(),
    };
    devices = [saved, ...devices];
    return Response.json(saved, { status: 201 });
  }
  const removal = /^\/api\/push\/subscriptions\/([^/]+)$/.exec(url.pathname);
  if (method === 'DELETE' && removal) {
    devices = devices.filter((each) => each.id !== removal[1]);
    return new Response(null, { status: 204 });
  }
  return Response.json({ message: 'not here' }, { status: 404 });
}

function fakePushBrowser(userAgent: string, { pushManager = true, standalone = false } = {}) {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
  Object.defineProperty(navigator, 'maxTouchPoints', {
    value: userAgent === IPAD_AS_DESKTOP || userAgent === IPHONE_SAFARI ? 5 : 0,
    configurable: true,
  });
  Object.defineProperty(navigator, 'standalone', { value: standalone, configurable: true });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  vi.stubGlobal(
    'Notification',
    class {
      static get permission() {
        return permission;
      }
      static requestPermission = vi.fn(async () => (permission = answerToPrompt));
    },
  );
  const subscription = () =>
    browserSubscription && {
      endpoint: browserSubscription.endpoint,
      toJSON: () => ({
        endpoint: browserSubscription!.endpoint,
        keys: { p256dh: 'BPublicKeyOfThisBrowser', auth: 'secret16bytes' },
      }),
      unsubscribe: async () => {
        browserSubscription!.unsubscribed = true;
        browserSubscription = null;
        return true;
      },
    };
  const registration = {
    pushManager: {
      getSubscription: async () => subscription(),
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        subscribeOptions = options;
        browserSubscription ??= { endpoint: 'https://push.example/this-browser', unsubscribed: false };
        return subscription();
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => registration },
    configurable: true,
  });
  if (pushManager) vi.stubGlobal('PushManager', class {});
}

beforeEach(() => {
  devices = [];
  preferences = { messages: true, replies: true, followers: true, likes: true, newPosts: false };
  refuseEndpoint = null;
  requests = [];
  permission = 'default';
  answerToPrompt = 'granted';
  browserSubscription = null;
  subscribeOptions = undefined;
  vi.stubGlobal('fetch', vi.fn(serve));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of ['userAgent', 'maxTouchPoints', 'standalone', 'serviceWorker'])
    delete (navigator as unknown as Record<string, unknown>)[name];
});

function renderSection() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <NotificationSettings />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Notifications' });
}

/** The switch, once it can be used (it waits for the list of devices, which says whether this one is on). */
async function deviceSwitch() {
  const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
  await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false), { timeout: 5000 });
  return toggle;
}
const devicesList = () => screen.findByRole('list', { name: 'Devices that get notifications' });

describe('Settings: Notifications on this device', () => {
  it('turns on: asks permission, subscribes with the server’s key, registers the device and marks it as this one', async () => {
    fakePushBrowser(CHROME_LINUX);
    renderSection();
    expect(await screen.findByText('No device gets notifications yet.')).toBeTruthy();
    const toggle = await deviceSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'), { timeout: 5000 });
    expect(Notification.requestPermission).toHaveBeenCalledOnce();
    expect(subscribeOptions?.userVisibleOnly).toBe(true);
    // The key's bytes: an uncompressed P-256 point.
    const key = subscribeOptions?.applicationServerKey as Uint8Array;
    expect([key.length, key[0]]).toEqual([65, 0x04]);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      endpoint: 'https://push.example/this-browser',
      keys: { p256dh: 'BPublicKeyOfThisBrowser', auth: 'secret16bytes' },
      deviceName: 'Chrome on Linux',
    });
    const row = within(await devicesList()).getByRole('listitem');
    expect(within(row).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(row).getByText('This device')).toBeTruthy();
  });

  it('lists every device, removes another one, and turning off unsubscribes this browser', async () => {
    fakePushBrowser(CHROME_LINUX);
    permission = 'granted';
    browserSubscription = { endpoint: 'https://push.example/this-browser', unsubscribed: false };
    const kept = browserSubscription;
    devices = [
      device('d2', 'Chrome on Linux', 'https://push.example/this-browser'),
      device('d1', 'Safari on iPhone', 'https://web.push.apple.com/phone'),
    ];
    renderSection();
    const list = await devicesList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect((await deviceSwitch()).getAttribute('aria-checked')).toBe('true');
    expect(within(list).getAllByText('This device')).toHaveLength(1);

    fireEvent.click(within(list).getByRole('button', { name: 'Remove Safari on iPhone' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1), { timeout: 5000 });
    expect(kept.unsubscribed).toBe(false);
    expect((await deviceSwitch()).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(await deviceSwitch());
    expect(await screen.findByText('No device gets notifications yet.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      buildPath(endpoints.deletePushSubscription.path, { id: 'd1' }),
      buildPath(endpoints.deletePushSubscription.path, { id: 'd2' }),
    ]);
    expect(kept.unsubscribed).toBe(true);
    expect((await deviceSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('says how to allow notifications once they are blocked, instead of a switch', async () => {
    fakePushBrowser(CHROME_LINUX);
    answerToPrompt = 'denied';
    renderSection();
    fireEvent.click(await deviceSwitch());
    expect(await screen.findByText('Notifications are blocked for Earshot in this browser')).toBeTruthy();
    expect(screen.getByText(/set Notifications to Allow, then reload this page/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Notifications on this device' })).toBeNull();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('starts blocked when the browser already blocks Earshot', async () => {
    fakePushBrowser(CHROME_LINUX);
    permission = 'denied';
    renderSection();
    expect(await screen.findByText('Notifications are blocked for Earshot in this browser')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Notifications on this device' })).toBeNull();
  });

  it('shows the server’s reason when it refuses the device, and stays off', async () => {
    fakePushBrowser(CHROME_LINUX);
    refuseEndpoint = 'This push service is not one Earshot can reach.';
    renderSection();
    const toggle = await deviceSwitch();
    fireEvent.click(toggle);
    expect(await screen.findByText('This push service is not one Earshot can reach.')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it.each([
    ['an iPhone', IPHONE_SAFARI],
    ['an iPad asking for desktop sites', IPAD_AS_DESKTOP],
  ])('on %s in Safari, says to add Earshot to the Home Screen instead of a switch', async (_, userAgent) => {
    fakePushBrowser(userAgent, { pushManager: false });
    renderSection();
    expect(await screen.findByText('Add Earshot to your Home Screen to get notifications')).toBeTruthy();
    expect(screen.getByText('Choose “Add to Home Screen”, then Add.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Notifications on this device' })).toBeNull();
  });

  it('offers the switch on an iPhone when opened from the Home Screen', async () => {
    fakePushBrowser(IPHONE_SAFARI, { standalone: true });
    renderSection();
    expect(await deviceSwitch()).toBeTruthy();
    expect(screen.queryByText('Add Earshot to your Home Screen to get notifications')).toBeNull();
  });

  it('says so in a browser without Web Push', async () => {
    fakePushBrowser(CHROME_LINUX, { pushManager: false });
    renderSection();
    expect(await screen.findByText('This browser can’t show notifications from Earshot')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Notifications on this device' })).toBeNull();
  });
});

describe('Settings: what I am notified about', () => {
  it('shows the saved choices, new posts off by default, and saves each switch at once', async () => {
    fakePushBrowser(CHROME_LINUX);
    renderSection();
    const newPosts = await screen.findByRole('switch', { name: 'New posts from people I follow' });
    expect(newPosts.getAttribute('aria-checked')).toBe('false');
    const likes = screen.getByRole('switch', { name: 'Likes' });
    expect(likes.getAttribute('aria-checked')).toBe('true');
    for (const name of ['Voice messages', 'Replies to my posts', 'New followers'])
      expect(screen.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(likes);
    await waitFor(() => expect(likes.getAttribute('aria-checked')).toBe('false'), { timeout: 5000 });
    fireEvent.click(newPosts);
    await waitFor(() => expect(newPosts.getAttribute('aria-checked')).toBe('true'), { timeout: 5000 });
    expect(requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { likes: false },
      { newPosts: true },
    ]);
    expect(preferences).toEqual({
      messages: true,
      replies: true,
      followers: true,
      likes: false,
      newPosts: true,
    });
  });
});
