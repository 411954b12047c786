import { Loader2, Mic, Send, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ConversationRecording } from '@shared/contract/conversations';
import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { AudioPreview } from '@client/components/audio-preview';
import { LiveRecordingMeter, StopRecordingButton } from '@client/components/live-recording-meter';
import { Button } from '@client/components/ui/button';
import { isRecordingSupported } from '@client/lib/audio/recording-support';
import { useRecordedTake } from '@client/lib/audio/use-recorded-take';
import { useStopAtLimit } from '@client/lib/audio/use-stop-at-limit';
import { useTakeAnnouncer } from '@client/lib/audio/use-take-announcer';
import { formatDuration, formatDurationWords } from '@client/lib/format';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { sendRecording, useRecordingSent } from '../api/conversations';

const ANNOUNCEMENTS = {
  recording: 'Recording your voice message',
  ready: (length: string) => `Your voice message is ready: ${length}. Listen to it, then send it.`,
};
const PREVIEW_LABELS = {
  play: 'Play your voice message',
  pause: 'Pause your voice message',
  seek: 'Seek in your voice message',
};
const MAX_SECONDS = AUDIO_DURATION_LIMITS.conversationMessage.seconds;

/** Spec §4 Conversation recording: idle → recording → recorded preview; Cancel returns to idle, Send uploads. */
export type RecorderBarPhase = 'idle' | 'recording' | 'recorded' | 'sending';

/** The conversation's recorder bar: record, stop, cancel, preview, send. */
export function RecorderBar({ conversationId }: { conversationId: string }) {
  const recordButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const onSent = useRecordingSent();
  const takes = useRecordedTake<ConversationRecording>({
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Recording Error', description: error.message }),
    upload: (take, onProgress) => sendRecording(conversationId, take, onProgress),
    onUploaded: (recording) => {
      onSent(recording);
      takes.discard();
      announce('Voice message sent');
    },
    onUploadFailed: () => toast({ variant: 'destructive', title: 'Failed to submit recording' }),
  });
  const { recorder, take } = takes;
  const { announcement, announce, start, stop } = useTakeAnnouncer(takes, ANNOUNCEMENTS);

  const phase: RecorderBarPhase =
    takes.phase === 'uploading'
      ? 'sending'
      : takes.phase === 'recording'
        ? 'recording'
        : (takes.phase === 'recorded' || takes.phase === 'failed') && take
          ? 'recorded'
          : 'idle';

  useStopAtLimit(recorder, MAX_SECONDS, stop);

  // Focus follows the flow: to Send once a take is ready, back to Record afterwards.
  const previousPhase = useRef<RecorderBarPhase>(phase);
  useEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = phase;
    if (before === phase) return;
    if (phase === 'recorded' && before === 'recording') sendButton.current?.focus();
    if (phase === 'idle' && before !== 'idle') recordButton.current?.focus();
  }, [phase]);

  const record = () => {
    // Spec §5: on the conversation screen an unsupported browser gets a toast.
    if (!isRecordingSupported()) {
      toast({
        variant: 'destructive',
        title: 'Not Supported',
        description: 'Audio recording is not supported in your browser.',
      });
      return;
    }
    void start();
  };

  const cancel = () => {
    if (phase === 'recording') takes.cancel();
    takes.discard();
    announce('Voice message discarded');
  };

  return (
    <div
      data-phase={phase}
      className={cn(
        'rounded-[1.75rem] border bg-card/95 p-2 shadow-soft backdrop-blur transition-colors',
        phase === 'recording' && 'border-destructive/40 ring-4 ring-destructive/10',
      )}
    >
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {phase === 'idle' && (
        <button
          ref={recordButton}
          type="button"
          onClick={record}
          className="group flex w-full cursor-pointer items-center gap-3 rounded-3xl p-1 pr-3 text-left transition-colors hover:bg-secondary/70"
        >
          <span
            aria-hidden="true"
            className="grid size-11 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground shadow-soft transition-transform group-hover:scale-105 group-active:scale-95"
          >
            <Mic className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-semibold">Record a voice message</span>
            <span className="block truncate text-xs text-muted-foreground">
              Tap to start · listen back before you send
            </span>
          </span>
        </button>
      )}

      {phase === 'recording' && (
        <div className="flex items-center gap-2 sm:gap-3">
          <Button variant="ghost" size="icon" aria-label="Cancel" title="Cancel" onClick={cancel}>
            <X aria-hidden="true" />
          </Button>
          <LiveRecordingMeter
            stream={recorder.stream}
            elapsedSeconds={recorder.elapsedSeconds}
            onSample={takes.addLevel}
          />
          <StopRecordingButton onStop={() => void stop()} disabled={recorder.status !== 'recording'} />
        </div>
      )}

      {(phase === 'recorded' || phase === 'sending') && take && (
        <div className="flex items-center gap-2 sm:gap-3">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Cancel"
            title="Cancel"
            onClick={cancel}
            disabled={phase === 'sending'}
          >
            <X aria-hidden="true" />
          </Button>
          <AudioPreview
            blob={take.blob}
            seconds={take.seconds}
            levels={take.levels}
            labels={PREVIEW_LABELS}
            formatTime={formatDuration}
            formatSpokenTime={formatDurationWords}
            seekStepSeconds={2}
            exclusive
            preload="auto"
            restingBarClassName="bg-foreground/20"
            lightAtBarCentre
            className="min-w-0 flex-1"
          />
          <Button
            ref={sendButton}
            onClick={() => phase === 'recorded' && takes.upload(take)}
            aria-disabled={phase === 'sending' || undefined}
            className="shrink-0 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            {phase === 'sending' ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {phase === 'sending' ? 'Sending…' : 'Send'}
          </Button>
        </div>
      )}
    </div>
  );
}
