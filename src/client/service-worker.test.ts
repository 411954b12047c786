import { beforeEach, describe, expect, it } from 'vitest';
import { serviceWorkerSource, type ServiceWorkerBuild } from '../../scripts/vite-service-worker';
import SOURCE from './service-worker.js?raw';

/* service-worker.js run as the browser would, over a Cache Storage and a network of our own. */

const ORIGIN = 'https://earshot.example';

type Listener = (event: {
  waitUntil: (work: Promise<unknown>) => void;
  respondWith: (answer: Promise<Response>) => void;
  request?: Request;
  data?: unknown;
  notification?: unknown;
}) => void;

/** Cache names to the paths each holds. */
let storage: Map<string, Map<string, Response>>;
/** What the server has; a path missing here fails as a dropped connection would. */
let server: Map<string, string>;

const pathOf = (request: RequestInfo | URL | { url: string }) =>
  new URL(typeof request === 'object' && 'url' in request ? request.url : String(request), ORIGIN).pathname;

function fakeCache(name: string) {
  const entries = () => storage.get(name)!;
  return {
    match: async (request: RequestInfo) => entries().get(pathOf(request))?.clone(),
    put: async (request: RequestInfo, response: Response) => void entries().set(pathOf(request), response),
    delete: async (request: RequestInfo) => entries().delete(pathOf(request)),
    // All or nothing, as the real addAll.
    addAll: async (requests: RequestInfo[]) => {
      const responses = await Promise.all(requests.map((request) => network(request)));
      if (responses.some((response) => !response.ok)) throw new TypeError('addAll: a request failed');
      requests.forEach((request, index) => entries().set(pathOf(request), responses[index]!));
    },
  };
}

async function network(request: RequestInfo | URL): Promise<Response> {
  const body = server.get(pathOf(request));
  if (body === undefined) throw new TypeError('Failed to fetch');
  return new Response(body);
}

const caches = {
  // Opening a cache creates it, as in the browser.
  open: async (name: string) => {
    if (!storage.has(name)) storage.set(name, new Map());
    return fakeCache(name);
  },
  has: async (name: string) => storage.has(name),
  keys: async () => [...storage.keys()],
  delete: async (name: string) => storage.delete(name),
};

/** A notification the worker showed, as the browser keeps it. */
interface Shown {
  title: string;
  options: NotificationOptions & { renotify?: boolean; data: { url: string } };
  closed: boolean;
}
/** What the worker did to the app's windows. */
interface WindowCall {
  call: 'focus' | 'postMessage' | 'openWindow';
  url?: string;
  message?: unknown;
}
let shown: Shown[];
let windowCalls: WindowCall[];
/** The URLs of the windows open now (any origin). */
let openWindows: string[];

/** The browser's window clients, recording what the worker asks of them. */
function fakeClients() {
  const windowClient = (url: string) => ({
    url,
    focus: async () => {
      windowCalls.push({ call: 'focus', url });
      return windowClient(url);
    },
    postMessage: (message: unknown) => void windowCalls.push({ call: 'postMessage', url, message }),
  });
  return {
    claim: async () => undefined,
    matchAll: async () => openWindows.map(windowClient),
    openWindow: async (url: string) => void windowCalls.push({ call: 'openWindow', url }),
  };
}

/** A worker of the given build, as the browser starts it: its listeners by event type. */
function startWorker(build: ServiceWorkerBuild) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: fakeClients(),
    registration: {
      showNotification: async (title: string, options: Shown['options']) =>
        void shown.push({ title, options, closed: false }),
    },
  };
  // A worker resolves relative URLs against its own origin; Node has none, so these do it for it.
  class WorkerRequest extends Request {
    constructor(input: string, init?: RequestInit) {
      super(new URL(input, ORIGIN), init);
    }
  }
  class WorkerResponse extends Response {
    static override redirect(url: string, status: number) {
      return Response.redirect(new URL(url, ORIGIN), status);
    }
  }
  new Function('self', 'caches', 'fetch', 'Request', 'Response', serviceWorkerSource(SOURCE, build))(
    self,
    caches,
    network,
    WorkerRequest,
    WorkerResponse,
  );
  /** Dispatches an extendable event; settles when its work does. */
  const dispatch = async (
    type: string,
    fields: { request?: Request; data?: unknown; notification?: unknown } = {},
  ) => {
    const work: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    listeners.get(type)!({
      ...fields,
      waitUntil: (promise) => void work.push(promise),
      respondWith: (response) => void (answer = response),
    });
    await Promise.all(work);
    return answer;
  };
  return {
    install: () => dispatch('install'),
    activate: () => dispatch('activate'),
    fetch: (request: Request) => dispatch('fetch', { request }),
    /** A push whose payload is this text, as PushMessageData reads it. */
    push: (text: string) =>
      dispatch('push', { data: { json: () => JSON.parse(text) as unknown, text: () => text } }),
    /** The person clicks a notification the worker showed. */
    click: (notification: Shown) =>
      dispatch('notificationclick', {
        notification: { data: notification.options.data, close: () => (notification.closed = true) },
      }),
  };
}

const build = (version: string, assets: string[]): ServiceWorkerBuild => ({ version, assets });

beforeEach(() => {
  shown = [];
  windowCalls = [];
  openWindows = [];
  storage = new Map();
  server = new Map([
    ['/', '<html>v1</html>'],
    ['/assets/index-1.js', 'app v1'],
    ['/assets/drafts-1.js', 'drafts v1'],
  ]);
});

describe('the service worker keeps the app offline', () => {
  it('keeps the whole build at install, lazy screens included, and drops older builds once it is active', async () => {
    const first = startWorker(build('one', ['/assets/index-1.js', '/assets/drafts-1.js']));
    await first.install();
    await first.activate();
    expect([...storage.get('earshot-shell-one')!.keys()].sort()).toEqual([
      '/',
      '/assets/drafts-1.js',
      '/assets/index-1.js',
    ]);

    server = new Map([
      ['/', '<html>v2</html>'],
      ['/assets/index-2.js', 'app v2'],
      ['/assets/drafts-2.js', 'drafts v2'],
    ]);
    const second = startWorker(build('two', ['/assets/index-2.js', '/assets/drafts-2.js']));
    await second.install();
    expect([...storage.keys()]).toEqual(['earshot-shell-one', 'earshot-shell-two']);
    await second.activate();
    expect([...storage.keys()]).toEqual(['earshot-shell-two']);

    // Offline, a screen never opened comes from the kept build.
    server = new Map();
    const drafts = await second.fetch(new Request(`${ORIGIN}/assets/drafts-2.js`));
    expect(await drafts!.text()).toBe('drafts v2');
    // Node's Request cannot be a navigation; the worker reads no more of one than this.
    const navigation = { url: `${ORIGIN}/drafts`, method: 'GET', mode: 'navigate' } as Request;
    const page = await second.fetch(navigation);
    expect(await page!.text()).toBe('<html>v2</html>');
  });

  it('keeps the previous complete build when the new one cannot be fetched whole', async () => {
    const first = startWorker(build('one', ['/assets/index-1.js', '/assets/drafts-1.js']));
    await first.install();
    await first.activate();

    // The new page arrives, one of its files does not.
    server = new Map([
      ['/', '<html>v2</html>'],
      ['/assets/index-2.js', 'app v2'],
    ]);
    const second = startWorker(build('two', ['/assets/index-2.js', '/assets/drafts-2.js']));
    await expect(second.install()).rejects.toThrow();
    expect([...storage.keys()]).toEqual(['earshot-shell-one']);
    const kept = storage.get('earshot-shell-one')!;
    expect(await kept.get('/')!.clone().text()).toBe('<html>v1</html>');
    expect(kept.has('/assets/drafts-1.js')).toBe(true);
  });

  it('leaves the active build whole when the same build installs again and cannot be fetched whole', async () => {
    const first = startWorker(build('one', ['/assets/index-1.js', '/assets/drafts-1.js']));
    await first.install();
    await first.activate();

    // Offline now: the same build installs again (its registration lost, say) and fetches nothing.
    server = new Map();
    const again = startWorker(build('one', ['/assets/index-1.js', '/assets/drafts-1.js']));
    await expect(again.install()).rejects.toThrow();
    const kept = storage.get('earshot-shell-one')!;
    expect(await kept.get('/')!.clone().text()).toBe('<html>v1</html>');
    expect(kept.has('/assets/drafts-1.js')).toBe(true);
    const navigation = { url: `${ORIGIN}/drafts`, method: 'GET', mode: 'navigate' } as Request;
    expect(await (await first.fetch(navigation))!.text()).toBe('<html>v1</html>');
  });
});

describe('the service worker leaves shared audio to the server', () => {
  it('answers no share sheet POST itself (only the server sees where it comes from), and lets go of kept shares', async () => {
    storage.set(
      'earshot-shared-audio',
      new Map([['/shared-audio', new Response('kept by an older worker')]]),
    );
    const worker = startWorker(build('one', []));
    await worker.install();
    await worker.activate();
    expect([...storage.keys()]).toEqual(['earshot-shell-one']);
    const form = new FormData();
    form.append('audio', new File(['x'], 'Memo.m4a', { type: 'audio/mp4' }));
    const share = new Request(`${ORIGIN}/share-target`, { method: 'POST', body: form });
    expect(await worker.fetch(share)).toBeUndefined();
  });
});

describe('the service worker shows pushes and opens them', () => {
  const payload = (fields: Record<string, unknown>) => JSON.stringify(fields);

  it('shows a push with its title, body, tag, the app’s icons and where it leads', async () => {
    const worker = startWorker(build('one', []));
    await worker.push(
      payload({
        kind: 'message',
        title: 'Ada sent a voice message',
        body: '0:12 in “Weekend plans”',
        url: '/conversations/c1?play=r9',
        tag: 'conversation-c1',
      }),
    );
    expect(shown).toHaveLength(1);
    const [notification] = shown;
    expect(notification!.title).toBe('Ada sent a voice message');
    expect(notification!.options).toMatchObject({
      body: '0:12 in “Weekend plans”',
      tag: 'conversation-c1',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/conversations/c1?play=r9' },
    });
  });

  it('alerts again when likes grouped under one tag replace the earlier notification', async () => {
    const worker = startWorker(build('one', []));
    await worker.push(
      payload({
        kind: 'like',
        title: '3 people liked “Morning”',
        body: '',
        url: '/posts/p1',
        tag: 'likes-p1',
      }),
    );
    expect(shown[0]!.options).toMatchObject({ tag: 'likes-p1', renotify: true });
  });

  it('never leads a notification off the app: another site’s URL opens the app’s home', async () => {
    const worker = startWorker(build('one', []));
    await worker.push(
      payload({ kind: 'reply', title: 'A reply', body: '', url: 'https://evil.example/phish', tag: 't' }),
    );
    await worker.push('not json');
    expect(shown.map((each) => [each.title, each.options.data.url])).toEqual([
      ['A reply', '/'],
      ['Earshot', '/'],
    ]);
  });

  it('on a click, focuses an open window of the app and tells it where to go', async () => {
    openWindows = ['https://elsewhere.example/', `${ORIGIN}/discover`];
    const worker = startWorker(build('one', []));
    await worker.push(
      payload({ kind: 'reply', title: 'Bo replied', body: '', url: '/posts/p1', tag: 'reply-p1' }),
    );
    await worker.click(shown[0]!);
    expect(shown[0]!.closed).toBe(true);
    expect(windowCalls).toEqual([
      { call: 'focus', url: `${ORIGIN}/discover` },
      {
        call: 'postMessage',
        url: `${ORIGIN}/discover`,
        message: { type: 'open-notification', url: '/posts/p1' },
      },
    ]);
  });

  it('on a click with no window of the app open, opens one where the notification leads', async () => {
    const worker = startWorker(build('one', []));
    await worker.push(
      payload({ kind: 'follower', title: 'Cy follows you', body: '', url: '/profile/u3', tag: 'f' }),
    );
    await worker.click(shown[0]!);
    expect(windowCalls).toEqual([{ call: 'openWindow', url: '/profile/u3' }]);
  });
});
