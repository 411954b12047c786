import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_EVENT_NAMES } from '@shared/contract/events';
import type { Notification } from '@shared/contract/social';
import { routeUrl } from '@client/lib/api-client';
import { emitLiveEvent, LIVE_STREAM_OPENED } from '@client/lib/live-events';
import { currentUserQueryKey } from '@client/lib/session';
import { notificationsKey } from './notifications';

/**
 * EventSource reconnects by itself after a dropped connection, but gives up on an error answer (a 429, a 503 from
 * an instance shutting down). Then we open a new one after this long, doubling up to the maximum.
 */
const REOPEN_FIRST_MS = 5_000;
const REOPEN_MAX_MS = 5 * 60_000;

/** The stream's events other features follow (src/client/lib/live-events.ts). */
const PASSED_ON = [
  LIVE_EVENT_NAMES.conversation,
  LIVE_EVENT_NAMES.conversationRecording,
  LIVE_EVENT_NAMES.conversationRecordingDeleted,
  LIVE_EVENT_NAMES.conversationsResync,
];

function addToList(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData(notificationsKey, (list) =>
    list && !list.some((item) => item.id === notification.id) ? [notification, ...list] : list,
  );
  // A fetch already under way may have read the list before this notification was committed, and its answer
  // would replace the list without it. A fresh fetch, started now, includes it.
  if (queryClient.isFetching({ queryKey: notificationsKey }) > 0) {
    void queryClient.invalidateQueries({ queryKey: notificationsKey }, { cancelRefetch: true });
  }
}

/**
 * Keeps the notifications list (and so the bell's unread count) live while the signed-in app is open: one
 * EventSource on GET /api/events for as long as the calling component is mounted. Conversation events on the same
 * stream are passed on to whoever follows them.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId: string | undefined;
    let failures = 0;

    const open = () => {
      // A new EventSource does not carry the old one's Last-Event-ID, so the query names where we left off.
      const current = new EventSource(routeUrl('events', { query: { lastEventId } }));
      source = current;
      current.addEventListener('open', () => {
        failures = 0;
        // With no event id to resume from, the stream carries only what comes from now on; whatever came between
        // the list's last fetch and now is fetched again (the server is listening before the stream opens).
        if (!lastEventId) void queryClient.invalidateQueries({ queryKey: notificationsKey });
        emitLiveEvent(LIVE_STREAM_OPENED, null);
      });
      for (const name of PASSED_ON) {
        current.addEventListener(name, (event) => {
          emitLiveEvent(name, event.data ? (JSON.parse(event.data) as unknown) : null);
        });
      }
      current.addEventListener(LIVE_EVENT_NAMES.notification, (event) => {
        lastEventId = event.lastEventId || lastEventId;
        addToList(queryClient, JSON.parse(event.data) as Notification);
      });
      current.addEventListener(LIVE_EVENT_NAMES.resync, (event) => {
        lastEventId = event.lastEventId || lastEventId;
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
      });
      current.addEventListener('error', () => {
        if (current.readyState !== EventSource.CLOSED) return;
        // Refused: perhaps the session ended, which the current user's query finds out (and signs the app out).
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        reopenTimer = setTimeout(open, Math.min(REOPEN_MAX_MS, REOPEN_FIRST_MS * 2 ** failures));
        failures += 1;
      });
    };

    const close = () => {
      clearTimeout(reopenTimer);
      source?.close();
      source = undefined;
    };
    // A page left for another stays in the back/forward cache with its connections open: over HTTP/1.1 Chromium
    // then held a stream for each of the last six pages, every connection it makes to a host, and the next page's
    // requests waited behind them. The stream closes as the page is left and resumes if it comes back.
    const resume = (event: PageTransitionEvent) => {
      if (event.persisted && !source) open();
    };
    window.addEventListener('pagehide', close);
    window.addEventListener('pageshow', resume);
    open();
    return () => {
      window.removeEventListener('pagehide', close);
      window.removeEventListener('pageshow', resume);
      close();
    };
  }, [queryClient]);
}
