import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface LingeringLimits {
  /**
   * As nginx's lingering_time: the longest a refused request's body is read, however large it says it is. Time,
   * not bytes, is what a drain costs us; a client fast enough to send more in this time is owed its answer too.
   */
  timeMs: number;
  /** As nginx's lingering_timeout: a client that sends nothing for this long has stopped sending. */
  idleMs: number;
}

const LINGERING_LIMITS: LingeringLimits = { timeMs: 5_000, idleMs: 2_000 };

/** Reads the rest of a request's body and drops it; settles at its end, at the time bound, or when it stalls. */
function discardRest(body: IncomingMessage, limits: LingeringLimits): Promise<void> {
  return new Promise((resolve) => {
    const stillSending = () => idle.refresh();
    const finish = () => {
      clearTimeout(deadline);
      clearTimeout(idle);
      body.off('data', stillSending).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const deadline = setTimeout(finish, limits.timeMs);
    const idle = setTimeout(finish, limits.idleMs);
    // A parser we stopped listening to (a refused multipart upload) must not hold the bytes back.
    body.unpipe();
    body.on('data', stillSending).once('end', finish).once('close', finish).once('error', finish);
    body.resume();
  });
}

/**
 * An answer given before the request's body has arrived (an upload refused by auth, permission, a rate limit or
 * its size) would otherwise be followed by closing a socket that still holds unread bytes, and the kernel then
 * resets the connection: the client loses the answer. So the rest of the body is read and dropped first, for a
 * bounded time, and the connection closes after the answer (nginx's lingering close is the model). A 413 always
 * closes it: a client sending too much is not to send its next request after it.
 */
export function registerUnreadBodyDiscard(
  app: FastifyInstance,
  limits: LingeringLimits = LINGERING_LIMITS,
): void {
  app.addHook('onSend', (request, reply, _payload, done) => {
    // `complete` is false while the body is still arriving; app.inject's requests have no socket and no flag.
    const unread = request.raw.complete === false;
    if (unread || reply.statusCode === 413) reply.header('connection', 'close');
    if (unread) void discardRest(request.raw, limits).then(() => done());
    else done();
  });
}
