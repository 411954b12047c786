import type { Federation } from '@fedify/fedify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { PayloadTooLargeError } from '../errors';
import type { App } from '../http/app-types';
import { controlCharacterAt } from '../http/control-characters';
import type { DomainBlocks } from './domain-blocks';
import type { FederationEgress } from './egress';
import { commentIdInPath } from './our-uris';

/** Mastodon caps an inbound activity at 1 MB too; ours are far smaller. */
const MAX_ACTIVITY_BYTES = 1024 * 1024;

const TOO_LARGE = `An activity may be at most ${MAX_ACTIVITY_BYTES} bytes.`;

/** Paths that are federation's alone, whatever the request accepts. */
const FEDERATION_PATHS = /^\/(\.well-known\/(webfinger|nodeinfo)|nodeinfo\/|ap\/)/;

/** What ActivityPub clients ask for; a browser asks for HTML and gets our page at the same URL. */
const ACTIVITY_TYPES = /application\/(activity\+json|ld\+json)/i;

/** Pages that are actors and objects too: asked for as ActivityPub, what is not there (or not public) is a 404. */
const OBJECT_PAGES = /^\/(profile|posts)\//;

const isFederationPath = (request: FastifyRequest) => FEDERATION_PATHS.test(request.url);

const asksForActivities = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  ACTIVITY_TYPES.test(request.headers.accept ?? '');

/** Not there: in the words of our own 404s, for the paths no page of ours is at. */
const nothingAt = (request: FastifyRequest) =>
  Response.json(
    { message: `Nothing is at ${request.method} ${request.url.split('?')[0]}.` },
    { status: 404 },
  );

/**
 * An actor, object or WebFinger resource whose id holds a control character names nothing here (PostgreSQL cannot
 * even compare one): a 404 before Fedify looks it up, as the control-character guard answers our own routes.
 */
function namesNothing(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  const decoded = URL.canParse(path, 'http://x') ? new URL(path, 'http://x').pathname : path;
  let words = decoded;
  try {
    words = decodeURIComponent(decoded);
  } catch {
    // A malformed escape is no control character; Fedify answers it as it does.
  }
  return controlCharacterAt({ path: words, query: request.query }) !== undefined;
}

async function readBody(raw: IncomingMessage): Promise<Buffer> {
  if (Number(raw.headers['content-length'] ?? 0) > MAX_ACTIVITY_BYTES)
    throw new PayloadTooLargeError(TOO_LARGE);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > MAX_ACTIVITY_BYTES) throw new PayloadTooLargeError(TOO_LARGE);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The request as Fedify reads it: at PUBLIC_URL's origin, so ids never take the Host header's word. */
async function webRequestOf(request: FastifyRequest, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    ...(hasBody && { body: new Uint8Array(await readBody(request.raw)) }),
  });
}

/** The hosts a request's signature names its key at: `keyId="…"` (draft-cavage) and `keyid="…"` (RFC 9421). */
function signingHosts(request: FastifyRequest): string[] {
  const said = [request.headers.signature, request.headers['signature-input']].flat().join(' ');
  const hosts: string[] = [];
  for (const [, keyId] of said.matchAll(/keyid="([^"]*)"/gi)) {
    if (URL.canParse(keyId!)) hosts.push(new URL(keyId!).hostname);
  }
  return hosts;
}

/**
 * A blocked domain an inbound activity comes from, by its signature's key, before Fedify does any work (reads the
 * body, fetches the key). An unsigned one Fedify refuses anyway.
 */
async function blockedSender(
  request: FastifyRequest,
  domainBlocks: Pick<DomainBlocks, 'blockedDomainOf'>,
): Promise<string | undefined> {
  for (const host of signingHosts(request)) {
    const blocked = await domainBlocks.blockedDomainOf(host);
    if (blocked) return blocked;
  }
  return undefined;
}

/**
 * 403, not 202: a server that is told it was refused can stop retrying (Mastodon drops a delivery on a 4xx; Fedify
 * only on 404 and 410, retrying a 403 with backoff), and the block is no secret to the server it is about.
 */
const blockedAnswer = (domain: string) =>
  Response.json({ message: `This server does not take activities from ${domain}.` }, { status: 403 });

/** Fedify refuses in plain text ("Failed to verify the request signature."): said as our JSON errors say things. */
async function asJsonError(response: Response): Promise<Response> {
  const isJson = /json/.test(response.headers.get('content-type') ?? '');
  if (response.status < 400 || isJson) return response;
  const said = (await response.text()).trim();
  const headers = new Headers(response.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  return Response.json(
    { message: said || response.statusText || STATUS_CODES[response.status] },
    { status: response.status, headers },
  );
}

async function send(reply: FastifyReply, fedifyResponse: Response): Promise<FastifyReply> {
  const response = await asJsonError(fedifyResponse);
  void reply.code(response.status);
  response.headers.forEach((value, name) => void reply.header(name, value));
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** A reply's Note as Fedify answers an object: a 404 when it is not there or may not federate. */
function replyNoteAnswer(request: FastifyRequest, json: unknown): Response {
  if (json === undefined) return nothingAt(request);
  return new Response(JSON.stringify(json), {
    headers: { 'content-type': 'application/activity+json', vary: 'Accept' },
  });
}

/**
 * Mounts Fedify in front of our routes (there is no Fastify adapter for Fedify 2.3): WebFinger, NodeInfo, the
 * inboxes, outboxes and collections under /ap/, and, for a request that asks for ActivityPub JSON, the actor and
 * object documents at the URLs of our profile and post pages. Whatever Fedify does not answer (another path, or a
 * page asked for as HTML) goes on to our routes untouched.
 */
export function registerFederation(
  app: App,
  federation: Federation<void>,
  {
    origin,
    egress,
    domainBlocks,
    replyNotes,
  }: {
    origin: string;
    egress: FederationEgress;
    domainBlocks: Pick<DomainBlocks, 'blockedDomainOf'>;
    /** A voice reply's Note as JSON-LD, or undefined. */
    replyNotes: (commentId: string) => Promise<unknown>;
  },
): void {
  const notOurs = new Response(null, { status: 404 });
  app.addHook('onRequest', async (request, reply) => {
    const federationPath = isFederationPath(request);
    const activities = asksForActivities(request);
    if (!federationPath && !activities) return;
    const answersAlone = federationPath || (activities && OBJECT_PAGES.test(request.url));
    if (namesNothing(request)) return answersAlone ? send(reply, nothingAt(request)) : undefined;
    if (request.method === 'POST') {
      const blocked = await blockedSender(request, domainBlocks);
      if (blocked) return send(reply, blockedAnswer(blocked));
    }
    // Fedify serves one object dispatcher per class, and Notes are our posts' at their pages' URLs: a voice reply's
    // Note is answered beside it.
    const commentId =
      (request.method === 'GET' || request.method === 'HEAD') && commentIdInPath(request.url.split('?')[0]!);
    if (commentId) return send(reply, replyNoteAnswer(request, await replyNotes(commentId)));
    const webRequest = await webRequestOf(request, origin);
    // Checking a signature fetches the signer's key: a remote request like any other of federation's.
    const response = await egress.run(() =>
      federation.fetch(webRequest, {
        contextData: undefined,
        onNotFound: () => (answersAlone ? nothingAt(request) : notOurs),
        onNotAcceptable: () => notOurs,
      }),
    );
    if (response === notOurs) return;
    return send(reply, response);
  });
}
