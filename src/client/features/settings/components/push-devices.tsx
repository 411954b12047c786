import { Laptop, Smartphone } from 'lucide-react';
import { LoadError } from '@client/components/load-error';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatPostDate } from '@client/lib/format';
import type { PushDevice } from '../api/push';
import type { useThisDevicePush } from '../hooks/use-this-device-push';

const PHONE = /\b(Android|iPhone|iPad)\b/;

/** "2h ago", "Mar 4, 2026"; within the hour "just now" (the feed's "now" reads oddly after "Added"). */
function when(value: string): string {
  const text = formatPostDate(value);
  return text === 'now' ? 'just now' : text;
}

/** The devices the person is notified on, this one marked, each with Remove. */
export function PushDevices({ push }: { push: ReturnType<typeof useThisDevicePush> }) {
  const { devices } = push;
  const list = devices.data?.devices ?? [];
  return (
    <section aria-labelledby="push-devices-heading" className="space-y-3">
      <h3 id="push-devices-heading" className="text-sm font-semibold text-muted-foreground">
        Devices that get notifications
      </h3>
      {devices.isPending ? (
        <div role="status" aria-label="Loading your devices">
          <Skeleton className="h-16 w-full rounded-2xl" />
        </div>
      ) : devices.isError ? (
        <LoadError
          message="We couldn’t load your devices."
          onRetry={() => void devices.refetch()}
          retrying={devices.isFetching}
          framed={false}
        />
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-dashed px-4 py-5 text-sm text-muted-foreground">
          No device gets notifications yet.
        </p>
      ) : (
        <>
          <ul aria-labelledby="push-devices-heading" className="space-y-2">
            {list.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                thisOne={device.endpoint === push.thisEndpoint}
                disabled={push.pending}
                onRemove={() => push.remove(device)}
              />
            ))}
          </ul>
          {devices.data.hasMore && (
            <Button
              variant="outline"
              size="sm"
              aria-disabled={devices.isFetchingNextPage || undefined}
              onClick={() => {
                if (!devices.isFetchingNextPage) void devices.fetchNextPage();
              }}
            >
              {devices.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

interface DeviceRowProps {
  device: PushDevice;
  thisOne: boolean;
  disabled: boolean;
  onRemove: () => void;
}

function DeviceRow({ device, thisOne, disabled, onRemove }: DeviceRowProps) {
  const Icon = PHONE.test(device.deviceName) ? Smartphone : Laptop;
  const added = `Added ${when(device.createdAt)}`;
  const lastSent = device.lastDeliveredAt ? ` · Last notified ${when(device.lastDeliveredAt)}` : '';
  return (
    <li className="flex items-center gap-3 rounded-2xl border bg-background/60 py-2.5 pr-2.5 pl-4">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          <span className="truncate">{device.deviceName}</span>
          {thisOne && <Badge>This device</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {added}
          {lastSent}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Remove ${device.deviceName}${thisOne ? ' (this device)' : ''}`}
        disabled={disabled}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}
