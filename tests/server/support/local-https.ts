import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { Agent } from 'undici';
import { listenInRange } from './fediverse-peer';

const run = promisify(execFile);

/** A certificate authority of one test run (Debian's `openssl`), in `directory`; nothing outside it trusts it. */
export interface LocalCa {
  /** The CA's certificate: NODE_EXTRA_CA_CERTS for a server process that must trust it. */
  certificateFile: string;
  /** Connections of the test's own requests that trust it. */
  dispatcher: Agent;
  /** A key and a certificate for `address` (an IP address), signed by the CA. */
  issue(address: string): Promise<{ key: Buffer; cert: Buffer }>;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export async function makeLocalCa(directory: string): Promise<LocalCa> {
  const certificateFile = path.join(directory, 'ca.pem');
  const caKey = path.join(directory, 'ca.key');
  await run('openssl', [
    'req',
    '-x509',
    ...EC_KEY,
    '-keyout',
    caKey,
    '-out',
    certificateFile,
    '-days',
    '1',
    '-subj',
    '/CN=Earshot test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  ]);
  const ca = await readFile(certificateFile);
  return {
    certificateFile,
    dispatcher: new Agent({ connect: { ca } }),
    async issue(address) {
      const keyFile = path.join(directory, `${address}.key`);
      const certFile = path.join(directory, `${address}.pem`);
      await run('openssl', [
        'req',
        '-x509',
        ...EC_KEY,
        '-CA',
        certificateFile,
        '-CAkey',
        caKey,
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        `/CN=${address}`,
        '-addext',
        `subjectAltName=IP:${address}`,
        '-addext',
        'basicConstraints=CA:FALSE',
      ]);
      const [key, cert] = await Promise.all([readFile(keyFile), readFile(certFile)]);
      return { key, cert };
    },
  };
}

/** https in front of a server process, as an operator's TLS proxy is: its public origin, known before the server starts. */
export interface TlsFront {
  origin: string;
  /** Where connections go from now on: the server process's own http origin on 127.0.0.1. */
  forwardTo(backend: string): void;
  close(): Promise<void>;
}

/**
 * Takes TLS on `address` (a loopback address of its own), at a port of our range, and passes each connection's bytes
 * to the backend unchanged.
 */
export async function startTlsFront(address: string, ca: LocalCa): Promise<TlsFront> {
  let backend: URL | undefined;
  const sockets = new Set<net.Socket>();
  const server = tls.createServer(await ca.issue(address), (client) => {
    if (!backend) return client.destroy();
    const upstream = net.connect(Number(backend.port), backend.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await listenInRange(server, address);
  return {
    origin: `https://${address}:${port}`,
    forwardTo(origin) {
      backend = new URL(origin);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
