import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { DraftTake } from '@shared/contract/drafts';
import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { pauseAllAudio } from '@client/lib/audio/audio-controller';
import { isRecordingSupported } from '@client/lib/audio/recording-support';
import { useRecordedTake } from '@client/lib/audio/use-recorded-take';
import { useStopAtLimit } from '@client/lib/audio/use-stop-at-limit';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { uploadTake } from '../api/draft-edit';
import { formatSeconds, type EditorAction, type EditorMode } from '../lib/editor-state';

const MAX_TAKE_SECONDS = AUDIO_DURATION_LIMITS.post.seconds;
const MIC_ERROR = 'Mic error. Check permissions.';

interface EditorTakeOptions {
  draftId: string;
  mode: EditorMode;
  dispatch: Dispatch<EditorAction>;
  /** The server has the take: it becomes one of the timeline's sources. */
  onTake: (take: DraftTake) => void;
  stopPlaying: () => void;
  /** Where focus goes back to once a take is in, cancelled or thrown away. */
  focusWaveform: () => void;
}

/**
 * Record (3-2-1, then the live meter and Stop) and the take's upload; a take the server did not get stays for
 * Retry upload or Discard. The take goes in where Add Segment marked, else at the end (the reducer's take-added).
 */
export function useEditorTake({
  draftId,
  mode,
  dispatch,
  onTake,
  stopPlaying,
  focusWaveform,
}: EditorTakeOptions) {
  const recording = useRecordedTake<DraftTake>({
    onError: () => {
      // Said in the status line too: the toasts sit outside the dialog, where assistive technology does not look.
      dispatch({ type: 'mode', mode: 'idle', status: MIC_ERROR });
      toast({ variant: 'destructive', title: MIC_ERROR });
    },
    upload: (take, onProgress) => uploadTake(draftId, take, onProgress),
    onUploaded: (take) => {
      onTake(take);
      dispatch({ type: 'take-added', takeId: take.id, durationMs: take.durationMs });
      recording.discard();
      focusWaveform();
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
  const uploadTakeOf = useCallback(
    (seconds: number) =>
      dispatch({ type: 'mode', mode: 'processing', status: `Recorded ${formatSeconds(seconds * 1000)}` }),
    [dispatch],
  );
  const retryUpload = () => {
    if (!failedTake) return;
    uploadTakeOf(failedTake.seconds);
    recording.upload(failedTake);
  };
  const discardFailedTake = () => {
    recording.discard();
    dispatch({ type: 'status', status: '' });
    focusWaveform();
  };
  // The Record button is gone while recording: focus goes to Stop as soon as it can be pressed.
  const recordingRowRef = useRef<HTMLDivElement>(null);
  const canStop = mode === 'recording' && recorder.status === 'recording';
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
  }, [recording, dispatch, uploadTakeOf]);
  const cancelRecording = () => {
    recording.cancel();
    dispatch({ type: 'mode', mode: 'idle' });
    focusWaveform();
  };
  useStopAtLimit(recorder, MAX_TAKE_SECONDS, stopRecording);

  return {
    recorder,
    waitingForMicrophone: recording.waitingForMicrophone,
    addLevel: recording.addLevel,
    failedTake,
    recordingRowRef,
    record,
    beginRecording,
    stopRecording,
    cancelRecording,
    retryUpload,
    discardFailedTake,
  };
}
