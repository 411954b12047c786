import { BellOff, Share, SquarePlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useThisDevicePush } from '../hooks/use-this-device-push';
import { pushSupport } from '../lib/push-support';
import { PushDevices } from './push-devices';
import { PushKindSwitches } from './push-kind-switches';
import { SettingsSection } from './settings-section';
import { SwitchRow } from './switch-row';

/**
 * Web Push (issue 27): this device on or off, what the person is notified about, and every device that is. Where
 * the switch cannot work (notifications blocked, a browser without Web Push, iPhone or iPad outside the Home
 * Screen app) it says why and what to do instead.
 */
export function NotificationSettings() {
  const [support] = useState(pushSupport);
  const push = useThisDevicePush(support);
  const on = push.thisDevice !== null;
  return (
    <SettingsSection
      id="notifications"
      title="Notifications"
      description="Hear about new voice messages and more, even with Earshot closed."
    >
      {support === 'home-screen-only' ? (
        <Notice icon={<SquarePlus />} title="Add Earshot to your Home Screen to get notifications">
          <p>On iPhone and iPad, notifications come only from Earshot opened from the Home Screen.</p>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>
              In Safari, tap Share <Share aria-hidden="true" className="inline size-4 align-text-bottom" />{' '}
              (the square with an arrow pointing up).
            </li>
            <li>Choose “Add to Home Screen”, then Add.</li>
            <li>Open Earshot from your Home Screen and turn notifications on here.</li>
          </ol>
        </Notice>
      ) : support === 'unsupported' ? (
        <Notice icon={<BellOff />} title="This browser can’t show notifications from Earshot">
          <p>Try a recent Chrome, Edge, Firefox or Safari.</p>
        </Notice>
      ) : push.permission === 'denied' ? (
        <Notice icon={<BellOff />} title="Notifications are blocked for Earshot in this browser">
          <p>
            To allow them, open the site settings from the icon beside the address bar (a lock or sliders),
            set Notifications to Allow, then reload this page.
          </p>
        </Notice>
      ) : (
        <SwitchRow
          label="Notifications on this device"
          hint={on ? 'This device gets the notifications you choose below.' : 'Off on this device.'}
          checked={on}
          disabled={push.pending || push.devices.isPending}
          busy={push.pending}
          onCheckedChange={(checked) =>
            checked ? push.turnOn() : push.thisDevice && push.remove(push.thisDevice)
          }
        />
      )}
      <p role="status" className="text-sm font-medium text-destructive empty:hidden dark:text-red-400">
        {push.permission === 'denied' ? '' : push.problem}
      </p>
      <PushKindSwitches />
      <PushDevices push={push} />
    </SettingsSection>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-2xl border bg-secondary/60 px-4 py-3.5">
      <span aria-hidden="true" className="mt-0.5 text-muted-foreground [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0 text-sm text-pretty">
        <p className="font-semibold">{title}</p>
        <div className="mt-1 text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}
