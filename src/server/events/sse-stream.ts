import type { FastifyReply } from 'fastify';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_HINT_MS = 5_000;
/** A client that stops reading while this much waits for it is dropped; it catches up when it reconnects. */
const MAX_UNREAD_BYTES = 1024 * 1024;

export interface SseMessage {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseStream {
  readonly closed: boolean;
  send(message: SseMessage): void;
  /** Ends the stream; the browser reconnects after the retry hint. */
  end(): void;
  onClose(listener: () => void): void;
}

/**
 * Takes the response over from Fastify (no serialiser or onSend hook runs for it) and opens a text/event-stream.
 * `Connection: close`, so that ending the stream (at shutdown, say) also frees its socket at once.
 */
export function openSseStream(reply: FastifyReply): SseStream {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx would otherwise hold events back in its buffer.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  // A client gone before the stream opened never emits 'close' again.
  let closed = response.socket?.destroyed ?? true;
  const write = (text: string) => {
    if (closed) return;
    response.write(text);
    if (response.writableLength > MAX_UNREAD_BYTES) response.destroy();
  };
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  response.once('close', () => {
    closed = true;
    clearInterval(heartbeat);
  });
  write(`retry: ${RECONNECT_HINT_MS}\n\n`);

  return {
    get closed() {
      return closed;
    },
    send({ id, event, data }) {
      // Our ids and event names never hold line breaks, and JSON.stringify writes none.
      write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!closed) response.end();
    },
    onClose(listener) {
      if (closed) listener();
      else response.once('close', listener);
    },
  };
}
