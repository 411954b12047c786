import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  Loader2,
  Mic,
  Minus,
  Pause,
  Play,
  Plus,
  Redo2,
  RotateCcw,
  Save,
  Scissors,
  SquarePlus,
  Undo2,
  Wand2,
  X,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { ConfirmDiscardDialog } from '@client/components/confirm-discard-dialog';
import type { DraftEdit, DraftTake } from '@shared/contract/drafts';
import type { Post } from '@shared/contract/posts';
import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { ORIGINAL_SOURCE } from '@shared/domain/edit-list';
import { CountdownView } from '@client/components/countdown-view';
import { LiveRecordingMeter, StopRecordingButton } from '@client/components/live-recording-meter';
import { Button } from '@client/components/ui/button';
import { Slider } from '@client/components/ui/slider';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { pauseAllAudio } from '@client/lib/audio/audio-controller';
import { isRecordingSupported } from '@client/lib/audio/recording-support';
import { useRecordedTake } from '@client/lib/audio/use-recorded-take';
import { useStopAtLimit } from '@client/lib/audio/use-stop-at-limit';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { uploadTake, useSaveDraftEdit, useSourcePeaks } from '../api/draft-edit';
import { commandForKey } from '../lib/editor-keys';
import { TimelinePlayer } from '../lib/timeline-player';
import {
  deleteRefusal,
  editorReducer,
  formatSeconds,
  hasUnsavedEdits,
  initialEditorState,
  MIN_VIEW_MS,
  type EditorState,
} from '../lib/editor-state';
import { clearLocalEdits, loadLocalEdits, storeLocalEdits } from '../lib/local-edits';
import { formatEditorTime } from '../lib/time';
import { editorBars } from '../lib/waveform-bars';
import { EditorWaveform } from './editor-waveform';

const ZOOM_STEP = 2;
/** Editing tools: icon over label in a row of three on phones, side by side from sm on. */
const TOOL_BUTTON =
  'h-auto flex-col gap-1 px-2 py-2.5 text-xs sm:h-11 sm:flex-row sm:gap-2 sm:px-5 sm:text-sm';
const MAX_TAKE_SECONDS = AUDIO_DURATION_LIMITS.post.seconds;
const MIC_ERROR = 'Mic error. Check permissions.';
const SAVE_FAILED = 'Failed to save draft. Please try again.';

/** What a locally kept list was made from: the last save and the original audio (replaced by the simple recorder). */
const localBasis = (edit: DraftEdit) => `${edit.savedAt ?? 'never saved'} ${edit.original.audioUrl}`;

/** The state to open with: the saved list, or the unsaved one this device kept (with a notice), if it applies. */
function openingState(draftId: string, edit: DraftEdit): { state: EditorState; restored: boolean } {
  const takeMs = new Map(edit.takes.map((take) => [take.id, take.durationMs]));
  const saved = initialEditorState(edit.original.durationMs, takeMs, edit.operations);
  const local = loadLocalEdits(draftId, localBasis(edit));
  if (!local || JSON.stringify(local) === JSON.stringify(edit.operations))
    return { state: saved, restored: false };
  try {
    const state = initialEditorState(edit.original.durationMs, takeMs, local, edit.operations);
    return { state: { ...state, status: 'Restored your unsaved edits' }, restored: true };
  } catch {
    clearLocalEdits(draftId);
    return { state: saved, restored: false };
  }
}

interface DraftEditorProps {
  draftId: string;
  title: string;
  edit: DraftEdit;
  /** Leaves the editor (after Save Draft, or Cancel). */
  onClose: () => void;
  /** Apply: the rendered draft, to hand to the publish form. */
  onApplied: (draft: Post) => void;
}

/**
 * Spec §2/§4 Advanced editor for one draft: a waveform with two selection markers and a playhead, Play/Pause,
 * Delete Selected, Record (appends, or inserts where Add Segment marked), Save Draft, Apply, Cancel; beyond the
 * spec, undo and redo, keys and zoom. Edits are a list of operations the server renders from the draft's original
 * audio; the page never decodes the draft, it draws the server's peaks and plays the sources themselves.
 */
export function DraftEditor({ draftId, title, edit, onClose, onApplied }: DraftEditorProps) {
  const [opening] = useState(() => openingState(draftId, edit));
  const [state, dispatch] = useReducer(editorReducer, opening.state);
  const [takes, setTakes] = useState<readonly DraftTake[]>(edit.takes);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const waveformRef = useRef<HTMLDivElement>(null);
  const save = useSaveDraftEdit(draftId);
  const unsaved = hasUnsavedEdits(state);
  // A save under way locks the editor too: its success closes the editor, which would drop a later edit or take.
  const busy =
    state.mode === 'countdown' || state.mode === 'recording' || state.mode === 'processing' || save.isPending;

  useEffect(() => {
    if (opening.restored) toast({ title: 'Unsaved edits restored', description: 'Save them, or undo them.' });
    waveformRef.current?.focus();
  }, [opening.restored]);

  // Keyed on the lists alone: the state as a whole changes every frame while playing.
  const { ops, savedOps } = state;
  useEffect(() => {
    if (hasUnsavedEdits({ ops, savedOps })) storeLocalEdits(draftId, localBasis(edit), ops);
    else clearLocalEdits(draftId);
  }, [draftId, edit, ops, savedOps]);

  const sources = useMemo(() => [ORIGINAL_SOURCE, ...takes.map((take) => take.id)], [takes]);
  const peaks = useSourcePeaks(draftId, sources);
  const bars = useMemo(
    () => editorBars(state.segments, peaks, state.viewStart, state.viewSpan),
    [state.segments, peaks, state.viewStart, state.viewSpan],
  );
  const audioUrls = useMemo(
    () =>
      new Map([
        [ORIGINAL_SOURCE, edit.original.audioUrl],
        ...takes.map((take) => [take.id, take.audioUrl] as const),
      ]),
    [edit.original.audioUrl, takes],
  );

  const [player] = useState(() => new TimelinePlayer());
  useEffect(() => player.setTimeline(state.segments, audioUrls), [player, state.segments, audioUrls]);
  useEffect(() => () => player.dispose(), [player]);
  const playFrom = (at: number) =>
    player.play(at, {
      onPosition: (position) => dispatch({ type: 'playhead', at: position }),
      onStopped: (position) => {
        dispatch({ type: 'playhead', at: position });
        dispatch({ type: 'mode', mode: 'idle' });
      },
    });
  const stopPlaying = useCallback(() => {
    player.pause();
    dispatch({ type: 'mode', mode: 'idle' });
  }, [player]);

  /** Moves the playhead; while playing, playback goes on from there (the player would otherwise pull it back). */
  const seek = (at: number) => {
    const target = Math.min(Math.max(at, 0), state.length);
    if (state.mode === 'playing') playFrom(target);
    dispatch({ type: 'playhead', at: target });
  };

  const togglePlay = () => {
    if (state.mode === 'playing') stopPlaying();
    else if (state.mode === 'idle') {
      dispatch({ type: 'mode', mode: 'playing' });
      playFrom(state.playhead);
    }
  };

  const deleteSelected = () => {
    const refusal = deleteRefusal(state);
    if (refusal) {
      // Said inside the editor too: the toasts sit outside the dialog, where assistive technology does not look.
      dispatch({ type: 'status', status: refusal });
      toast({ variant: 'destructive', title: refusal });
      return;
    }
    try {
      // Tried here first: thrown inside the reducer, a failed cut could not be reported.
      editorReducer(state, { type: 'delete' });
    } catch (error) {
      console.warn('Could not delete the selection', error);
      dispatch({ type: 'status', status: 'Error deleting selected region' });
      toast({ variant: 'destructive', title: 'Error deleting selected region' });
      return;
    }
    stopPlaying();
    dispatch({ type: 'delete' });
  };

  const recording = useRecordedTake<DraftTake>({
    onError: () => {
      // Said in the status line too: the toasts sit outside the dialog, where assistive technology does not look.
      dispatch({ type: 'mode', mode: 'idle', status: MIC_ERROR });
      toast({ variant: 'destructive', title: MIC_ERROR });
    },
    upload: (take, onProgress) => uploadTake(draftId, take, onProgress),
    onUploaded: (take) => {
      setTakes((list) => [...list, take]);
      dispatch({ type: 'take-added', takeId: take.id, durationMs: take.durationMs });
      recording.discard();
      waveformRef.current?.focus();
    },
    onUploadFailed: (error) => {
      const message = uploadErrorMessage(error);
      dispatch({ type: 'mode', mode: 'idle', status: `Upload Failed: ${message}` });
      toast({ variant: 'destructive', title: 'Upload Failed', description: message });
    },
  });
  const { recorder } = recording;
  /** A take the server did not get stays here until it is sent again or thrown away. */
  const failedTake = recording.phase === 'failed' ? recording.take : null;
  const uploadTakeOf = (seconds: number) =>
    dispatch({ type: 'mode', mode: 'processing', status: `Recorded ${formatSeconds(seconds * 1000)}` });
  const retryUpload = () => {
    if (!failedTake) return;
    uploadTakeOf(failedTake.seconds);
    recording.upload(failedTake);
  };
  const discardFailedTake = () => {
    recording.discard();
    dispatch({ type: 'status', status: '' });
    waveformRef.current?.focus();
  };
  // The Record button is gone while recording: focus goes to Stop as soon as it can be pressed.
  const recordingRowRef = useRef<HTMLDivElement>(null);
  const canStop = state.mode === 'recording' && recorder.status === 'recording';
  useEffect(() => {
    if (canStop) recordingRowRef.current?.querySelector('button')?.focus();
  }, [canStop]);

  const record = () => {
    if (!isRecordingSupported()) {
      toast({ variant: 'destructive', title: 'Audio recording is not supported in this browser' });
      return;
    }
    stopPlaying();
    pauseAllAudio();
    dispatch({ type: 'mode', mode: 'countdown' });
    void recording.prepare();
  };
  const beginRecording = async () => {
    if (await recording.begin()) dispatch({ type: 'mode', mode: 'recording' });
  };
  const stopRecording = useCallback(async () => {
    const take = await recording.stop();
    if (!take) {
      dispatch({ type: 'mode', mode: 'idle' });
      return;
    }
    uploadTakeOf(take.seconds);
    recording.upload(take);
  }, [recording]);
  const cancelRecording = () => {
    recording.cancel();
    dispatch({ type: 'mode', mode: 'idle' });
    waveformRef.current?.focus();
  };
  useStopAtLimit(recorder, MAX_TAKE_SECONDS, stopRecording);

  const saveEdits = (then: (draft: Post) => void) => {
    stopPlaying();
    save.mutate(state.ops, {
      onSuccess: (draft) => {
        clearLocalEdits(draftId);
        dispatch({ type: 'saved', ops: state.ops });
        then(draft);
      },
      onError: (error) => {
        dispatch({ type: 'status', status: SAVE_FAILED });
        toast({ variant: 'destructive', title: SAVE_FAILED, description: uploadErrorMessage(error) });
      },
    });
  };
  const saveDraft = () =>
    saveEdits(() => {
      toast({ title: 'Draft Saved', description: 'Your voice draft has been saved.' });
      onClose();
    });
  // "Audio Edited Successfully!" is said by the save form this hands the draft to (one toast at a time).
  const apply = () => saveEdits(onApplied);

  const cancel = () => {
    if (busy) return;
    stopPlaying();
    if (unsaved) setConfirmingCancel(true);
    else onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys in the discard question bubble here through its portal: they are that dialog's own.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
      return;
    }
    const target = event.target as HTMLElement;
    const onOwnControl =
      target === waveformRef.current || !target.closest('button, input, textarea, [role="slider"]');
    const command = commandForKey(event, state, onOwnControl);
    if (!command || busy) return;
    event.preventDefault();
    if (command.type === 'toggle-play') togglePlay();
    else if (command.type === 'delete') deleteSelected();
    else if (command.type === 'playhead') seek(command.at);
    else {
      if (command.type === 'undo' || command.type === 'redo') stopPlaying();
      dispatch(command);
    }
  };

  const zoomed = state.viewSpan < state.length;
  const selection = state.end - state.start;
  const statusLine =
    state.mode === 'processing' ? [state.status, 'Processing...'].filter(Boolean).join(' · ') : state.status;

  return (
    <div
      onKeyDown={onKeyDown}
      data-mode={state.mode}
      className="flex h-full flex-col bg-background text-foreground"
    >
      <header className="flex items-center gap-2 border-b bg-card/80 px-3 py-2.5 backdrop-blur sm:gap-3 sm:px-6 sm:py-3">
        <Button
          variant="ghost"
          size="icon"
          onClick={cancel}
          disabled={busy}
          aria-label="Cancel"
          title="Cancel"
        >
          <X aria-hidden="true" />
        </Button>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Advanced editor</p>
          <DialogPrimitive.Title
            id="draft-editor-title"
            className="truncate text-base font-semibold sm:text-lg"
          >
            {title}
          </DialogPrimitive.Title>
        </div>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => {
              stopPlaying();
              dispatch({ type: 'undo' });
            }}
            disabled={busy || state.ops.length === 0}
            aria-label="Undo"
            title="Undo (Ctrl+Z)"
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            <Undo2 aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => {
              stopPlaying();
              dispatch({ type: 'redo' });
            }}
            disabled={busy || state.redo.length === 0}
            aria-label="Redo"
            title="Redo (Shift+Ctrl+Z)"
            aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z"
          >
            <Redo2 aria-hidden="true" />
          </Button>
        </div>
        <div className="hidden items-center gap-2 sm:flex">
          <Button variant="outline" onClick={saveDraft} disabled={busy}>
            {save.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save Draft
          </Button>
          <Button onClick={apply} disabled={busy}>
            <Wand2 aria-hidden="true" />
            Apply
          </Button>
        </div>
      </header>

      <div className="flex flex-1 flex-col items-center justify-center gap-6 overflow-y-auto px-4 py-6 sm:px-8">
        <div className="w-full max-w-[52rem] space-y-5">
          <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
            <p className="text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">
              <span className="sr-only">Playhead </span>
              {formatEditorTime(state.playhead)}
              <span className="ml-2 text-lg font-normal text-muted-foreground sm:text-xl">
                <span className="sr-only">of </span>
                <span aria-hidden="true">/ </span>
                {formatEditorTime(state.length)}
              </span>
            </p>
            <p className="text-sm text-muted-foreground tabular-nums">
              Selection{' '}
              <span className="font-medium text-foreground">
                {formatEditorTime(state.start)} – {formatEditorTime(state.end)}
              </span>{' '}
              ({formatSeconds(selection)})
            </p>
          </div>

          <div className="rounded-3xl border bg-card p-3 shadow-soft sm:p-5">
            <EditorWaveform
              ref={waveformRef}
              bars={bars}
              length={state.length}
              viewStart={state.viewStart}
              viewSpan={state.viewSpan}
              start={state.start}
              end={state.end}
              playhead={state.playhead}
              insertAt={state.insertAt}
              disabled={busy}
              onMarker={(which, at) => dispatch({ type: 'marker', which, at })}
              onSeek={seek}
            />
            <div
              aria-hidden="true"
              className="mx-auto mt-1.5 flex max-w-[800px] justify-between text-[0.7rem] text-muted-foreground tabular-nums"
            >
              <span>{formatEditorTime(state.viewStart)}</span>
              <span>{formatEditorTime(state.viewStart + state.viewSpan)}</span>
            </div>
            <div className="mt-2 flex items-center gap-2">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                onClick={() => dispatch({ type: 'zoom', factor: 1 / ZOOM_STEP })}
                disabled={!zoomed}
                aria-label="Zoom out"
                title="Zoom out"
              >
                <Minus aria-hidden="true" />
              </Button>
              <Slider
                label="Scroll the waveform"
                valueText={`${formatEditorTime(state.viewStart)} to ${formatEditorTime(state.viewStart + state.viewSpan)}`}
                min={0}
                max={Math.max(1, state.length - state.viewSpan)}
                step={100}
                value={[state.viewStart]}
                onValueChange={([viewStart]) => dispatch({ type: 'scroll', viewStart: viewStart ?? 0 })}
                disabled={!zoomed}
                className="flex-1"
              />
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                onClick={() => dispatch({ type: 'zoom', factor: ZOOM_STEP })}
                disabled={state.viewSpan <= Math.min(MIN_VIEW_MS, state.length)}
                aria-label="Zoom in"
                title="Zoom in"
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
          </div>

          <p
            role="status"
            aria-live="polite"
            className="min-h-6 text-center text-sm font-medium text-muted-foreground"
          >
            {state.mode === 'processing' && (
              <Loader2 className="mr-2 inline size-4 animate-spin align-[-3px]" aria-hidden="true" />
            )}
            {statusLine}
            {state.insertAt !== null && state.mode === 'idle' && (
              <span className="ml-2 rounded-full bg-highlight/25 px-2 py-0.5 text-xs text-foreground">
                Insert at {formatEditorTime(state.insertAt)}
              </span>
            )}
          </p>

          {failedTake && state.mode === 'idle' && (
            <div className="flex items-center justify-center gap-2">
              <Button onClick={retryUpload} disabled={busy}>
                <RotateCcw aria-hidden="true" />
                Retry upload
              </Button>
              <Button variant="ghost" onClick={discardFailedTake} disabled={busy}>
                Discard
              </Button>
            </div>
          )}

          {state.mode === 'countdown' ? (
            <CountdownView
              onDone={() => void beginRecording()}
              waitingForMicrophone={recording.waitingForMicrophone}
              onCancel={cancelRecording}
            />
          ) : state.mode === 'recording' ? (
            <div
              ref={recordingRowRef}
              className="mx-auto flex max-w-md items-center gap-3 rounded-[1.75rem] border border-destructive/40 bg-card p-2 pl-4 shadow-soft ring-4 ring-destructive/10"
            >
              <LiveRecordingMeter
                stream={recorder.stream}
                elapsedSeconds={recorder.elapsedSeconds}
                onSample={recording.addLevel}
              />
              <StopRecordingButton
                onStop={() => void stopRecording()}
                disabled={recorder.status !== 'recording'}
              />
            </div>
          ) : (
            <div className="grid grid-cols-3 gap-2 sm:flex sm:items-center sm:justify-center sm:gap-3">
              <Button variant="outline" onClick={deleteSelected} disabled={busy} className={TOOL_BUTTON}>
                <Scissors aria-hidden="true" />
                Delete Selected
              </Button>
              <Button
                variant="outline"
                onClick={() => dispatch({ type: 'mark-insert' })}
                disabled={busy}
                aria-pressed={state.insertAt !== null}
                className={TOOL_BUTTON}
              >
                <SquarePlus aria-hidden="true" />
                Add Segment
              </Button>
              <button
                type="button"
                onClick={togglePlay}
                disabled={busy}
                aria-label={state.mode === 'playing' ? 'Pause' : 'Play'}
                title={state.mode === 'playing' ? 'Pause (Space)' : 'Play (Space)'}
                className="order-first col-span-3 grid size-16 cursor-pointer place-items-center justify-self-center rounded-full bg-primary text-primary-foreground shadow-lifted transition-transform hover:scale-105 active:scale-95 disabled:opacity-50 sm:order-none sm:size-14"
              >
                {state.mode === 'playing' ? (
                  <Pause className="size-6 fill-current" aria-hidden="true" />
                ) : (
                  <Play className="ml-0.5 size-6 fill-current" aria-hidden="true" />
                )}
              </button>
              <Button
                variant="outline"
                onClick={record}
                disabled={busy}
                className={cn(TOOL_BUTTON, 'text-destructive hover:text-destructive dark:text-red-400')}
              >
                <Mic aria-hidden="true" />
                Record
              </Button>
            </div>
          )}

          <p className="hidden text-center text-xs text-muted-foreground sm:block">
            Space plays · ← → move the playhead (Shift: 10 s) · [ and ] set the selection · Delete cuts it ·
            Ctrl+Z undoes
          </p>
        </div>
      </div>

      <footer className="flex gap-2 border-t bg-card/80 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:hidden">
        <Button variant="outline" className="flex-1" onClick={saveDraft} disabled={busy}>
          {save.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Save aria-hidden="true" />
          )}
          Save Draft
        </Button>
        <Button className="flex-1" onClick={apply} disabled={busy}>
          <Wand2 aria-hidden="true" />
          Apply
        </Button>
      </footer>

      {/* Cancel with unsaved edits asks first; the takes stay on the server, the edits themselves are lost. */}
      <ConfirmDiscardDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="Discard your edits?"
        description="The draft stays as it was last saved."
        keepLabel="Keep editing"
        discardLabel="Discard edits"
        onDiscard={() => {
          clearLocalEdits(draftId);
          onClose();
        }}
      />
    </div>
  );
}
