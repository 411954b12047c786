import { AudioLines, Mic, RotateCcw, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PublicUser } from '@shared/contract/users';
import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { LoadError } from '@client/components/load-error';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { canRecordHere } from '../lib/can-record-here';
import type { PlayablePost } from '@client/lib/playable-post';
import { toast } from '@client/lib/use-toast';
import { useDeleteVoiceBio, useVoiceBio } from '../api/voice-bio';
import { playableVoiceBio } from '../lib/voice-bio';
import { VoiceBioRecorderDialog } from './voice-bio-recorder-dialog';

interface VoiceBioSectionProps {
  user: PublicUser;
  name: string;
  own: boolean;
  /** The shared player for the voice bio, composed by the page (features do not import each other). */
  renderPlayer: (voiceBio: PlayablePost) => ReactNode;
}

/**
 * Spec §2 Profile voice bio: anyone can play it; on one's own profile "Re-record" and "Delete", or "Add Voice Bio"
 * when there is none. Others see nothing when there is none.
 */
export function VoiceBioSection({ user, name, own, renderPlayer }: VoiceBioSectionProps) {
  const present = Boolean(user.voiceBioUrl);
  const voiceBio = useVoiceBio(user.id, present);
  const deletion = useDeleteVoiceBio(user.id);
  const [recording, setRecording] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (!own && !present) return null;

  const record = () => {
    if (!canRecordHere()) return;
    setRecording(true);
  };

  const remove = () =>
    deletion.mutate(undefined, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast({ title: 'Voice Bio Deleted' });
      },
      onError: () => {
        setConfirmingDelete(false);
        toast({ variant: 'destructive', title: 'Failed to delete voice bio' });
      },
    });

  const dialogs = own && (
    <>
      <VoiceBioRecorderDialog
        userId={user.id}
        open={recording}
        onOpenChange={setRecording}
        replacing={present}
      />
      <ConfirmDeleteDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete your voice bio?"
        description="People visiting your profile will no longer hear it. You can record a new one at any time."
        pending={deletion.isPending}
        onConfirm={remove}
      />
    </>
  );

  if (!present) {
    return (
      <section
        aria-labelledby="voice-bio-heading"
        className="mt-5 flex flex-col gap-4 rounded-2xl border border-dashed bg-background/60 p-4 sm:flex-row sm:items-center"
      >
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-11 shrink-0 place-items-center rounded-full bg-primary/10 text-primary"
          >
            <Mic className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="voice-bio-heading" className="text-sm font-semibold">
              Voice bio
            </h2>
            <p className="text-sm text-muted-foreground">Record up to 30 seconds for your voice bio</p>
          </div>
        </div>
        <Button onClick={record} className="self-start sm:self-auto">
          <Mic aria-hidden="true" />
          Add Voice Bio
        </Button>
        {dialogs}
      </section>
    );
  }

  return (
    <section
      aria-labelledby="voice-bio-heading"
      className="mt-5 rounded-2xl border bg-background/60 p-3 sm:p-4"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2
          id="voice-bio-heading"
          className="flex items-center gap-1.5 whitespace-nowrap text-xs font-semibold uppercase tracking-wide text-muted-foreground"
        >
          <AudioLines className="size-4 text-primary" aria-hidden="true" />
          Voice bio
        </h2>
        {own && (
          <div className="-mr-2 flex items-center">
            <Button variant="ghost" size="sm" onClick={record} className="px-3">
              <RotateCcw aria-hidden="true" />
              Re-record
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirmingDelete(true)}
              className="px-3 text-destructive hover:bg-destructive/10 hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        )}
      </div>
      {voiceBio.data?.voiceBioUrl ? (
        renderPlayer(playableVoiceBio(voiceBio.data, user, name))
      ) : voiceBio.isError ? (
        <LoadError
          framed={false}
          message="The voice bio could not be loaded."
          onRetry={() => void voiceBio.refetch()}
          retrying={voiceBio.isFetching}
        />
      ) : (
        <Skeleton className="h-11 w-full rounded-full" />
      )}
      {dialogs}
    </section>
  );
}
