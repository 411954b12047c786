import { routes } from '@shared/contract/routes';
import { eventsQuerySchema } from '@shared/contract/social';
import { requireUser, signedInUser } from '../auth/current-user';
import { sessionTokenOf } from '../auth/session-cookie';
import type { AppContext } from '../context';
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from '../errors';
import { startConversationFeed } from '../events/conversation-feed';
import { startNotificationFeed } from '../events/notification-feed';
import { openSseStream, type SseStream } from '../events/sse-stream';
import { contractRoute, type App } from '../http/app-types';

/** Open streams one person may hold on one instance: enough for many tabs, not for a runaway loop. */
export const MAX_STREAMS_PER_USER = 10;
const RETRY_STREAM_AFTER_SECONDS = 30;

/** `Last-Event-ID` (sent by a reconnecting EventSource) or the `lastEventId` query parameter. */
function lastEventIdOf(header: string | string[] | undefined, fromQuery: string | undefined): string | null {
  if (typeof header !== 'string') return fromQuery ?? null;
  const parsed = eventsQuerySchema.safeParse({ lastEventId: header });
  if (!parsed.success) {
    throw new BadRequestError('Last-Event-ID must be the id of an event this stream sent.');
  }
  return parsed.data.lastEventId ?? null;
}

export function registerEventRoutes(app: App, context: AppContext): void {
  const { events, notifications, conversations, sessions } = context;
  const openStreams = new Map<string, Set<SseStream>>();

  // Open streams never end by themselves, so closing the app ends them; browsers reconnect to another instance.
  app.addHook('preClose', async () => {
    for (const streams of openStreams.values()) for (const stream of streams) stream.end();
  });

  app.route({
    ...contractRoute(routes.events),
    preHandler: requireUser,
    handler: async (request, reply) => {
      const user = signedInUser(request);
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId);
      const streams = openStreams.get(user.id) ?? new Set<SseStream>();
      if (streams.size >= MAX_STREAMS_PER_USER) {
        throw new TooManyRequestsError(
          'Too many live connections are open for your account. Close some tabs and try again.',
          RETRY_STREAM_AFTER_SECONDS,
        );
      }
      const token = sessionTokenOf(request);
      if (!token) throw new UnauthorizedError();
      const stream = openSseStream(reply);
      streams.add(stream);
      openStreams.set(user.id, streams);
      const stillSignedIn = async () => (await sessions.resolve(token))?.id === user.id;
      const feed = { userId: user.id, events, stream, stillSignedIn, log: request.log };
      const stops = [
        startNotificationFeed({ ...feed, lastEventId, notifications }),
        startConversationFeed({ ...feed, conversations }),
        // Without this, a deleted or suspended person's open stream would wait for their next event to notice.
        events.subscribe(user.id, (message) => {
          if (message.type === 'sessions-ended') stream.end();
        }),
      ];
      stream.onClose(() => {
        for (const stop of stops) stop();
        streams.delete(stream);
        if (streams.size === 0 && openStreams.get(user.id) === streams) openStreams.delete(user.id);
      });
    },
  });
}
