/**
 * GET /api/events is a server-sent event stream of the signed-in person's live events. Each `notification` event
 * has the notification's id as its `id:` and its JSON (as GET /api/notifications lists it) as `data:`. A `resync`
 * event says the stream skipped events (too many were missed): reload the list. Conversation events carry no
 * `id:` (so Last-Event-ID stays the newest notification's) and are not caught up on reconnect: a page that
 * reconnects reloads its conversations, as it does on `conversations-resync`. No zod here: the browser imports
 * these names.
 */
export const LIVE_EVENT_NAMES = {
  notification: 'notification',
  resync: 'resync',
  /** A conversation the person is in, new to them (created, or they were added): its JSON as the list has it. */
  conversation: 'conversation',
  /** A new voice message in one of their conversations: its JSON as the conversation's list has it. */
  conversationRecording: 'conversation-recording',
  /** A message deleted from one of their conversations: `{id, conversationId}`. */
  conversationRecordingDeleted: 'conversation-recording-deleted',
  /** Conversation events may have been missed (the server lost them): reload the conversation list. */
  conversationsResync: 'conversations-resync',
} as const;
