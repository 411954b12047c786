import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@client/lib/api-client';

/*
 * The Web Push endpoints (issue 27). Their zod schemas are to come in src/shared/contract/push.ts with the server
 * side; until then these types are the client's reading of the agreed contract, and requestJson calls the paths.
 */

/** The kinds of event a person may be pushed, each switched on or off for all their devices. */
export const PUSH_KINDS = ['messages', 'replies', 'followers', 'likes', 'newPosts'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushPreferences = Record<PushKind, boolean>;

/** A browser that receives this person's pushes. */
export interface PushDevice {
  id: string;
  deviceName: string;
  endpoint: string;
  createdAt: string;
  lastDeliveredAt: string | null;
}

/** What a browser's PushSubscription gives the server to reach it. */
export interface NewPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  deviceName: string;
}

interface DevicesPage {
  items: PushDevice[];
  nextCursor: string | null;
}

const KEY_PATH = '/api/push/key';
const SUBSCRIPTIONS_PATH = '/api/push/subscriptions';
const PREFERENCES_PATH = '/api/push/preferences';

/** A page of devices; a person seldom has more, and the rest come with "Show more". */
export const DEVICES_PAGE = 20;

export const pushDevicesQueryKey = [SUBSCRIPTIONS_PATH] as const;
const preferencesQueryKey = [PREFERENCES_PATH] as const;

/** GET /api/push/key: the server's VAPID public key, base64url, for pushManager.subscribe. */
export async function fetchPushKey(): Promise<string> {
  const { publicKey } = (await requestJson('GET', KEY_PATH)) as { publicKey: string };
  return publicKey;
}

/** POST /api/push/subscriptions: this browser now receives the person's pushes. */
export async function saveSubscription(subscription: NewPushSubscription): Promise<PushDevice> {
  return (await requestJson('POST', SUBSCRIPTIONS_PATH, subscription)) as PushDevice;
}

/** DELETE /api/push/subscriptions/:id: that device receives no more. */
export async function removeDevice(id: string): Promise<void> {
  await requestJson('DELETE', `${SUBSCRIPTIONS_PATH}/${encodeURIComponent(id)}`);
}

/** The person's devices, newest first, a page at a time. */
export function usePushDevices() {
  return useInfiniteQuery({
    queryKey: pushDevicesQueryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(DEVICES_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return requestJson('GET', `${SUBSCRIPTIONS_PATH}?${query}`) as Promise<DevicesPage>;
    },
    getNextPageParam: (page) => page.nextCursor,
    select: (data) => ({
      devices: data.pages.flatMap((page) => page.items),
      hasMore: data.pages[data.pages.length - 1]?.nextCursor != null,
    }),
  });
}

/** Which kinds the person is pushed. */
export function usePushPreferences() {
  return useQuery({
    queryKey: preferencesQueryKey,
    queryFn: () => requestJson('GET', PREFERENCES_PATH) as Promise<PushPreferences>,
  });
}

/** PATCH /api/push/preferences with one change; the whole saved object comes back and is what shows. */
export function useSavePushPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<PushPreferences>) =>
      requestJson('PATCH', PREFERENCES_PATH, change) as Promise<PushPreferences>,
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
}
