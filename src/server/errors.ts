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
export class ForbiddenError extends AppError {
  readonly statusCode = 403;
}
export class NotFoundError extends AppError {
  readonly statusCode = 404;
}
export class ConflictError extends AppError {
  readonly statusCode = 409;
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
