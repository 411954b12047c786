import { isRecordingSupported, pickRecordingMimeType } from './recording-support';

/** Spec §9: the recorder hands over data every second (autosave relies on it). */
export const RECORDER_TIMESLICE_MS = 1000;

/** Spec §8 "Recording Error" messages, keyed by what went wrong. */
export const RECORDING_ERROR_MESSAGES = {
  unsupported: 'Audio recording is not supported in this browser',
  'no-recorder': 'Audio recording is not supported',
  start: 'Failed to start recording. Please check microphone permissions.',
  runtime: 'Recording error occurred.',
  microphone: 'Could not access microphone. Please check permissions.',
} as const;

export type RecordingErrorCode = keyof typeof RECORDING_ERROR_MESSAGES;

export class RecordingError extends Error {
  override readonly name = 'RecordingError';
  readonly code: RecordingErrorCode;

  constructor(code: RecordingErrorCode, options?: { cause?: unknown }) {
    super(RECORDING_ERROR_MESSAGES[code], options);
    this.code = code;
  }
}

export interface RecordingResult {
  blob: Blob;
  /** Time spent recording, pauses excluded. */
  seconds: number;
  mimeType: string;
}

export type VoiceRecorderState = 'ready' | 'recording' | 'paused' | 'stopped';

/** Spec §9: echo cancellation, noise suppression and automatic gain are on. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    channelCount: { ideal: 1 },
  },
};

/**
 * One take from the microphone. `open()` asks for the microphone (so a countdown can run meanwhile), `start()`
 * records, `stop()` yields the blob and the seconds recorded, `cancel()` releases the microphone and drops it all.
 */
export class VoiceRecorder {
  readonly stream: MediaStream;
  readonly mimeType: string;
  /** Each timeslice as it arrives (for autosave). */
  onChunk: ((chunk: Blob) => void) | undefined;
  /** The recorder failed after it started; it has already released the microphone. */
  onError: ((error: RecordingError) => void) | undefined;

  #recorder: MediaRecorder;
  #chunks: Blob[] = [];
  #state: VoiceRecorderState = 'ready';
  #accumulatedMs = 0;
  #runningSince: number | null = null;
  #stopped: Promise<void>;
  #resolveStopped!: () => void;

  private constructor(stream: MediaStream, recorder: MediaRecorder, mimeType: string) {
    this.stream = stream;
    this.#recorder = recorder;
    this.mimeType = mimeType;
    this.#stopped = new Promise((resolve) => {
      this.#resolveStopped = resolve;
    });
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      this.#chunks.push(event.data);
      this.onChunk?.(event.data);
    };
    recorder.onstop = () => this.#resolveStopped();
    recorder.onerror = (event) => {
      if (this.#state === 'stopped') return;
      this.#finish();
      this.onError?.(new RecordingError('runtime', { cause: (event as Event & { error?: unknown }).error }));
    };
  }

  /** Asks for the microphone and prepares a recorder; throws a RecordingError the UI can show. */
  static async open(): Promise<VoiceRecorder> {
    if (!isRecordingSupported()) throw new RecordingError('unsupported');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    } catch (cause) {
      throw new RecordingError('microphone', { cause });
    }
    const preferred = pickRecordingMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = preferred ? new MediaRecorder(stream, { mimeType: preferred }) : new MediaRecorder(stream);
    } catch (cause) {
      stopTracks(stream);
      throw new RecordingError('no-recorder', { cause });
    }
    return new VoiceRecorder(stream, recorder, recorder.mimeType || preferred || 'audio/webm');
  }

  get state(): VoiceRecorderState {
    return this.#state;
  }

  start(): void {
    if (this.#state !== 'ready') return;
    try {
      this.#recorder.start(RECORDER_TIMESLICE_MS);
    } catch (cause) {
      this.#finish();
      throw new RecordingError('start', { cause });
    }
    this.#state = 'recording';
    this.#runningSince = performance.now();
  }

  pause(): void {
    if (this.#state !== 'recording') return;
    this.#recorder.pause();
    this.#accumulatedMs += performance.now() - (this.#runningSince ?? performance.now());
    this.#runningSince = null;
    this.#state = 'paused';
  }

  resume(): void {
    if (this.#state !== 'paused') return;
    this.#recorder.resume();
    this.#runningSince = performance.now();
    this.#state = 'recording';
  }

  /** Milliseconds recorded so far, pauses excluded. */
  elapsedMs(): number {
    const running = this.#runningSince === null ? 0 : performance.now() - this.#runningSince;
    return this.#accumulatedMs + running;
  }

  async stop(): Promise<RecordingResult> {
    if (this.#state === 'ready') {
      this.cancel();
      return { blob: new Blob([], { type: this.mimeType }), seconds: 0, mimeType: this.mimeType };
    }
    const seconds = this.elapsedMs() / 1000;
    if (this.#state !== 'stopped') {
      this.#state = 'stopped';
      this.#accumulatedMs = seconds * 1000;
      this.#runningSince = null;
      if (this.#recorder.state !== 'inactive') {
        this.#recorder.stop();
        await Promise.race([this.#stopped, delay(3000)]);
      }
      stopTracks(this.stream);
    }
    const blob = new Blob(this.#chunks, { type: this.mimeType });
    return { blob, seconds, mimeType: this.mimeType };
  }

  /** Stops the microphone and throws the audio away. */
  cancel(): void {
    this.onChunk = undefined;
    this.#finish();
    this.#chunks = [];
  }

  #finish(): void {
    if (this.#state === 'recording') this.#accumulatedMs += performance.now() - (this.#runningSince ?? 0);
    this.#runningSince = null;
    this.#state = 'stopped';
    try {
      if (this.#recorder.state !== 'inactive') this.#recorder.stop();
    } catch {
      // Already stopped.
    }
    stopTracks(this.stream);
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
