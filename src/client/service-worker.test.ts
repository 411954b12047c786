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
  keys: async () => [...storage.keys()],
  delete: async (name: string) => storage.delete(name),
};

/** A worker of the given build, as the browser starts it: its listeners by event type. */
function startWorker(build: ServiceWorkerBuild) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
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
  const dispatch = async (type: string, fields: { request?: Request } = {}) => {
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
  };
}

const build = (version: string, assets: string[]): ServiceWorkerBuild => ({ version, assets });

beforeEach(() => {
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
