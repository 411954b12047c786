import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConversationRecording } from '@shared/contract/conversations';
import { LIVE_EVENT_NAMES } from '@shared/contract/events';
import { LIVE_STREAM_OPENED, onLiveEvent } from '@client/lib/live-events';
import { routeQueries } from '@client/lib/query-keys';
import {
  addRecordingToCache,
  refreshAfterMessage,
  refreshConversationList,
  removeRecordingFromCache,
} from './conversations';

/**
 * Keeps my conversations live while the signed-in app is open: a new message shows in its open conversation at
 * once and moves its card up; a deletion disappears; a new conversation joins the list. Conversation events have
 * no catch-up, so every (re)connection and `conversations-resync` reloads the list (and an open conversation).
 */
export function useLiveConversations(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => {
      refreshConversationList(queryClient);
      void queryClient.invalidateQueries(routeQueries('listConversationRecordings'));
    };
    const stops = [
      onLiveEvent(LIVE_EVENT_NAMES.conversation, () => refreshConversationList(queryClient)),
      onLiveEvent(LIVE_EVENT_NAMES.conversationRecording, (data) => {
        const recording = data as ConversationRecording;
        addRecordingToCache(queryClient, recording);
        refreshAfterMessage(queryClient, recording.conversationId);
      }),
      onLiveEvent(LIVE_EVENT_NAMES.conversationRecordingDeleted, (data) => {
        const { id, conversationId } = data as { id: string; conversationId: string };
        removeRecordingFromCache(queryClient, conversationId, id);
        refreshConversationList(queryClient);
      }),
      onLiveEvent(LIVE_EVENT_NAMES.conversationsResync, reload),
      onLiveEvent(LIVE_STREAM_OPENED, reload),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}
