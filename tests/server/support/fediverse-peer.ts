import { signRequest, verifyRequest, type KeyCache } from '@fedify/fedify';
import {
  Application,
  CryptographicKey,
  Endpoints,
  Image,
  Person,
  type Activity,
  type Multikey,
} from '@fedify/vocab';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Server } from 'node:net';

/** The ports this suite's servers take (the team's share of the machine), or TEST_PORTS (`first-last`). */
const PORTS = (() => {
  const [first, last] = (process.env.TEST_PORTS ?? '4100-4199').split('-').map(Number);
  return { first: first!, last: last! };
})();

/**
 * The ports above 1023 that `fetch` refuses to connect to (the Fetch standard's "bad ports": "fetch failed", caused by
 * "bad port"), 4190 (ManageSieve) among them in our default range.
 */
const FETCH_BAD_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697,
  10080,
]);

/**
 * Listens on `host` (a loopback address) at a free port of our range, looking from a random one: suites running at
 * once then seldom pick the port another has just found free and not yet listened on.
 */
export async function listenInRange(server: Server, host = '127.0.0.1'): Promise<number> {
  const size = PORTS.last - PORTS.first + 1;
  const start = Math.floor(Math.random() * size);
  for (let tried = 0; tried < size; tried += 1) {
    const port = PORTS.first + ((start + tried) % size);
    if (FETCH_BAD_PORTS.has(port)) continue;
    const listening = await new Promise<boolean>((resolve) => {
      const refused = () => resolve(false);
      server.once('error', refused);
      server.listen(port, host, () => {
        server.off('error', refused);
        resolve(true);
      });
    });
    if (listening) return port;
  }
  throw new Error(`no free port in ${PORTS.first}-${PORTS.last}`);
}

/** A free port of our range for a server that must know its address before it starts (our app's PUBLIC_URL). */
export async function freePortInRange(): Promise<number> {
  const probe = createServer();
  const port = await listenInRange(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One activity that reached the peer: where, what, and whether its signature checked out against our key. */
export interface Delivery {
  inbox: string;
  activity: Record<string, unknown>;
  signedBy: string | undefined;
}

interface SigningOptions {
  unsigned?: boolean;
  key?: CryptoKey;
  /** Signed by the server's own actor (as Mastodon signs a Flag), not by alice. */
  asInstance?: boolean;
}

/** What the peer answers at a path: a document of its own (a Note, a recording), as any server serves media. */
export interface PeerDocument {
  body: Buffer | string;
  type: string;
  /** A Content-Length to claim instead of the body's (a server lying about a huge file). */
  claimedLength?: number;
  /** Answered only once this settles; each request for it is counted in `requests` as it arrives. */
  held?: { until: Promise<void>; requests: number };
}

export interface FediversePeer {
  origin: string;
  actorId: string;
  /** The server's own actor (an Application, as Mastodon's instance actor), which sends its reports. */
  instanceActorId: string;
  received: Delivery[];
  /** Serves `document` at `path` from now on. */
  serve(path: string, document: PeerDocument): void;
  /** Alice's actor as her server shows it now. */
  person(): Person;
  /** Her actor names the picture at `path` (one it serves) as her icon from now on. */
  setIcon(path: string, mediaType: string): void;
  /** The next delivery matching `match` (already received or yet to come), within `timeoutMs`. */
  nextDelivery(match: (delivery: Delivery) => boolean, timeoutMs?: number): Promise<Delivery>;
  /** `activity` as a request to `inbox`, signed as Mastodon signs (draft-cavage HTTP Signatures), or with `key`. */
  sign(inbox: string, activity: Activity, options?: SigningOptions): Promise<Request>;
  /** POSTs the request `sign` makes. */
  post(inbox: string, activity: Activity, options?: SigningOptions): Promise<Response>;
  /** From now on its inboxes answer 307 to `url` (a server moving, or pointing inside our network), or not. */
  redirectInboxesTo(url: string | undefined): void;
  close(): Promise<void>;
}

/** A loader for the peer's own checks: plain fetches, as any server does (the test's hosts are on loopback). */
const fetchDocument = async (url: string) => {
  const response = await fetch(url, { headers: { accept: 'application/activity+json' } });
  return { contextUrl: null, documentUrl: response.url, document: await response.json() };
};

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** An account's key pair as Mastodon makes one: RSA of 2048 bits (Fedify's own default is 4096). */
export function mastodonKeyPair(): Promise<CryptoKeyPair> {
  const rsa = { modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
  return crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', ...rsa }, true, ['sign', 'verify']);
}

/**
 * A fediverse server not built from our code, shaped as Mastodon is: one person (`alice`) with a personal inbox and a
 * shared inbox, an RSA key published on the actor, requests signed with draft-cavage HTTP Signatures. It is made
 * with Fedify's vocabulary and signatures only; everything it learns of us comes over HTTP.
 */
export async function startFediversePeer({
  host = '127.0.0.1',
}: { host?: string } = {}): Promise<FediversePeer> {
  const [keys, instanceKeys] = await Promise.all([mastodonKeyPair(), mastodonKeyPair()]);
  const received: Delivery[] = [];
  // Mastodon keeps the keys of the accounts it knows: a deleted account's Delete is checked against the kept one.
  const knownKeys = new Map<string, CryptographicKey | Multikey | null>();
  const keyCache: KeyCache = {
    get: async (keyId) => knownKeys.get(keyId.href) ?? undefined,
    set: async (keyId, key) => void (key && knownKeys.set(keyId.href, key)),
  };
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => void handle(request, response));
  const origin = `http://${host}:${await listenInRange(server, host)}`;
  let inboxRedirect: string | undefined;
  const actorId = `${origin}/users/alice`;
  const keyId = new URL(`${actorId}#main-key`);
  const instanceActorId = `${origin}/actor`;
  const instanceKeyId = new URL(`${instanceActorId}#main-key`);
  const instanceActor = () =>
    new Application({
      id: new URL(instanceActorId),
      preferredUsername: new URL(origin).hostname,
      inbox: new URL(`${instanceActorId}/inbox`),
      endpoints: new Endpoints({ sharedInbox: new URL(`${origin}/inbox`) }),
      publicKey: new CryptographicKey({
        id: instanceKeyId,
        owner: new URL(instanceActorId),
        publicKey: instanceKeys.publicKey,
      }),
    });
  const documents = new Map<string, PeerDocument>();
  let icon: Image | null = null;
  const person = () =>
    new Person({
      id: new URL(actorId),
      preferredUsername: 'alice',
      name: 'Alice Peer',
      summary: '<p>Field recordist &amp; birder.</p>',
      url: new URL(`${origin}/@alice`),
      icon,
      inbox: new URL(`${actorId}/inbox`),
      endpoints: new Endpoints({ sharedInbox: new URL(`${origin}/inbox`) }),
      publicKey: new CryptographicKey({ id: keyId, owner: new URL(actorId), publicKey: keys.publicKey }),
    });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'GET' && url.pathname === '/users/alice') {
      response.writeHead(200, { 'content-type': 'application/activity+json' });
      response.end(JSON.stringify(await person().toJsonLd()));
      return;
    }
    if (request.method === 'GET' && url.pathname === '/actor') {
      response.writeHead(200, { 'content-type': 'application/activity+json' });
      response.end(JSON.stringify(await instanceActor().toJsonLd()));
      return;
    }
    const document = request.method === 'GET' ? documents.get(url.pathname) : undefined;
    if (document) {
      if (document.held) {
        document.held.requests += 1;
        await document.held.until;
      }
      const length = document.claimedLength ?? Buffer.byteLength(document.body);
      response.writeHead(200, { 'content-type': document.type, 'content-length': length });
      response.end(document.claimedLength === undefined ? document.body : undefined);
      return;
    }
    const isInbox = url.pathname === '/inbox' || url.pathname === '/users/alice/inbox';
    if (request.method === 'POST' && isInbox && inboxRedirect) {
      response.writeHead(307, { location: inboxRedirect }).end();
      return;
    }
    if (request.method === 'POST' && isInbox) {
      const body = await bodyOf(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const signer = await verifyRequest(
        new Request(url, { method: 'POST', headers, body: new Uint8Array(body) }),
        { documentLoader: fetchDocument, keyCache },
      );
      received.push({
        inbox: url.pathname,
        activity: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
        signedBy: signer?.ownerId?.href,
      });
      for (const wake of [...waiters]) wake();
      response.writeHead(signer ? 202 : 401).end();
      return;
    }
    response.writeHead(404).end();
  }

  const peer: FediversePeer = {
    origin,
    actorId,
    instanceActorId,
    received,
    serve: (path, document) => documents.set(path, document),
    person,
    setIcon(path, mediaType) {
      icon = new Image({ url: new URL(`${origin}${path}`), mediaType });
    },
    nextDelivery(match, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching delivery within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async sign(inbox, activity, options: SigningOptions = {}) {
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
        body: JSON.stringify(await activity.toJsonLd()),
      });
      if (options.unsigned) return request;
      if (options.asInstance) {
        return signRequest(request, instanceKeys.privateKey, instanceKeyId, {
          spec: 'draft-cavage-http-signatures-12',
        });
      }
      return signRequest(request, options.key ?? keys.privateKey, keyId, {
        spec: 'draft-cavage-http-signatures-12',
      });
    },
    async post(inbox, activity, options) {
      return fetch(await peer.sign(inbox, activity, options));
    },
    redirectInboxesTo(url) {
      inboxRedirect = url;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return peer;
}
