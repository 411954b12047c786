import { Loader2, Mic, RotateCcw, Square, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { AudioPreview } from '@client/components/audio-preview';
import { LiveRecordingMeter } from '@client/components/live-recording-meter';
import { Button } from '@client/components/ui/button';
import { RecordingDialog } from '@client/components/recording-dialog';
import { Progress } from '@client/components/ui/progress';
import { UploadStatus } from '@client/components/upload-status';
import { ApiError } from '@client/lib/api-client';
import { useRecordedTake } from '@client/lib/audio/use-recorded-take';
import { useStopAtLimit } from '@client/lib/audio/use-stop-at-limit';
import { useTakeAnnouncer } from '@client/lib/audio/use-take-announcer';
import { formatDuration, formatDurationWords } from '@client/lib/format';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { uploadVoiceBio, useVoiceBioChanged } from '../api/voice-bio';

const MAX_SECONDS = AUDIO_DURATION_LIMITS.voiceBio.seconds;
const ANNOUNCEMENTS = {
  recording: 'Recording your voice bio',
  ready: (length: string) => `Your voice bio is ready: ${length}.`,
};
const PREVIEW_LABELS = {
  play: 'Play your voice bio',
  pause: 'Pause your voice bio',
  seek: 'Seek in your voice bio',
};

interface VoiceBioRecorderDialogProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** There is one already: saving replaces it. */
  replacing: boolean;
}

/**
 * Spec §4 voice bio recorder: idle → recording (stopping itself at 30 seconds) → recorded (listen, clear or
 * re-record) → uploading. While the upload runs the dialog stays open.
 */
export function VoiceBioRecorderDialog({
  userId,
  open,
  onOpenChange,
  replacing,
}: VoiceBioRecorderDialogProps) {
  return (
    <RecordingDialog
      open={open}
      onOpenChange={onOpenChange}
      title={replacing ? 'Re-record Voice Bio' : 'Add Voice Bio'}
      description="Record up to 30 seconds for your voice bio"
      className="sm:max-w-md"
    >
      {(setBusy) => (
        <VoiceBioRecorder
          userId={userId}
          onBusyChange={setBusy}
          onSaved={() => {
            setBusy(false);
            onOpenChange(false);
          }}
        />
      )}
    </RecordingDialog>
  );
}

function VoiceBioRecorder({
  userId,
  onBusyChange,
  onSaved,
}: {
  userId: string;
  onBusyChange: (busy: boolean) => void;
  onSaved: () => void;
}) {
  const changed = useVoiceBioChanged(userId);
  const saveButton = useRef<HTMLButtonElement>(null);
  const takes = useRecordedTake({
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Recording Error', description: error.message }),
    upload: uploadVoiceBio,
    onUploaded: (voiceBio) => {
      changed(voiceBio);
      toast({ title: 'Voice Bio Updated' });
      onSaved();
    },
    onUploadFailed: (error) =>
      toast({
        variant: 'destructive',
        title: 'Upload Failed',
        description: error instanceof ApiError ? uploadErrorMessage(error) : 'Failed to upload voice bio',
      }),
  });
  const { recorder, take, phase } = takes;
  const uploading = phase === 'uploading';

  useEffect(() => {
    onBusyChange(uploading);
  }, [uploading, onBusyChange]);

  const { announcement, announce, start, stop } = useTakeAnnouncer(takes, ANNOUNCEMENTS);

  // The Stop button is gone once the take is in: focus goes on to Save.
  const previousPhase = useRef(phase);
  useEffect(() => {
    if (previousPhase.current === 'recording' && phase === 'recorded') saveButton.current?.focus();
    previousPhase.current = phase;
  }, [phase]);

  useStopAtLimit(recorder, MAX_SECONDS, stop);

  const live = (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );

  if (phase === 'recording') {
    const elapsed = Math.min(recorder.elapsedSeconds, MAX_SECONDS);
    return (
      <div className="flex flex-col gap-5" data-phase="recording">
        {live}
        <div className="flex items-center gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 p-3">
          <LiveRecordingMeter
            stream={recorder.stream}
            elapsedSeconds={elapsed}
            limitSeconds={MAX_SECONDS}
            onSample={takes.addLevel}
          />
        </div>
        <Progress
          value={(elapsed / MAX_SECONDS) * 100}
          valueText={`${Math.round(MAX_SECONDS - elapsed)} seconds left`}
          aria-label="Time left"
          className="h-1.5"
        />
        <div className="flex justify-center">
          <Button
            onClick={() => void stop()}
            disabled={recorder.status !== 'recording'}
            className="min-w-40 bg-destructive text-destructive-foreground hover:bg-destructive/90"
          >
            <Square className="fill-current" aria-hidden="true" />
            Stop recording
          </Button>
        </div>
      </div>
    );
  }

  if (take && phase !== 'idle') {
    return (
      <div className="flex flex-col gap-5" data-phase="recorded">
        {live}
        <AudioPreview
          blob={take.blob}
          seconds={take.seconds}
          levels={take.levels.length > 0 ? take.levels : null}
          labels={PREVIEW_LABELS}
          formatTime={formatDuration}
          formatSpokenTime={formatDurationWords}
          seekStepSeconds={2}
          barFloor={0.06}
          exclusive
          preload="auto"
          lightAtBarCentre
          className="rounded-2xl bg-secondary/70 p-3 pr-4"
        />
        {uploading && <UploadStatus progress={takes.progress} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          <Button
            variant="ghost"
            onClick={() => {
              takes.discard();
              announce('Recording cleared');
            }}
            disabled={uploading}
            className="sm:mr-auto"
          >
            <Trash2 aria-hidden="true" />
            Clear
          </Button>
          <Button variant="outline" onClick={() => void start()} disabled={uploading}>
            <RotateCcw aria-hidden="true" />
            Re-record
          </Button>
          <Button
            ref={saveButton}
            onClick={() => takes.upload(take)}
            disabled={uploading}
            className="sm:min-w-28"
          >
            {uploading && <Loader2 className="animate-spin" aria-hidden="true" />}
            {uploading ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" data-phase="idle">
      {live}
      <button
        type="button"
        onClick={() => void start()}
        className="grid size-24 cursor-pointer place-items-center rounded-full bg-primary text-primary-foreground shadow-lifted ring-8 ring-primary/10 transition-[transform,box-shadow] hover:ring-[12px] active:scale-95"
      >
        <Mic className="size-9" aria-hidden="true" />
        <span className="sr-only">Start recording</span>
      </button>
      <p className="max-w-xs text-sm text-muted-foreground">
        Say hello in your own voice. Recording stops by itself at {MAX_SECONDS} seconds.
      </p>
    </div>
  );
}
