import { useId, useState } from 'react';
import { GROUP_ADDS, type GroupAdds } from '@shared/domain/conversations';
import { useAuth } from '@client/lib/use-auth';
import { toast } from '@client/lib/use-toast';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { useSaveSettings } from '../api/settings';
import { SettingsSection } from './settings-section';

const CHOICES: Record<GroupAdds, { label: string; hint: string }> = {
  everyone: { label: 'Everyone', hint: 'Anyone on Earshot can add you to a group.' },
  following: { label: 'People I follow', hint: 'Only people you follow can add you to a group.' },
  nobody: { label: 'Nobody', hint: 'Nobody can add you to a group.' },
};

/**
 * Who may put me into a group (as WhatsApp has): a radio group, arrow keys move between the choices, and each
 * choice is saved at once. A direct chat is not a group, so anyone may still start one.
 */
export function GroupAddsSettings() {
  const { user } = useAuth();
  const save = useSaveSettings();
  const idPrefix = useId();
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
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Who can add me to groups</legend>
        {GROUP_ADDS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border px-4 py-3 transition-colors hover:bg-secondary has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name="group-adds"
              value={value}
              checked={chosen === value}
              onChange={() => choose(value)}
              aria-labelledby={`${idPrefix}-${value}-label`}
              aria-describedby={`${idPrefix}-${value}-hint`}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="min-w-0">
              <span id={`${idPrefix}-${value}-label`} className="block text-sm font-semibold">
                {CHOICES[value].label}
              </span>
              <span id={`${idPrefix}-${value}-hint`} className="block text-xs text-muted-foreground">
                {CHOICES[value].hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" className="text-sm text-muted-foreground">
        {save.isSuccess && saving === null ? 'Saved.' : ''}
      </p>
    </SettingsSection>
  );
}
