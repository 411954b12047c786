import { BadRequestError } from '../errors';

/** Position after the last item of a page, newest-first by (created_at, id). */
export interface Cursor {
  createdAt: string;
  id: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return { createdAt: value[0] as string, id: value[1] as string };
    }
  } catch {
    // fall through to the same answer as a well-formed but wrong cursor
  }
  throw new BadRequestError('That page cursor is not valid. Start again from the first page.');
}

/** Callers fetch limit + 1 rows; the extra row only tells whether another page exists. */
export function toPage<T extends { created_at: string; id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
