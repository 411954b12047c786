/**
 * GET /api/events is a server-sent event stream of the signed-in person's live events. Each `notification` event
 * has the notification's id as its `id:` and its JSON (as GET /api/notifications lists it) as `data:`. A `resync`
 * event says the stream skipped events (too many were missed): reload the list. No zod here: the browser imports
 * these names.
 */
export const LIVE_EVENT_NAMES = { notification: 'notification', resync: 'resync' } as const;
