import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { toFormData, type UploadBody } from '@client/lib/multipart-form';

/** Spec §9: buffered audio is uploaded every 30 seconds while recording. */
export const AUTOSAVE_INTERVAL_MS = 30_000;

export type AutosaveStatus = { kind: 'enabled' } | { kind: 'saving' } | { kind: 'saved'; at: Date };

export type ChunkUploader = (body: UploadBody<'autosaveChunk'>) => Promise<unknown>;

const uploadChunk: ChunkUploader = (body) => apiRequest('autosaveChunk', { body });

/** Too large for what the server keeps of a recording (or a person), or not audio: retrying sends it again. */
const FINAL_REFUSALS = new Set([413, 422]);

function randomSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `rec-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Spec §4 Autosave, for one recording (all its segments share the session): the recorder's one-second chunks
 * are buffered, and every 30 s whatever is buffered goes to the server as the next numbered chunk. Success
 * clears the buffer and records the time; a failure is only logged and the buffer is kept for the next try, so
 * the saved chunks always join into a playable file. A refusal that trying again cannot change (the recording is
 * over the size the server keeps, or not audio) ends autosaving for this recording instead of resending ever more.
 * Publishing with the same `sessionId` closes the session.
 */
export class AutosaveSession {
  readonly sessionId = randomSessionId();
  #buffer: Blob[] = [];
  #mimeType = 'audio/webm';
  #chunkNumber = 0;
  #status: AutosaveStatus = { kind: 'enabled' };
  #lastSettled: AutosaveStatus = { kind: 'enabled' };
  #timer: ReturnType<typeof setInterval> | null = null;
  #inFlight: Promise<void> | null = null;
  #listeners = new Set<() => void>();
  #upload: ChunkUploader;
  #intervalMs: number;
  #totalSeconds: () => number;
  #disposed = false;

  constructor(options: { totalSeconds: () => number; upload?: ChunkUploader; intervalMs?: number }) {
    this.#totalSeconds = options.totalSeconds;
    this.#upload = options.upload ?? uploadChunk;
    this.#intervalMs = options.intervalMs ?? AUTOSAVE_INTERVAL_MS;
  }

  get status(): AutosaveStatus {
    return this.#status;
  }

  get chunkNumber(): number {
    return this.#chunkNumber;
  }

  add(chunk: Blob): void {
    if (this.#disposed || chunk.size === 0) return;
    if (chunk.type) this.#mimeType = chunk.type;
    this.#buffer.push(chunk);
  }

  /** Starts the 30-second timer (call when recording starts or resumes a segment). */
  start(): void {
    if (this.#timer !== null || this.#disposed) return;
    this.#timer = setInterval(() => void this.flush(), this.#intervalMs);
  }

  /** Stops the timer; buffered audio stays until the next flush. */
  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Uploads what is buffered now, unless an upload is already under way. */
  flush(): Promise<void> {
    if (this.#inFlight) return this.#inFlight;
    if (this.#buffer.length === 0 || this.#disposed) return Promise.resolve();
    const sending = this.#buffer.length;
    const body = toFormData(
      'autosaveChunk',
      {
        sessionId: this.sessionId,
        chunkNumber: this.#chunkNumber,
        totalDuration: Math.round(this.#totalSeconds() * 10) / 10,
      },
      {
        audio: {
          blob: new Blob(this.#buffer.slice(0, sending), { type: this.#mimeType }),
          name: 'chunk.webm',
        },
      },
    );
    this.#setStatus({ kind: 'saving' });
    this.#inFlight = this.#upload(body)
      .then(() => {
        this.#buffer = this.#buffer.slice(sending);
        this.#chunkNumber += 1;
        this.#setStatus({ kind: 'saved', at: new Date() });
      })
      .catch((error: unknown) => {
        this.#setStatus(this.#lastSettled);
        if (error instanceof ApiError && FINAL_REFUSALS.has(error.status)) {
          console.warn('Autosave stopped for this recording: the server will not keep more of it.', error);
          this.stop();
          this.#disposed = true;
          this.#buffer = [];
          return;
        }
        console.warn('Autosave failed; the audio stays buffered for the next try.', error);
      })
      .finally(() => {
        this.#inFlight = null;
      });
    return this.#inFlight;
  }

  /** Stops everything and forgets the buffer (after publishing or discarding). */
  dispose(): void {
    this.stop();
    this.#disposed = true;
    this.#buffer = [];
  }

  /** Throws the recording away on the server too, so it never comes back as a "Recovered recording". */
  discard(): void {
    this.dispose();
    apiRequest('discardAutosave', { params: { sessionId: this.sessionId } }).catch((error: unknown) =>
      console.warn('Could not discard the autosaved recording', error),
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #setStatus(status: AutosaveStatus): void {
    if (status.kind !== 'saving') this.#lastSettled = status;
    this.#status = status;
    for (const listener of this.#listeners) listener();
  }
}

/** The session's status as React state; "enabled" when there is no session. */
export function useAutosaveStatus(session: AutosaveSession | null): AutosaveStatus {
  return useSyncExternalStore(session?.subscribe ?? noopSubscribe, () => session?.status ?? ENABLED);
}

const ENABLED: AutosaveStatus = { kind: 'enabled' };

function noopSubscribe(): () => void {
  return () => undefined;
}
