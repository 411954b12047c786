import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@client/lib/api-client';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type {
  PushDevice,
  PushDevicesPage,
  PushKey,
  PushPreferences,
  PushSubscription,
  PushSubscriptionBody,
} from '@shared/contract/push';

export type { PushDevice, PushPreferences };

/** The kinds of event a person may be pushed, each switched on or off for all their devices, in Settings' order. */
export const PUSH_KINDS = [
  'messages',
  'replies',
  'followers',
  'likes',
  'newPosts',
] as const satisfies readonly (keyof PushPreferences)[];
export type PushKind = (typeof PUSH_KINDS)[number];

/** A page of devices; a person seldom has more, and the rest come with "Show more". */
export const DEVICES_PAGE = 20;

export const pushDevicesQueryKey = [endpoints.listPushSubscriptions.path] as const;
const preferencesQueryKey = [endpoints.pushPreferences.path] as const;

/** GET /api/push/key: the server's VAPID public key, base64url, for pushManager.subscribe. */
export async function fetchPushKey(): Promise<string> {
  const { publicKey } = (await requestJson('GET', endpoints.pushKey.path)) as PushKey;
  return publicKey;
}

/** POST /api/push/subscriptions: this browser now receives the person's pushes. */
export async function saveSubscription(subscription: PushSubscriptionBody): Promise<PushSubscription> {
  return (await requestJson('POST', endpoints.subscribePush.path, subscription)) as PushSubscription;
}

/** DELETE /api/push/subscriptions/:id: that device receives no more. */
export async function removeDevice(id: string): Promise<void> {
  await requestJson('DELETE', buildPath(endpoints.deletePushSubscription.path, { id }));
}

/** The person's devices, newest first, a page at a time. */
export function usePushDevices() {
  return useInfiniteQuery({
    queryKey: pushDevicesQueryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(DEVICES_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return requestJson(
        'GET',
        `${endpoints.listPushSubscriptions.path}?${query}`,
      ) as Promise<PushDevicesPage>;
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
    queryFn: () => requestJson('GET', endpoints.pushPreferences.path) as Promise<PushPreferences>,
  });
}

/** PATCH /api/push/preferences with one change; the whole saved object comes back and is what shows. */
export function useSavePushPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<PushPreferences>) =>
      requestJson('PATCH', endpoints.updatePushPreferences.path, change) as Promise<PushPreferences>,
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
}
