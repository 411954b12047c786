import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import {
  fetchPushKey,
  pushDevicesQueryKey,
  removeDevice,
  saveSubscription,
  usePushDevices,
  type PushDevice,
} from '../api/push';
import type { PushSupport } from '../lib/push-support';
import { currentSubscription, subscribeThisDevice } from '../lib/this-device';

const thisEndpointQueryKey = ['push', 'this-device-endpoint'] as const;

/**
 * This browser's part in the person's pushes: whether it is one of their devices (its subscription's endpoint is
 * in their list), turning it on (permission, subscription, then the server) and removing any device (this one
 * also lets go of its subscription in the browser).
 */
export function useThisDevicePush(support: PushSupport) {
  const queryClient = useQueryClient();
  const supported = support === 'supported';
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    supported ? Notification.permission : 'default',
  );
  const thisEndpoint = useQuery({
    queryKey: thisEndpointQueryKey,
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    enabled: supported,
  }).data;
  const devices = usePushDevices();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: thisEndpointQueryKey }),
      queryClient.invalidateQueries({ queryKey: pushDevicesQueryKey }),
    ]);

  const turnOn = useMutation({
    mutationFn: async () => saveSubscription(await subscribeThisDevice(await fetchPushKey())),
    onSettled: () => {
      setPermission(Notification.permission);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      await removeDevice(device.id);
      if (device.endpoint === thisEndpoint) await (await currentSubscription())?.unsubscribe();
    },
    onSettled: refresh,
  });

  const thisDevice = devices.data?.devices.find((device) => device.endpoint === thisEndpoint) ?? null;
  const failure = turnOn.error ?? remove.error;
  return {
    permission,
    devices,
    thisEndpoint: thisEndpoint ?? null,
    thisDevice,
    turnOn: () => turnOn.mutate(),
    remove: (device: PushDevice) => remove.mutate(device),
    pending: turnOn.isPending || remove.isPending,
    problem: failure ? uploadErrorMessage(failure) : null,
  };
}
