import { PageHeader } from '@client/components/page-header';
import { AppearanceSettings } from '@client/features/settings/components/appearance-settings';
import { BlockedAndMutedSettings } from '@client/features/settings/components/blocked-and-muted-settings';
import { DataExportSettings } from '@client/features/settings/components/data-export-settings';
import { DeleteAccountSettings } from '@client/features/settings/components/delete-account-settings';
import { GroupAddsSettings } from '@client/features/settings/components/group-adds-settings';
import { NotificationSettings } from '@client/features/settings/components/notification-settings';
import { SignOutSettings } from '@client/features/settings/components/sign-out-settings';
import { TranscriptSettings } from '@client/features/settings/components/transcript-settings';

/** The signed-in person's settings: one section per concern. */
export function SettingsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title="Settings" description="How Earshot looks and works for you." />
      <AppearanceSettings />
      <NotificationSettings />
      <GroupAddsSettings />
      <TranscriptSettings />
      <BlockedAndMutedSettings />
      <DataExportSettings />
      <SignOutSettings />
      <DeleteAccountSettings />
    </div>
  );
}
