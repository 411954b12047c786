import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { UploadProgress } from '../upload-with-progress';
import type { RecordingError } from './voice-recorder';
import { useVoiceRecorder } from './use-voice-recorder';

/** One finished take: the audio, its length, and the levels sampled while it was recorded (for its waveform). */
export interface RecordedTake {
  blob: Blob;
  seconds: number;
  mimeType: string;
  levels: number[];
}

/**
 * idle → recording (from asking for the microphone until the take is in) → recorded → uploading → done, or
 * failed with the take kept for another try. Recording again or discarding leaves done and failed.
 */
export type TakePhase = 'idle' | 'recording' | 'recorded' | 'uploading' | 'done' | 'failed';

interface TakeState {
  phase: TakePhase;
  take: RecordedTake | null;
  /** Null until the upload's first progress event. */
  progress: UploadProgress | null;
}

type TakeAction =
  | { type: 'record' }
  | { type: 'stopped'; take: RecordedTake | null }
  | { type: 'discard' }
  | { type: 'upload'; take: RecordedTake }
  | { type: 'progress'; progress: UploadProgress }
  | { type: 'uploaded' }
  | { type: 'failed' };

const noTake: TakeState = { phase: 'idle', take: null, progress: null };

function takeReducer(state: TakeState, action: TakeAction): TakeState {
  switch (action.type) {
    case 'record':
      return { ...state, phase: 'recording', progress: null };
    case 'stopped': {
      // Nothing recorded: the previous take, if any, is still there to preview.
      const take = action.take ?? state.take;
      return { phase: take ? 'recorded' : 'idle', take, progress: null };
    }
    case 'discard':
      return noTake;
    case 'upload':
      return { phase: 'uploading', take: action.take, progress: null };
    case 'progress':
      return state.phase === 'uploading' ? { ...state, progress: action.progress } : state;
    case 'uploaded':
      return { ...state, phase: 'done', progress: null };
    case 'failed':
      return { ...state, phase: 'failed', progress: null };
  }
}

interface RecordedTakeOptions<Result> {
  /** Each one-second timeslice while recording. */
  onChunk?: (chunk: Blob) => void;
  /** Anything that went wrong while recording; the recorder is back to idle when this runs. */
  onError?: (error: RecordingError) => void;
  /** Sends a take to the server (usually with `uploadWithProgress`), reporting the bytes sent. */
  upload: (take: RecordedTake, onProgress: (progress: UploadProgress) => void) => Promise<Result>;
  /** The server has the take; it stays (phase `done`) until it is discarded. */
  onUploaded?: (result: Result, take: RecordedTake) => void;
  /** The take stays (phase `failed`) for another try. */
  onUploadFailed?: (error: Error) => void;
}

/**
 * Record → stop → a take to preview → upload it with progress, shared by the recorder, extending a post and voice
 * comments: asks for the microphone (`prepare`, e.g. as a countdown starts), records from `begin`, collects the
 * level samples the live meter reports (`addLevel`), keeps the last good take until it is discarded, and uploads
 * a take the way the caller says. A 401 still reaches the app-wide handler: the upload runs as a mutation.
 */
export function useRecordedTake<Result>({
  onChunk,
  onError,
  upload: send,
  onUploaded,
  onUploadFailed,
}: RecordedTakeOptions<Result>) {
  const [state, dispatch] = useReducer(takeReducer, noTake);
  const recorder = useVoiceRecorder({
    onChunk,
    onError: (error) => {
      dispatch({ type: 'stopped', take: null });
      onError?.(error);
    },
  });
  const [waitingForMicrophone, setWaitingForMicrophone] = useState(false);
  const levels = useRef<number[]>([]);
  const preparing = useRef<Promise<boolean> | null>(null);
  const { prepare: prepareRecorder, start, stop: stopRecorder, cancel: cancelRecorder } = recorder;

  const callbacks = useRef({ send, onUploaded, onUploadFailed });
  useEffect(() => {
    callbacks.current = { send, onUploaded, onUploadFailed };
  });

  const prepare = useCallback(() => {
    dispatch({ type: 'record' });
    preparing.current = prepareRecorder();
    return preparing.current;
  }, [prepareRecorder]);

  /** Starts recording once the microphone is ready; false if it is not (onError has said why). */
  const begin = useCallback(async () => {
    setWaitingForMicrophone(true);
    const ready = await (preparing.current ?? Promise.resolve(false));
    setWaitingForMicrophone(false);
    if (!ready) return false;
    levels.current = [];
    return start();
  }, [start]);

  /** The take just recorded, kept as `take`; null if nothing was recorded (the previous take stays). */
  const stop = useCallback(async (): Promise<RecordedTake | null> => {
    const result = await stopRecorder();
    const recorded = result && result.blob.size > 0 ? { ...result, levels: levels.current } : null;
    dispatch({ type: 'stopped', take: recorded });
    return recorded;
  }, [stopRecorder]);

  /** Throws the take under way away; the previous take, if any, stays. */
  const cancel = useCallback(() => {
    cancelRecorder();
    dispatch({ type: 'stopped', take: null });
  }, [cancelRecorder]);

  const addLevel = useCallback((level: number) => {
    levels.current.push(level);
  }, []);
  const discard = useCallback(() => dispatch({ type: 'discard' }), []);

  const { mutate } = useMutation({
    mutationFn: (take: RecordedTake) =>
      callbacks.current.send(take, (progress) => dispatch({ type: 'progress', progress })),
    onSuccess: (result, take) => {
      dispatch({ type: 'uploaded' });
      callbacks.current.onUploaded?.(result, take);
    },
    onError: (error) => {
      dispatch({ type: 'failed' });
      callbacks.current.onUploadFailed?.(error);
    },
  });

  /** Uploads `take` (the one kept, or one the caller put together) and keeps it as `take`. */
  const upload = useCallback(
    (take: RecordedTake) => {
      dispatch({ type: 'upload', take });
      mutate(take);
    },
    [mutate],
  );

  return {
    recorder,
    phase: state.phase,
    take: state.take,
    progress: state.progress,
    waitingForMicrophone,
    prepare,
    begin,
    stop,
    cancel,
    addLevel,
    discard,
    upload,
  };
}
