import { useState } from 'react';
import { GROUP_ADDS, type GroupAdds } from '@shared/domain/conversations';
import { RadioCards } from '@client/components/radio-cards';
import { useAuth } from '@client/lib/use-auth';
import { toast } from '@client/lib/use-toast';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { useSaveSettings } from '../api/settings';
import { SettingsSection } from './settings-section';

const CHOICE_TEXT: Record<GroupAdds, { label: string; hint: string }> = {
  everyone: { label: 'Everyone', hint: 'Anyone on Earshot can add you to a group.' },
  following: { label: 'People I follow', hint: 'Only people you follow can add you to a group.' },
  nobody: { label: 'Nobody', hint: 'Nobody can add you to a group.' },
};
const CHOICES = GROUP_ADDS.map((value) => ({ value, ...CHOICE_TEXT[value] }));

/**
 * Who may put me into a group (as WhatsApp has): a radio group, arrow keys move between the choices, and each
 * choice is saved at once. A direct chat is not a group, so anyone may still start one.
 */
export function GroupAddsSettings() {
  const { user } = useAuth();
  const save = useSaveSettings();
  const [saving, setSaving] = useState<GroupAdds | null>(null);
  if (!user) return null;
  // The choice being saved shows at once; if saving fails, the saved one comes back.
  const chosen = saving ?? user.groupAdds;
  const choose = (groupAdds: GroupAdds) => {
    setSaving(groupAdds);
    save.mutate(
      { groupAdds },
      {
        onSettled: () => setSaving(null),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Not saved', description: uploadErrorMessage(error) }),
      },
    );
  };

  return (
    <SettingsSection
      id="group-adds"
      title="Groups"
      description="Anyone can still send you a direct message; you can leave any group at any time."
    >
      <RadioCards
        legend="Who can add me to groups"
        name="group-adds"
        choices={CHOICES}
        value={chosen}
        onChange={choose}
      />
      <p role="status" className="text-sm text-muted-foreground">
        {save.isSuccess && saving === null ? 'Saved.' : ''}
      </p>
    </SettingsSection>
  );
}
