import { useState } from 'react';
import { useAuth } from '@client/lib/use-auth';
import { toast } from '@client/lib/use-toast';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { useSaveSettings } from '../api/settings';
import { SettingsSection } from './settings-section';
import { SwitchRow } from './switch-row';

/**
 * Issue 29: whether my private posts without a transcript go to the server's speech recogniser too (public ones
 * do where the server has one). Off until I turn it on; saved at once.
 */
export function TranscriptSettings() {
  const { user } = useAuth();
  const save = useSaveSettings();
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!user) return null;
  const choose = (transcribePrivate: boolean) => {
    setSaving(transcribePrivate);
    save.mutate(
      { transcribePrivate },
      {
        onSettled: () => setSaving(null),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Not saved', description: uploadErrorMessage(error) }),
      },
    );
  };

  return (
    <SettingsSection
      id="transcripts"
      title="Transcripts"
      description="Posts you publish without a transcript may get one written by this server's speech recognition."
    >
      <SwitchRow
        label="Transcribe my private posts too"
        hint="Their audio then goes to the speech recognition service this server uses; only you see the text."
        checked={saving ?? user.transcribePrivate}
        busy={saving !== null}
        onCheckedChange={choose}
      />
      <p role="status" className="text-sm text-muted-foreground">
        {save.isSuccess && saving === null ? 'Saved.' : ''}
      </p>
    </SettingsSection>
  );
}
