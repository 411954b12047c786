import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';
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

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | undefined {
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

export const byCreation = (row: { created_at: string; id: string }): Cursor => ({
  createdAt: row.created_at,
  id: row.id,
});

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/**
 * One page of `query`, newest first by (createdAt, id) columns that an index covers, starting after the cursor.
 * `toCursor` names the row's values for those columns when they are not `created_at` and `id`.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { createdAt: StringReference<DB, TB> & string; id: StringReference<DB, TB> & string },
  page: PageRequest,
  toCursor: (row: O) => Cursor,
): Promise<Page<O>> {
  const after = decodeCursor(page.cursor);
  const filtered = after
    ? query.where(
        sql<boolean>`(${sql.ref(columns.createdAt)}, ${sql.ref(columns.id)}) < (${after.createdAt}, ${after.id})`,
      )
    : query;
  const rows = await filtered
    .orderBy(columns.createdAt, 'desc')
    .orderBy(columns.id, 'desc')
    .limit(page.limit + 1)
    .execute();
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? encodeCursor(toCursor(last)) : null };
}
