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
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ConfirmDiscardDialog } from '@client/components/confirm-discard-dialog';
import type { DraftEdit } from '@shared/contract/drafts';
import type { Post } from '@shared/contract/posts';
import { CountdownView } from '@client/components/countdown-view';
import { LiveRecordingMeter, StopRecordingButton } from '@client/components/live-recording-meter';
import { Button } from '@client/components/ui/button';
import { Slider } from '@client/components/ui/slider';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { useSaveDraftEdit } from '../api/draft-edit';
import { useEditorAutosave } from '../hooks/use-editor-autosave';
import { useEditorPlayback } from '../hooks/use-editor-playback';
import { useEditorSources } from '../hooks/use-editor-sources';
import { useEditorTake } from '../hooks/use-editor-take';
import { commandForKey } from '../lib/editor-keys';
import {
  deleteRefusal,
  editorReducer,
  formatSeconds,
  hasUnsavedEdits,
  MIN_VIEW_MS,
} from '../lib/editor-state';
import { clearLocalEdits } from '../lib/local-edits';
import { formatEditorTime } from '../lib/time';
import { editorBars } from '../lib/waveform-bars';
import { EditorWaveform } from './editor-waveform';
import { PlayheadTime } from './playhead-time';

const ZOOM_STEP = 2;
/** Editing tools: icon over label in a row of three on phones, side by side from sm on. */
const TOOL_BUTTON =
  'h-auto flex-col gap-1 px-2 py-2.5 text-xs sm:h-11 sm:flex-row sm:gap-2 sm:px-5 sm:text-sm';
const SAVE_FAILED = 'Failed to save draft. Please try again.';

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
  const { state, dispatch } = useEditorAutosave(draftId, edit);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const waveformRef = useRef<HTMLDivElement>(null);
  const focusWaveform = () => waveformRef.current?.focus();
  const save = useSaveDraftEdit(draftId);
  const unsaved = hasUnsavedEdits(state);
  // A save under way locks the editor too: its success closes the editor, which would drop a later edit or
  const busy =
    state.mode === 'countdown' || state.mode === 'recording' || state.mode === 'processing' || save.isPending;

  useEffect(() => waveformRef.current?.focus(), []);

  const { peaks, audioUrls, addTake } = useEditorSources(draftId, edit);
  const bars = useMemo(
    () => editorBars(state.segments, peaks, state.viewStart, state.viewSpan),
    [state.segments, peaks, state.viewStart, state.viewSpan],
  );
  const { clock, playheadNow, syncPlayhead, stopPlaying, seek, togglePlay } = useEditorPlayback(
    state,
    dispatch,
    audioUrls,
  );
  const {
    recorder,
    failedTake,
    recordingRowRef,
    waitingForMicrophone,
    addLevel,
    record,
    beginRecording,
    stopRecording,
    cancelRecording,
    retryUpload,
    discardFailedTake,
  } = useEditorTake({
    draftId,
    mode: state.mode,
    dispatch,
    onTake: addTake,
    stopPlaying,
    focusWaveform,
  });

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
    const command = commandForKey(event, { playhead: playheadNow(), length: state.length }, onOwnControl);
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
              <PlayheadTime clock={clock} playing={state.mode === 'playing'} playhead={state.playhead} />
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
              clock={clock}
              playing={state.mode === 'playing'}
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
                onClick={() => {
                  syncPlayhead();
                  dispatch({ type: 'zoom', factor: 1 / ZOOM_STEP });
                }}
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
                onClick={() => {
                  syncPlayhead();
                  dispatch({ type: 'zoom', factor: ZOOM_STEP });
                }}
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
              waitingForMicrophone={waitingForMicrophone}
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
                onSample={addLevel}
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
                onClick={() => {
                  syncPlayhead();
                  dispatch({ type: 'mark-insert' });
                }}
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

      <footer
        data-docked-actions=""
        className="flex gap-2 border-t bg-card/80 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:hidden"
      >
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
