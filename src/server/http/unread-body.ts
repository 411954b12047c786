import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A little over the largest upload we take (100 MB of audio and a 10 MB photo): every refusal of an upload a
 * person might make is read to its end; anything larger is not worth reading. */
const MAX_DISCARDED_BYTES = 128 * 1024 * 1024;
/** As nginx's lingering_timeout: a client that sends nothing for this long is not finishing its request. */
const IDLE_TIMEOUT_MS = 5_000;

/** Reads the rest of a request's body and drops it; settles at its end, after the bound, or when it stalls. */
function discardRest(body: IncomingMessage): Promise<void> {
  if (Number(body.headers['content-length']) > MAX_DISCARDED_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = () => {
      clearTimeout(idle);
      body.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_DISCARDED_BYTES) finish();
      else idle.refresh();
    };
    const idle = setTimeout(finish, IDLE_TIMEOUT_MS);
    // A parser we stopped listening to (a refused multipart upload) must not hold the bytes back.
    body.unpipe();
    body.on('data', count).once('end', finish).once('close', finish).on('error', finish);
    body.resume();
  });
}

/**
 * An answer given before the request's body has arrived (an upload refused by auth, permission, a rate limit or
 * its size) would otherwise be followed by closing a socket that still holds unread bytes, and the kernel then
 * resets the connection: the client loses the answer. So the rest of the body is read and dropped first, up to a
 * bound, and the connection closes after the answer (nginx's lingering close is the model). A 413 always closes
 * it: a client sending too much is not to send its next request after it.
 */
export function registerUnreadBodyDiscard(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    // `complete` is false while the body is still arriving; app.inject's requests have no socket and no flag.
    const unread = request.raw.complete === false;
    if (!unread && reply.statusCode !== 413) return;
    reply.header('connection', 'close');
    if (unread) await discardRest(request.raw);
  });
}
