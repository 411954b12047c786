import { useCallback, useEffect, useRef, useState } from 'react';
import { RecordingError, VoiceRecorder, type RecordingResult } from './voice-recorder';

export type VoiceRecorderStatus = 'idle' | 'preparing' | 'ready' | 'recording' | 'paused' | 'stopping';

interface UseVoiceRecorderOptions {
  /** Each one-second timeslice while recording. */
  onChunk?: (chunk: Blob) => void;
  /** Anything that went wrong; the recorder is back to idle when this runs. */
  onError?: (error: RecordingError) => void;
}

const TICK_MS = 200;

/**
 * React state around one VoiceRecorder at a time: asks for the microphone (`prepare`), records, pauses, and stops
 * into a blob. The elapsed time excludes pauses. Unmounting releases the microphone.
 */
export function useVoiceRecorder({ onChunk, onError }: UseVoiceRecorderOptions = {}) {
  const [status, setStatus] = useState<VoiceRecorderStatus>('idle');
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const recorderRef = useRef<VoiceRecorder | null>(null);
  /** Bumped by every prepare, cancel and unmount, so a microphone granted too late is released at once. */
  const generation = useRef(0);
  const callbacks = useRef({ onChunk, onError });
  useEffect(() => {
    callbacks.current = { onChunk, onError };
  });

  const reset = useCallback(() => {
    recorderRef.current = null;
    setStream(null);
    setStatus('idle');
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      recorderRef.current?.cancel();
      reset();
      const recordingError =
        error instanceof RecordingError ? error : new RecordingError('runtime', { cause: error });
      callbacks.current.onError?.(recordingError);
    },
    [reset],
  );

  const prepare = useCallback(async (): Promise<boolean> => {
    recorderRef.current?.cancel();
    recorderRef.current = null;
    const mine = ++generation.current;
    setStatus('preparing');
    setElapsedSeconds(0);
    try {
      const recorder = await VoiceRecorder.open();
      if (mine !== generation.current) {
        recorder.cancel();
        return false;
      }
      recorder.onChunk = (chunk) => callbacks.current.onChunk?.(chunk);
      recorder.onError = (error) => fail(error);
      recorderRef.current = recorder;
      setStream(recorder.stream);
      setStatus('ready');
      return true;
    } catch (error) {
      if (mine === generation.current) fail(error);
      return false;
    }
  }, [fail]);

  const start = useCallback((): boolean => {
    const recorder = recorderRef.current;
    if (!recorder) return false;
    try {
      recorder.start();
      setStatus('recording');
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  }, [fail]);

  const pause = useCallback(() => {
    const recorder = recorderRef.current;
    if (!recorder) return;
    recorder.pause();
    setElapsedSeconds(recorder.elapsedMs() / 1000);
    setStatus('paused');
  }, []);

  const resume = useCallback(() => {
    recorderRef.current?.resume();
    if (recorderRef.current) setStatus('recording');
  }, []);

  const stop = useCallback(async (): Promise<RecordingResult | null> => {
    const recorder = recorderRef.current;
    if (!recorder) return null;
    setStatus('stopping');
    try {
      const result = await recorder.stop();
      setElapsedSeconds(result.seconds);
      return result;
    } catch (error) {
      fail(error);
      return null;
    } finally {
      if (recorderRef.current === recorder) reset();
    }
  }, [fail, reset]);

  const cancel = useCallback(() => {
    generation.current += 1;
    recorderRef.current?.cancel();
    setElapsedSeconds(0);
    reset();
  }, [reset]);

  useEffect(() => {
    if (status !== 'recording') return;
    const timer = window.setInterval(() => {
      const recorder = recorderRef.current;
      if (recorder) setElapsedSeconds(recorder.elapsedMs() / 1000);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [status]);

  useEffect(
    () => () => {
      generation.current += 1;
      recorderRef.current?.cancel();
    },
    [],
  );

  return { status, elapsedSeconds, stream, prepare, start, pause, resume, stop, cancel };
}

export type VoiceRecorderControls = ReturnType<typeof useVoiceRecorder>;
