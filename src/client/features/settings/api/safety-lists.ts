import { useInfiniteQuery } from '@tanstack/react-query';
import { keysetPagesOptions } from '@client/lib/keyset-page';

/** A page of the people I block or mute: a settings card shows a few at a time. */
export const SAFETY_LIST_PAGE = 20;

export type SafetyListKind = 'blocked' | 'muted';

/** GET /api/me/blocks or /api/me/mutes, most recent first, a page at a time. */
export const safetyListQueryOptions = (kind: SafetyListKind) =>
  keysetPagesOptions(kind === 'blocked' ? 'listBlockedUsers' : 'listMutedUsers', { limit: SAFETY_LIST_PAGE });

export function useSafetyList(kind: SafetyListKind) {
  return useInfiniteQuery(safetyListQueryOptions(kind));
}
