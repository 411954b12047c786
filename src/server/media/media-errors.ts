import { tooLongMessage, type AudioDurationLimit } from '@shared/domain/audio-limits';
import { AppError, ServiceUnavailableError, UnprocessableError } from '../errors';

export const NOT_AUDIO_MESSAGE = 'This file is not audio we can play. Record again or choose an audio file.';

/** The upload itself is at fault: 422. `detail` is what ffmpeg said, for logs and job errors, never for people. */
export class NotAudioError extends UnprocessableError {
  constructor(
    message = NOT_AUDIO_MESSAGE,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The decode ran past its time limit while ffmpeg itself works: the upload's fault, unless it was our own audio. */
export class DecodeTimedOutError extends NotAudioError {}

/** Longer than its kind may be; the decode stopped just past the limit, so `decodedSeconds` is not the whole. */
export class AudioTooLongError extends NotAudioError {
  constructor(
    readonly limit: AudioDurationLimit,
    readonly decodedSeconds: number,
  ) {
    super(tooLongMessage(limit), `decoded ${decodedSeconds} s, past the ${limit.seconds} s limit`);
  }
}

export const FFMPEG_UNUSABLE_MESSAGE =
  'We cannot process audio right now because of a problem on our side. Please try again later.';

/** ffmpeg is missing, failing or hanging: our fault, whatever was uploaded. `problem` says what is wrong. */
export class FfmpegUnusableError extends ServiceUnavailableError {
  constructor(
    readonly problem: string,
    options?: ErrorOptions,
  ) {
    super(FFMPEG_UNUSABLE_MESSAGE, options);
  }
}

/**
 * Stored media a row points at is gone (lost, or deleted by hand): our fault, never the uploader's, so a 500 that
 * says what the person can still do. `problem` names the missing object.
 */
export class MissingMediaError extends AppError {
  readonly statusCode = 500;
  constructor(
    message: string,
    readonly problem: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Audio already stored and checked, put together by us (an edit's render), failed to decode: our fault, never that
 * of the person's recordings, so a 500 that says so. `problem` is what ffmpeg said.
 */
export class StoredAudioError extends AppError {
  readonly statusCode = 500;
  constructor(
    message: string,
    readonly problem: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What went wrong, for an operator (logs, a job's last error): ffmpeg's own words rather than the user's message. */
export function operatorReason(error: unknown): string {
  if (
    error instanceof FfmpegUnusableError ||
    error instanceof MissingMediaError ||
    error instanceof StoredAudioError
  ) {
    return error.problem;
  }
  if (error instanceof NotAudioError) return `the audio does not decode (${error.detail ?? error.message})`;
  return error instanceof Error ? error.message : String(error);
}
