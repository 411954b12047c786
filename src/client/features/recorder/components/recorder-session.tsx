import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AutosaveSession, useAutosaveStatus } from '@client/lib/audio/autosave';
import { mergeSegments, type MergedAudio } from '@client/lib/audio/merge-segments';
import { isRecordingSupported, recordingFileName } from '@client/lib/audio/recording-support';
import { useVoiceRecorder } from '@client/lib/audio/use-voice-recorder';
import type { EditDraft } from '@client/lib/pending-edit-draft';
import { isAbortError, uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { usePublishRecording } from '../hooks/use-publish-recording';
import { levelsFromWaveform } from '../lib/edit-draft';
import { buildUploadForm, type PublishDetails, type RecorderMode } from '../lib/upload-form';
import { CountdownView } from './countdown-view';
import { DiscardDialog } from './discard-dialog';
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

/**
 * What the session starts from: a new recording, an uploaded file, or a saved draft being edited (its audio is
 * the first segment; more takes join it, and saving replaces the draft in place).
 */
export type SessionSource =
  { kind: 'record' } | { kind: 'file'; file: File } | { kind: 'draft'; draft: EditDraft };

export type SessionEnd = 'published' | 'cancelled' | 'error';

export interface RecorderSessionProps {
  mode: RecorderMode;
  source: SessionSource;
  initialDetails: PublishDetails;
  showTypeChoice: boolean;
  onEnd: (how: SessionEnd) => void;
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
}: RecorderSessionProps) {
  const editing = source.kind === 'draft' ? source.draft : null;
  const [phase, setPhase] = useState<Phase>(source.kind === 'record' ? 'countdown' : 'review');
  const [segments, setSegments] = useState<Segment[]>(() => initialSegments(source));
  const [details, setDetails] = useState(initialDetails);
  const [canRecord] = useState(isRecordingSupported);
  const [autosave, setAutosave] = useState<AutosaveSession | null>(null);
  const [waitingForMicrophone, setWaitingForMicrophone] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState<'take' | 'all' | null>(null);
  const autosaveRef = useRef<AutosaveSession | null>(null);
  const levelsRef = useRef<number[]>([]);
  const preparing = useRef<Promise<boolean> | null>(null);
  const segmentsRef = useRef(segments);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    segmentsRef.current = segments;
    onEndRef.current = onEnd;
  });

  const previousSeconds = segments.reduce((total, segment) => total + segment.seconds, 0);
  const recorderRef = useRef<{ elapsed: () => number }>({ elapsed: () => 0 });

  const recorder = useVoiceRecorder({
    onChunk: (chunk) => autosaveRef.current?.add(chunk),
    onError: (error) => {
      autosaveRef.current?.stop();
      toast({ variant: 'destructive', title: 'Recording Error', description: error.message });
      if (segmentsRef.current.length > 0) setPhase('review');
      else onEndRef.current('error');
    },
  });
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
    preparing.current = recorder.prepare();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per countdown
  }, [phase]);

  const beginTake = useCallback(async () => {
    setWaitingForMicrophone(true);
    const ready = await (preparing.current ?? Promise.resolve(false));
    setWaitingForMicrophone(false);
    if (!ready) return; // onError has already said why and moved on.
    levelsRef.current = [];
    const session = ensureAutosave();
    if (recorder.start()) {
      session.start();
      setPhase('live');
    }
  }, [ensureAutosave, recorder]);

  const stopTake = async () => {
    const result = await recorder.stop();
    const session = autosaveRef.current;
    session?.stop();
    void session?.flush();
    if (!result || result.blob.size === 0) {
      toast({ variant: 'destructive', title: 'Recording Error', description: 'Recording error occurred.' });
      if (segmentsRef.current.length > 0) setPhase('review');
      else onEnd('error');
      return;
    }
    const next = [...segments, { blob: result.blob, seconds: result.seconds, levels: levelsRef.current }];
    setSegments(next);
    const total = next.reduce((sum, segment) => sum + segment.seconds, 0);
    toast({
      title: 'Segment Added',
      description: `${next.length} ${next.length === 1 ? 'segment' : 'segments'} · ${Math.round(total)} seconds in total`,
    });
    setPhase('review');
  };

  const discardTake = () => {
    recorder.cancel();
    autosaveRef.current?.stop();
    if (segments.length > 0) {
      setPhase('review');
    } else {
      autosaveRef.current?.discard();
      onEnd('cancelled');
    }
  };

  const discardAll = () => {
    recorder.cancel();
    autosaveRef.current?.discard();
    onEnd('cancelled');
  };

  useEffect(() => () => autosaveRef.current?.stop(), []);

  // Closing the tab with a take that is not published yet asks first (autosave keeps a copy either way); an edit
  // asks once something changed.
  const unsaved =
    phase === 'live' ||
    segments.length > (editing ? 1 : 0) ||
    (editing !== null && details !== initialDetails);
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

  const publish = usePublishRecording(mode, editing?.id);

  const submit = async () => {
    const first = segments[0];
    if (!first) {
      toast({ variant: 'destructive', title: 'Upload Failed', description: 'No recording to upload' });
      return;
    }
    const audio =
      segments.length > 1
        ? (mergedAudio ??
          (await mergeSegments(
            segments.map((s) => s.blob),
            previousSeconds,
          )))
        : null;
    const blob = audio?.blob ?? first.blob;
    const fileName =
      segments.length === 1 && first.fileName ? first.fileName : recordingFileName('recording', blob.type);
    const body = buildUploadForm(
      mode,
      { blob, fileName, seconds: previousSeconds, segmentCount: segments.length },
      details,
      {
        ...(editing ? { kind: 'edit', draftId: editing.id } : { kind: 'new' }),
        sessionId: autosaveRef.current?.sessionId ?? null,
      },
    );
    publish.mutate(body, {
      onSuccess: () => {
        autosaveRef.current?.dispose();
        toast(
          editing
            ? { title: 'Draft Saved', description: 'Your voice draft has been saved.' }
            : mode === 'diary'
              ? { title: 'Voice Draft Saved', description: 'Your voice draft has been saved securely.' }
              : { title: 'Success', description: 'Your voice post has been uploaded!' },
        );
        onEnd('published');
      },
      onError: (error) => {
        if (isAbortError(error)) return;
        toast(
          editing
            ? {
                variant: 'destructive',
                title: 'Failed to save draft. Please try again.',
                description: uploadErrorMessage(error),
              }
            : { variant: 'destructive', title: 'Upload Failed', description: uploadErrorMessage(error) },
        );
      },
    });
  };

  const autosaveStatus = useAutosaveStatus(autosave);

  return (
    <>
      {phase === 'countdown' && (
        <CountdownView
          onDone={() => void beginTake()}
          title={details.title.trim() || undefined}
          waitingForMicrophone={waitingForMicrophone}
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
          onSample={(level) => levelsRef.current.push(level)}
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
          file={source.kind === 'file' ? { name: source.file.name, size: source.file.size } : undefined}
          editingDraft={editing !== null}
          onRecordMore={source.kind !== 'file' && canRecord ? () => setPhase('countdown') : undefined}
          pending={publish.isPending}
          progress={publish.progress}
          onSubmit={() => void submit()}
          onCancel={() =>
            // Only new takes are worth a question; an edit's draft stays as it was saved.
            segments.length > (editing ? 1 : 0) && source.kind !== 'file'
              ? setConfirmDiscard('all')
              : discardAll()
          }
        />
      )}
      <DiscardDialog
        open={confirmDiscard !== null}
        editingDraft={editing !== null && confirmDiscard === 'all'}
        onOpenChange={(open) => {
          if (!open) setConfirmDiscard(null);
        }}
        onConfirm={() => (confirmDiscard === 'take' ? discardTake() : discardAll())}
      />
    </>
  );
}
