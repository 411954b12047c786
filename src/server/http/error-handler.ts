import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { SessionStore } from '../auth/session-store';
import { sessionTokenOf } from '../auth/session-cookie';
import { isForeignKeyViolation } from '../db/dialect';
import {
  AppError,
  InsufficientStorageError,
  isOutOfSpace,
  SESSION_ENDED_MESSAGE,
  TooManyRequestsError,
  UnauthorizedError,
} from '../errors';

/** Our schema messages are whole sentences; zod's built-in ones are not, so those get the field's name. */
export function validationMessage(issues: FastifySchemaValidationError[]): string {
  const sentences = issues.map((issue) => {
    const message = issue.message ?? 'is not valid';
    if (message.endsWith('.')) return message;
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return field ? `${field}: ${message}.` : `${message}.`;
  });
  return [...new Set(sentences)].join(' ');
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request as JSON, a form or multipart data.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data.',
};

/**
 * A write that names the signed-in person failed on a foreign key because their account went (deleted or
 * suspended) while the request was on its way: their session has ended, which is theirs to act on, not our failure.
 * Any other foreign-key failure (say, on a post deleted meanwhile) stays what it was.
 */
async function endedSessionOf(
  error: unknown,
  request: FastifyRequest,
  sessions: SessionStore,
): Promise<UnauthorizedError | undefined> {
  if (!isForeignKeyViolation(error) || !request.currentUser) return undefined;
  const token = sessionTokenOf(request);
  const now = token ? await sessions.resolve(token) : null;
  if (now?.id === request.currentUser.id) return undefined;
  return new UnauthorizedError(SESSION_ENDED_MESSAGE);
}

export function registerErrorHandler(app: FastifyInstance, sessions: SessionStore): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: validationMessage(error.validation) });
    }
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    const known =
      (await endedSessionOf(error, request, sessions)) ??
      (isOutOfSpace(error) ? new InsufficientStorageError(undefined, { cause: error }) : error);
    if (known instanceof AppError) {
      if (known.statusCode >= 500) request.log.error({ err: known }, 'request failed on our side');
      return reply.code(known.statusCode).send({ message: known.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: FRAMEWORK_MESSAGES[error.code] ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side. Please try again in a moment.' });
  });
}
