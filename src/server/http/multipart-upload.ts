import { controlCharacterAt, controlCharacterError } from './control-characters';
import { finished, PassThrough, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartDefinition } from '@shared/contract/routes';
import { BadRequestError, PayloadTooLargeError } from '../errors';
import { TooLargeError } from '../storage/blob-store';
import type { ScratchFile, ScratchFiles } from '../storage/scratch-files';

/** What the multipart parser allows in any request (registered in app.ts). */
export const MULTIPART_LIMITS = { fields: 30, fieldSize: 64 * 1024, files: 2, parts: 40 };
/** Room for a part's boundary and headers (name, filename, type). */
const PART_HEADERS_BYTES = 16 * 1024;
/** Everything but the files a form can carry within MULTIPART_LIMITS. */
const FORM_OVERHEAD_BYTES =
  MULTIPART_LIMITS.fields * MULTIPART_LIMITS.fieldSize + MULTIPART_LIMITS.parts * PART_HEADERS_BYTES;

const MALFORMED_MESSAGE =
  'The upload arrived incomplete or is not valid multipart/form-data. Please try sending it again.';

export interface FileFieldRule {
  maxBytes: number;
  tooLargeMessage: string;
}

/** The rule for each file part a route's contract names, by what the part accepts. */
export function fileRulesFor(
  multipart: MultipartDefinition,
  byKind: Partial<Record<MultipartDefinition['files'][string]['accepts'], FileFieldRule>>,
): Record<string, FileFieldRule> {
  return Object.fromEntries(
    Object.entries(multipart.files).map(([name, file]) => {
      const rule = byKind[file.accepts];
      if (!rule) throw new Error(`No upload rule for ${file.accepts} files (the "${name}" part)`);
      return [name, rule];
    }),
  );
}

export interface UploadChecks {
  /** Runs once, as the first file part begins and before any of its bytes are read, with the fields so far. */
  beforeFiles?: (fields: Record<string, string>) => Promise<void>;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  files: Record<string, ScratchFile>;
  /** The name each file part gave for its file (the sender's, so only ever shown or kept as text). */
  fileNames: Record<string, string>;
  /** Removes every scratch file of this upload; call it whatever happened. */
  discard(): Promise<void>;
}

/** The largest file rule, and the most a request with these files can rightly declare. */
function limitsOf(rules: FileFieldRule[]): { largest: FileFieldRule; bodyBytes: number } {
  return {
    largest: rules.reduce((big, rule) => (rule.maxBytes > big.maxBytes ? rule : big)),
    bodyBytes: rules.reduce((sum, rule) => sum + rule.maxBytes, FORM_OVERHEAD_BYTES),
  };
}

/**
 * The part's bytes through a stream of our own: a failure of the client's body (cut off, malformed) then arrives
 * as a 400, told apart from a failure of our disk, which stays our fault.
 */
function clientBytes(file: Readable): Readable {
  // The error may come before the reader's listeners do (the parser can fail a part before it reaches us); the
  // reader still gets it, from the stream's state, so this listener only keeps it from counting as unhandled.
  const relay = new PassThrough().on('error', () => {});
  finished(file, (error) => {
    if (error) relay.destroy(new BadRequestError(MALFORMED_MESSAGE));
  });
  return file.pipe(relay);
}

const TOO_MANY_PARTS_MESSAGE = `The form has more parts than any upload takes (at most ${MULTIPART_LIMITS.fields} fields and ${MULTIPART_LIMITS.files} files). Send only the fields and file it asks for.`;
/** The plugin's errors for a form with more fields, files or parts than MULTIPART_LIMITS. */
const PART_COUNT_LIMITS = new Set(['FST_FIELDS_LIMIT', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * The parser's own complaints are about the client's body: too many parts is a form no page of ours sends; the
 * plugin's other limit errors (a file too large) already carry a status.
 */
function asClientError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return new BadRequestError(MALFORMED_MESSAGE);
  if ('code' in error && PART_COUNT_LIMITS.has(String(error.code)))
    return new BadRequestError(TOO_MANY_PARTS_MESSAGE);
  return 'statusCode' in error ? error : new BadRequestError(MALFORMED_MESSAGE);
}

/**
 * Streams each expected file of a multipart request to a scratch file of its own, holding no file in memory, and collects
 * the text fields. Files under other names are read past and dropped. On any failure nothing is left on disk.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  scratch: ScratchFiles,
  rules: Record<string, FileFieldRule>,
  checks: UploadChecks = {},
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new BadRequestError('Send the upload as multipart/form-data with the audio as a file field.');
  }
  const { largest, bodyBytes } = limitsOf(Object.values(rules));
  // Refused at once, before a byte is read, when the request says it is larger than these files allow.
  if (Number(request.headers['content-length']) > bodyBytes)
    throw new PayloadTooLargeError(largest.tooLargeMessage);
  const fields: Record<string, string> = {};
  const files: Record<string, ScratchFile> = {};
  const fileNames: Record<string, string> = {};
  const discard = async () => {
    await Promise.all(Object.values(files).map((file) => scratch.discard(file)));
  };
  // The parser's own cap sits above ours, so the rule's message is the one that is given.
  const parts = request.parts({ limits: { fileSize: largest.maxBytes + 1 } });
  let filesBegun = false;
  try {
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw asClientError(error);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const field = controlCharacterAt({ [part.fieldname]: value });
        if (field !== undefined) throw controlCharacterError(field);
        fields[part.fieldname] = value;
        continue;
      }
      if (!filesBegun) {
        filesBegun = true;
        await checks.beforeFiles?.(fields);
      }
      const rule = rules[part.fieldname];
      if (!rule || files[part.fieldname]) {
        part.file.resume();
        continue;
      }
      try {
        files[part.fieldname] = await scratch.receive(clientBytes(part.file), rule.maxBytes);
        fileNames[part.fieldname] = part.filename;
      } catch (error) {
        if (error instanceof TooLargeError) throw new PayloadTooLargeError(rule.tooLargeMessage);
        throw error;
      }
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, files, fileNames, discard };
}
