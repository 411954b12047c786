import { execFile } from 'node:child_process';
import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';

/**
 * A push service of our own (RFC 8030) for the tests: an https server on the loopback address that takes Web Push
 * requests as Mozilla's or Google's would, checks their VAPID signature (RFC 8292) and decrypts their aes128gcm
 * payload (RFC 8188, RFC 8291) with the keys of the browser subscription it made, as a browser would.
 */

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription's endpoint the push was sent to. */
  endpoint: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID claims, checked. */
  claims: { aud: string; exp: number; sub: string };
  /** The application server key the request was signed with (the `k` of its Authorization). */
  signedWith: string;
  receivedAt: number;
}

export interface TestPushService {
  origin: string;
  /** The PEM certificate it serves, for another process to trust (NODE_EXTRA_CA_CERTS). */
  certificate: string;
  /** A browser's subscription at this service: its endpoint, and the keys (the private one stays here). */
  subscribe(): TestSubscription;
  /** Pushes received and verified, oldest first. */
  received: ReceivedPush[];
  /** Requests refused (a bad signature or payload), with why: a test expects none. */
  refused: string[];
  /** From now on, answers pushes to `endpoint` (all, without one) with `status` instead of 201. */
  answerWith(status: number, endpoint?: string): void;
  /** Resolves with the first push not yet taken that matches, failing after `timeoutMs`. */
  nextPush(match: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const run = promisify(execFile);

/** A self-signed certificate for 127.0.0.1, made by openssl, trusted by this process from now on. */
async function loopbackCertificate(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-push-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    await run(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { timeout: 60_000 },
    );
    const pair = { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') };
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), pair.cert]);
    return pair;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const fromBase64url = (text: string) => Buffer.from(text, 'base64url');

/** The ES256 JWT of `Authorization: vapid t=…, k=…`, checked against `k`; its claims, or why it is refused. */
function verifyVapid(authorization: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { problem: `no VAPID Authorization header: ${authorization}` };
  const [, token = '', publicKey = ''] = match;
  const [header = '', body = '', signature = ''] = token.split('.');
  const point = fromBase64url(publicKey);
  if (point.length !== 65 || point[0] !== 4) return { problem: 'k is not an uncompressed P-256 point' };
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    fromBase64url(signature),
  );
  if (!signed) return { problem: 'the JWT signature does not verify against k' };
  const { alg } = JSON.parse(fromBase64url(header).toString()) as { alg?: string };
  if (alg !== 'ES256') return { problem: `alg is ${alg}, not ES256` };
  const claims = JSON.parse(fromBase64url(body).toString()) as { aud: string; exp: number; sub: string };
  const now = Date.now() / 1000;
  if (claims.aud !== origin) return { problem: `aud is ${claims.aud}, not ${origin}` };
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600))
    return { problem: `exp ${claims.exp} is not within 24 h` };
  if (!/^(mailto:|https:)/.test(claims.sub ?? ''))
    return { problem: `sub ${claims.sub} is not mailto: or https:` };
  return { claims, publicKey };
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, decrypted with the browser's private key and auth secret. */
function decrypt(body: Buffer, browser: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const sharedSecret = browser.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end === -1 || padded.subarray(end + 1).some((byte) => byte !== 0))
    throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export async function startTestPushService(): Promise<TestPushService> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const statuses = new Map<string | undefined, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const taken = new Set<number>();
  let origin = '';

  const keyPair = await loopbackCertificate();
  const server: Server = createServer(keyPair, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const refuse = (problem: string) => {
        refused.push(problem);
        response.writeHead(400).end(problem);
      };
      const browser = browsers.get(endpoint);
      if (request.method !== 'POST' || !browser)
        return refuse(`no subscription at ${request.method} ${endpoint}`);
      const vapid = verifyVapid(request.headers.authorization, origin);
      if (!vapid.claims) return refuse(vapid.problem);
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return refuse('Content-Encoding is not aes128gcm');
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0)
        return refuse(`TTL ${request.headers.ttl} is not a whole number`);
      let payload: unknown;
      try {
        payload = JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8'));
      } catch (error) {
        return refuse(`the payload does not decrypt: ${String(error)}`);
      }
      const status = statuses.get(endpoint) ?? statuses.get(undefined) ?? 201;
      if (status === 201) {
        received.push({
          endpoint,
          payload,
          ttl,
          urgency: request.headers.urgency as string | undefined,
          claims: vapid.claims,
          signedWith: vapid.publicKey,
          receivedAt: performance.now(),
        });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    certificate: keyPair.cert,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      browsers.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerWith(status, endpoint) {
      statuses.set(endpoint, status);
    },
    async nextPush(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((push, at) => !taken.has(at) && match(push));
        if (index !== -1) {
          taken.add(index);
          return received[index]!;
        }
        if (refused.length > 0) throw new Error(`the push service refused a push: ${refused.join('; ')}`);
        if (Date.now() > deadline) throw new Error(`no matching push arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
