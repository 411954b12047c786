import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError, NotFoundError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path parameters are typed words (a search), not ids: control characters are removed from them. */
    textParams?: true;
  }
}

/**
 * C0 and C1 control characters but tab, line feed and carriage return. PostgreSQL cannot store NUL at all (the
 * request would fail on our side), SQLite would keep it; neither is text a person typed.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

interface Visit {
  value: unknown;
  key: string | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** The path (`userIds.0`) of the first string, or object key, in `value` that holds a control character. */
export function controlCharacterAt(value: unknown): string | undefined {
  // A stack rather than recursion, and each entry points at its parent: a body may nest deeper than the call stack
  // goes, and copying the path at every level would cost the square of the depth.
  const pending: Visit[] = [{ value, key: undefined, parent: undefined }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (CONTROL_CHARACTER.test(next.value)) return pathOf(next);
    } else if (typeof next.value === 'object' && next.value !== null && !ArrayBuffer.isView(next.value)) {
      for (const [key, inner] of Object.entries(next.value)) {
        const visit = { value: inner, key, parent: next };
        if (CONTROL_CHARACTER.test(key)) return pathOf(visit);
        pending.push(visit);
      }
    }
  }
  return undefined;
}

/** The 400 for text holding a control character, naming the field. */
export function controlCharacterError(field: string): BadRequestError {
  const what = field === '' ? 'The request' : `"${field}"`;
  return new BadRequestError(
    `${what} contains an invisible control character (such as NUL), which text cannot hold. Remove it and try again.`,
  );
}

function checkParams(request: FastifyRequest): void {
  const params = request.params as Record<string, string> | undefined;
  if (!params || controlCharacterAt(params) === undefined) return;
  if (!request.routeOptions.config.textParams) throw new NotFoundError('Nothing is at this address.');
  for (const [name, value] of Object.entries(params)) params[name] = value.replace(CONTROL_CHARACTERS, '');
}

/**
 * Every request's path, query and JSON or form body, before its schema sees it: an id holding a control character
 * names nothing (404), text holding one is refused (400). Multipart text fields are checked as they are read
 * (readMultipartUpload).
 */
export function registerControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkParams(request);
      for (const part of [request.query, request.body]) {
        const field = controlCharacterAt(part);
        if (field !== undefined) throw controlCharacterError(field);
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
