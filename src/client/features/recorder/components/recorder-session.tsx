import type { Post } from '@shared/contract/posts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDiscardDialog } from '@client/components/confirm-discard-dialog';
import { AutosaveSession, useAutosaveStatus } from '@client/lib/audio/autosave';
import { mergeSegments, type MergedAudio } from '@client/lib/audio/merge-segments';
import { isRecordingSupported, recordingFileName } from '@client/lib/audio/recording-support';
import { useRecordedTake } from '@client/lib/audio/use-recorded-take';
import { postListQueries, routeKey } from '@client/lib/query-keys';
import { isAbortError, uploadErrorMessage, uploadWithProgress } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { DEFAULT_POST_TITLE } from '@shared/domain/posts';
import { useSessionDraft } from '../api/session-draft';
import { levelsFromWaveform } from '../lib/edit-draft';
import type { EditorSlot } from '../lib/editor-slot';
import type { SessionEnd, SessionSource } from '../lib/recorder-panel-state';
import {
  buildUploadForm,
  type PublishAudio,
  type PublishDetails,
  type RecorderMode,
} from '../lib/upload-form';
import { CountdownView } from '@client/components/countdown-view';
import { LiveRecordingView } from './live-recording-view';
import { PublishForm } from './publish-form';

/** Takes shorter than this get a confirmation before they are thrown away. */
const CONFIRM_DISCARD_AFTER_SECONDS = 5;

interface Segment {
  blob: Blob;
  seconds: number;
  /** Levels sampled while recording (20 a second); null for an uploaded file. */
  levels: number[] | null;
  fileName?: string;
}

export interface RecorderSessionProps {
  mode: RecorderMode;
  source: SessionSource;
  initialDetails: PublishDetails;
  showTypeChoice: boolean;
  onEnd: (how: SessionEnd) => void;
  /** The post or draft the server saved, just before onEnd('published'). */
  onSaved?: (post: Post) => void;
  /** The advanced editor (spec §2 Recorder view 6); without it the form offers none. */
  editor?: EditorSlot;
}

type Phase = 'countdown' | 'live' | 'review';

function initialSegments(source: SessionSource): Segment[] {
  if (source.kind === 'file')
    return [{ blob: source.file, seconds: 0, levels: null, fileName: source.file.name }];
  if (source.kind === 'draft') {
    const { audioBlob, duration, waveform } = source.draft;
    return [{ blob: audioBlob, seconds: duration, levels: levelsFromWaveform(waveform, duration) }];
  }
  return [];
}

/**
 * Everything after "start": the 3-2-1 countdown, the live take, and the publish form; takes pile up as segments
 * until the person publishes or discards. The heavy part of the recorder, loaded on demand.
 */
export function RecorderSession({
  mode,
  source,
  initialDetails,
  showTypeChoice,
  onEnd,
  onSaved,
  editor: Editor,
}: RecorderSessionProps) {
  const [countingDown, setCountingDown] = useState(source.kind === 'record');
  const [segments, setSegments] = useState<Segment[]>(() => initialSegments(source));
  // The server draft this session saves into: the one handed over, or the take saved to open it in the editor.
  const sessionDraft = useSessionDraft(
    source.kind === 'draft'
      ? {
          id: source.draft.id,
          audio: source.draft.audioBlob,
          audioUrl: source.draft.audioUrl,
          savedHere: false,
        }
      : null,
    (audio) => setSegments([{ ...audio }]),
  );
  const editing = sessionDraft.draft;
  // The form holds just the draft's audio as the server has it: a save then sends the fields alone.
  const audioChanged = !editing || segments.length !== 1 || segments[0]?.blob !== editing.audio;
  const [details, setDetails] = useState(initialDetails);
  const [canRecord] = useState(isRecordingSupported);
  const [autosave, setAutosave] = useState<AutosaveSession | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState<'take' | 'all' | null>(null);
  const autosaveRef = useRef<AutosaveSession | null>(null);
  const segmentsRef = useRef(segments);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    segmentsRef.current = segments;
    onEndRef.current = onEnd;
  });

  const previousSeconds = segments.reduce((total, segment) => total + segment.seconds, 0);
  const recorderRef = useRef<{ elapsed: () => number }>({ elapsed: () => 0 });

  const queryClient = useQueryClient();
  const takes = useRecordedTake({
    onChunk: (chunk) => autosaveRef.current?.add(chunk),
    onError: (error) => {
      autosaveRef.current?.stop();
      toast({ variant: 'destructive', title: 'Recording Error', description: error.message });
      setCountingDown(false);
      if (segmentsRef.current.length === 0) onEndRef.current('error');
    },
    // The take is every segment at once, merged.
    upload: (take, onProgress) => {
      const sessionId = autosaveRef.current?.sessionId ?? null;
      // Spec §7: with a draft being edited the upload edits it in place (PUT /api/diary), its audio only if changed.
      if (editing) {
        const audio = audioChanged ? publishAudio(take) : null;
        const body = buildUploadForm(mode, audio, details, { kind: 'edit', draftId: editing.id, sessionId });
        return uploadWithProgress('editDraft', { body, onProgress });
      }
      const body = buildUploadForm(mode, publishAudio(take), details, { kind: 'new', sessionId });
      return uploadWithProgress(mode === 'diary' ? 'createDiaryEntry' : 'createPost', { body, onProgress });
    },
    onUploaded: (post) => {
      // Spec §7: a new post or draft refreshes the posts and the feed; the drafts and profiles too.
      void queryClient.invalidateQueries(postListQueries);
      // An edited draft's own page shows its new audio and duration.
      if (editing) void queryClient.invalidateQueries({ queryKey: routeKey('getPost', { id: editing.id }) });
      autosaveRef.current?.dispose();
      toast(
        editing && mode === 'diary'
          ? { title: 'Draft Saved', description: 'Your voice draft has been saved.' }
          : mode === 'diary'
            ? { title: 'Voice Draft Saved', description: 'Your voice draft has been saved securely.' }
            : { title: 'Success', description: 'Your voice post has been uploaded!' },
      );
      onSaved?.(post);
      onEnd('published');
    },
    onUploadFailed: (error) => {
      if (isAbortError(error)) return;
      toast(
        editing && mode === 'diary'
          ? {
              variant: 'destructive',
              title: 'Failed to save draft. Please try again.',
              description: uploadErrorMessage(error),
            }
          : { variant: 'destructive', title: 'Upload Failed', description: uploadErrorMessage(error) },
      );
    },
  });
  const { recorder } = takes;

  /** The form's recording as one upload: the file's own name for an uploaded file. */
  function publishAudio(take: { blob: Blob; seconds: number }): PublishAudio {
    const first = segments[0];
    const fileName =
      segments.length === 1 && first?.fileName
        ? first.fileName
        : recordingFileName('recording', take.blob.type);
    return { blob: take.blob, fileName, seconds: take.seconds, segmentCount: segments.length };
  }
  const phase: Phase = countingDown ? 'countdown' : takes.phase === 'recording' ? 'live' : 'review';
  useEffect(() => {
    recorderRef.current.elapsed = () => recorder.elapsedSeconds;
  });

  const ensureAutosave = useCallback((): AutosaveSession => {
    if (!autosaveRef.current) {
      const session = new AutosaveSession({
        totalSeconds: () =>
          segmentsRef.current.reduce((total, segment) => total + segment.seconds, 0) +
          recorderRef.current.elapsed(),
      });
      autosaveRef.current = session;
      setAutosave(session);
    }
    return autosaveRef.current;
  }, []);

  // Ask for the microphone as the countdown starts, so recording begins right on GO.
  useEffect(() => {
    if (phase !== 'countdown') return;
    void takes.prepare();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per countdown
  }, [phase]);

  const { begin } = takes;
  const beginTake = useCallback(async () => {
    // Not started: onError has already said why and moved on.
    const started = await begin();
    setCountingDown(false);
    if (started) ensureAutosave().start();
  }, [ensureAutosave, begin]);

  const stopTake = async () => {
    const result = await takes.stop();
    const session = autosaveRef.current;
    session?.stop();
    void session?.flush();
    if (!result) {
      toast({ variant: 'destructive', title: 'Recording Error', description: 'Recording error occurred.' });
      if (segmentsRef.current.length === 0) onEnd('error');
      return;
    }
    const next = [...segments, { blob: result.blob, seconds: result.seconds, levels: result.levels }];
    setSegments(next);
    const total = next.reduce((sum, segment) => sum + segment.seconds, 0);
    toast({
      title: 'Segment Added',
      description: `${next.length} ${next.length === 1 ? 'segment' : 'segments'} · ${Math.round(total)} seconds in total`,
    });
  };

  const discardTake = () => {
    takes.cancel();
    setCountingDown(false);
    autosaveRef.current?.stop();
    if (segments.length === 0) {
      autosaveRef.current?.discard();
      onEnd('cancelled');
    }
  };

  const discardAll = () => {
    takes.cancel();
    autosaveRef.current?.discard();
    // The take went to the drafts to be edited: it stays there, as it was last saved.
    if (editing?.savedHere) {
      toast({
        title: 'Saved to your drafts',
        description: 'Find it in Voice Drafts to edit or publish later.',
      });
    }
    onEnd('cancelled');
  };

  useEffect(() => () => autosaveRef.current?.stop(), []);

  // Closing the tab with a take that is not published yet asks first (autosave keeps a copy either way); an edit
  // asks once something changed.
  const unsaved =
    phase === 'live' || (editing ? audioChanged || details !== initialDetails : segments.length > 0);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  // The preview, and later the upload, of several takes is their merge (spec §4 Segments).
  const [merged, setMerged] = useState<{ from: Segment[]; audio: MergedAudio } | null>(null);
  useEffect(() => {
    if (segments.length < 2) return;
    let live = true;
    const total = segments.reduce((sum, segment) => sum + segment.seconds, 0);
    void mergeSegments(
      segments.map((segment) => segment.blob),
      total,
    ).then((audio) => {
      if (live) setMerged({ from: segments, audio });
    });
    return () => {
      live = false;
    };
  }, [segments]);
  const mergedAudio = segments.length < 2 ? null : merged?.from === segments ? merged.audio : null;
  const previewBlob = segments.length === 1 ? segments[0]!.blob : (mergedAudio?.blob ?? null);
  const levels = useMemo(
    () =>
      segments.some((segment) => segment.levels) ? segments.flatMap((segment) => segment.levels ?? []) : null,
    [segments],
  );

  /** The form's recording: its one segment, or all of them merged. */
  const currentRecording = async (): Promise<Blob | null> => {
    const first = segments[0];
    if (!first) {
      toast({ variant: 'destructive', title: 'Upload Failed', description: 'No recording to upload' });
      return null;
    }
    if (segments.length === 1) return first.blob;
    const audio =
      mergedAudio ??
      (await mergeSegments(
        segments.map((s) => s.blob),
        previousSeconds,
      ));
    return audio.blob;
  };

  const submit = async () => {
    const blob = await currentRecording();
    if (blob) takes.upload({ blob, seconds: previousSeconds, mimeType: blob.type, levels: levels ?? [] });
  };

  const editorButtonRef = useRef<HTMLButtonElement>(null);
  /** The editor closed: keyboard focus goes back to the button that opened it, once the dialog has let go. */
  const backToForm = () => setTimeout(() => editorButtonRef.current?.focus(), 0);

  const openEditor = async () => {
    const blob = audioChanged ? await currentRecording() : segments[0]!.blob;
    if (!blob) return;
    const take = { audio: publishAudio({ blob, seconds: previousSeconds }), levels, changed: audioChanged };
    const saved = await sessionDraft.open(take, details, autosaveRef.current?.sessionId ?? null);
    // The upload closed the autosave session of these takes; any recorded later start another.
    if (saved) {
      autosaveRef.current?.dispose();
      autosaveRef.current = null;
      setAutosave(null);
    }
  };

  const autosaveStatus = useAutosaveStatus(autosave);

  return (
    <>
      {phase === 'countdown' && (
        <CountdownView
          onDone={() => void beginTake()}
          title={details.title.trim() || undefined}
          waitingForMicrophone={takes.waitingForMicrophone}
          onCancel={discardTake}
        />
      )}
      {phase === 'live' && (
        <LiveRecordingView
          title={details.title.trim() || undefined}
          paused={recorder.status === 'paused'}
          stopping={recorder.status === 'stopping'}
          elapsedSeconds={recorder.elapsedSeconds}
          previousSeconds={previousSeconds}
          takeNumber={segments.length + 1}
          stream={recorder.stream}
          autosave={autosaveStatus}
          onPause={recorder.pause}
          onResume={recorder.resume}
          onStop={() => void stopTake()}
          onDiscard={() =>
            recorder.elapsedSeconds >= CONFIRM_DISCARD_AFTER_SECONDS
              ? setConfirmDiscard('take')
              : discardTake()
          }
          onSample={takes.addLevel}
          discardLabel={segments.length > 0 ? 'Discard this segment' : 'Discard recording'}
        />
      )}
      {phase === 'review' && (
        <PublishForm
          mode={mode}
          showTypeChoice={showTypeChoice}
          details={details}
          onDetailsChange={setDetails}
          preview={{
            blob: previewBlob,
            seconds: previousSeconds,
            levels,
            preparing: segments.length > 1 && !mergedAudio,
          }}
          segmentCount={segments.length}
          // The uploaded file, until the editor gives back audio of its own.
          file={
            source.kind === 'file' && segments[0]?.blob === source.file
              ? { name: source.file.name, size: source.file.size }
              : undefined
          }
          editingDraft={editing !== null}
          onRecordMore={source.kind !== 'file' && canRecord ? () => setCountingDown(true) : undefined}
          pending={takes.phase === 'uploading' || sessionDraft.busy}
          progress={takes.progress ?? sessionDraft.progress}
          onOpenEditor={Editor ? () => void openEditor() : undefined}
          editorButtonRef={editorButtonRef}
          onSubmit={() => void submit()}
          onCancel={() =>
            // Only new takes are worth a question; an edit's draft stays as it was saved.
            (editing ? audioChanged : segments.length > 0) && source.kind !== 'file'
              ? setConfirmDiscard('all')
              : discardAll()
          }
        />
      )}
      {sessionDraft.editorOpen && editing && Editor && (
        <Editor
          draft={{ id: editing.id, title: details.title.trim() || DEFAULT_POST_TITLE }}
          onClose={() => {
            sessionDraft.close();
            backToForm();
          }}
          onApplied={(post) => {
            sessionDraft.applied(post);
            backToForm();
          }}
        />
      )}
      <ConfirmDiscardDialog
        open={confirmDiscard !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmDiscard(null);
        }}
        {...(editing !== null && confirmDiscard === 'all'
          ? {
              title: 'Discard your changes?',
              description:
                'The draft stays as it was saved. What you recorded since opening it will be deleted.',
              keepLabel: 'Keep editing',
            }
          : {
              title: 'Discard this recording?',
              description: 'What you recorded will be deleted. This can’t be undone.',
              keepLabel: 'Keep it',
            })}
        discardLabel="Discard"
        onDiscard={() => (confirmDiscard === 'take' ? discardTake() : discardAll())}
      />
    </>
  );
}
