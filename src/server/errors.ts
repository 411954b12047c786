import type { z } from 'zod';

/**
 * Errors services raise for things the client did or may not do. The HTTP layer maps each to its status;
 * the message is shown to a person, so it says what to do.
 */
export abstract class AppError extends Error {
  abstract readonly statusCode: number;
}

export class BadRequestError extends AppError {
  readonly statusCode = 400;
}
export class UnauthorizedError extends AppError {
  readonly statusCode = 401;
  constructor(message = 'Unauthorized') {
    super(message);
  }
}
/** A signed-in person whose account went while their request was on its way. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.';

export class ForbiddenError extends AppError {
  readonly statusCode = 403;
}
export class NotFoundError extends AppError {
  readonly statusCode = 404;
}
export class ConflictError extends AppError {
  readonly statusCode = 409;
}
/** It was there and is gone for good: a direct chat whose other person deleted their account. */
export class GoneError extends AppError {
  readonly statusCode = 410;
}
export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
export class PayloadTooLargeError extends AppError {
  readonly statusCode = 413;
}
export class UnprocessableError extends AppError {
  readonly statusCode = 422;
}

/** Our own fault that the person can only wait out (a broken or missing media tool, say): logged at error. */
export class ServiceUnavailableError extends AppError {
  readonly statusCode = 503;
}

export const STORAGE_FULL_MESSAGE =
  'Our storage is full, so we could not keep your recording. The problem is on our side; please try again later.';

/** The disk (or quota) under DATA_DIR is full: our fault, logged at error. */
export class InsufficientStorageError extends AppError {
  readonly statusCode = 507;
  constructor(message = STORAGE_FULL_MESSAGE, options?: ErrorOptions) {
    super(message, options);
  }
}

const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** A write failed because the disk or quota is full (the error itself or anything in its `cause` chain). */
export function isOutOfSpace(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (OUT_OF_SPACE_CODES.has((current as NodeJS.ErrnoException).code ?? '')) return true;
  }
  return false;
}

/** `value` as `schema` reads it, or a 400 that says everything wrong with it. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues.map((issue) => issue.message).join(' '));
  return parsed.data;
}
