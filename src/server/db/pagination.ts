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

function encodeCursor(parts: (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

const INVALID_CURSOR = 'That page cursor is not valid. Start again from the first page.';

function decodeCursorParts(raw: string): unknown[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value)) return value;
  } catch {
    // fall through to the same answer as a well-formed but wrong cursor
  }
  throw new BadRequestError(INVALID_CURSOR);
}

export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined) return undefined;
  const parts = decodeCursorParts(raw);
  if (parts.length === 2 && parts.every((part) => typeof part === 'string')) {
    return { createdAt: parts[0] as string, id: parts[1] as string };
  }
  throw new BadRequestError(INVALID_CURSOR);
}

export const byCreation = (row: { created_at: string; id: string }): Cursor => ({
  createdAt: row.created_at,
  id: row.id,
});

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

type KeysetColumns<DB, TB extends keyof DB> = {
  createdAt: StringReference<DB, TB> & string;
  id: StringReference<DB, TB> & string;
};

/** `query` from just after `after` in descending order of two columns an index covers, one row more than a page. */
function descendingAfter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  [first, second]: [StringReference<DB, TB> & string, StringReference<DB, TB> & string],
  after: [unknown, string] | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const filtered = after
    ? query.where(sql<boolean>`(${sql.ref(first)}, ${sql.ref(second)}) < (${after[0]}, ${after[1]})`)
    : query;
  return filtered
    .orderBy(first, 'desc')
    .orderBy(second, 'desc')
    .limit(limit + 1);
}

/** The page of `rows` (one more than `limit` when another page follows), and the cursor after its last row. */
function pageOf<O>(rows: O[], limit: number, cursorOf: (row: O) => (string | number)[]): Page<O> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  if (rows.length <= limit || !last) return { items, nextCursor: null };
  return { items, nextCursor: encodeCursor(cursorOf(last)) };
}

/**
 * `query` from just after the cursor, newest first by (createdAt, id) columns that an index covers, one row more
 * than a page (which tells whether another page follows).
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: KeysetColumns<DB, TB>,
  page: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  return newestFirstAfter(query, columns, decodeCursor(page.cursor), page.limit);
}

/** `query` from just after `after`, newest first by (createdAt, id) columns that an index covers, `limit` + 1 rows. */
export function newestFirstAfter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: KeysetColumns<DB, TB>,
  after: Cursor | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  return descendingAfter(query, [columns.createdAt, columns.id], after && [after.createdAt, after.id], limit);
}

/**
 * One page of `query`, newest first by (createdAt, id) columns that an index covers, starting after the cursor.
 * `toCursor` names the row's values for those columns when they are not `created_at` and `id`.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: KeysetColumns<DB, TB>,
  page: PageRequest,
  toCursor: (row: O) => Cursor,
): Promise<Page<O>> {
  return newestPageOf(await newestFirst(query, columns, page).execute(), page.limit, toCursor);
}

/** The page of newest-first `rows` (one more than `limit` when another page follows), and its next cursor. */
export function newestPageOf<O>(rows: O[], limit: number, toCursor: (row: O) => Cursor): Page<O> {
  return pageOf(rows, limit, (row) => {
    const cursor = toCursor(row);
    return [cursor.createdAt, cursor.id];
  });
}

/** Position after the last item of a page ordered by a score, highest first, then by id. */
export interface ScoreCursor {
  score: number;
  id: string;
}

function decodeScoreCursor(raw: string | undefined): ScoreCursor | undefined {
  if (raw === undefined) return undefined;
  const [score, id, ...rest] = decodeCursorParts(raw);
  if (rest.length === 0 && typeof score === 'number' && Number.isFinite(score) && typeof id === 'string') {
    return { score, id };
  }
  throw new BadRequestError(INVALID_CURSOR);
}

/**
 * One page of `query`, highest score first, then highest id, by columns an index covers, starting after the
 * cursor. A score that changes between two pages moves its row across the cursor, so that row may be shown twice
 * or not at all: fine for a list that is a moving picture anyway (trending), not for one a person works through.
 */
export async function highestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { score: StringReference<DB, TB> & string; id: StringReference<DB, TB> & string },
  page: PageRequest,
  toCursor: (row: O) => ScoreCursor,
): Promise<Page<O>> {
  const after = decodeScoreCursor(page.cursor);
  const rows = await descendingAfter(
    query,
    [columns.score, columns.id],
    after && [after.score, after.id],
    page.limit,
  ).execute();
  return pageOf(rows, page.limit, (row) => {
    const cursor = toCursor(row);
    return [cursor.score, cursor.id];
  });
}

/**
 * One page of a ranked `query` (its order already given), `page.limit` rows from the cursor's offset, never past
 * `maxRows`. For relevance-ranked results, where a keyset cursor would not hold: a score depends on every other
 * row (bm25 and ts_rank weigh each word by how rare it is), so a write between two pages moves rows across any
 * (score, created_at, id) position, and a keyset would skip or repeat them as surely as an offset does. Ranking
 * reads every match anyway, so an offset costs no more; `maxRows` bounds how deep anyone can page.
 */
export async function boundedOffsetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
  maxRows: number,
): Promise<Page<O>> {
  const offset = decodeOffset(page.cursor);
  const limit = Math.min(page.limit, maxRows - offset);
  if (limit <= 0) return { items: [], nextCursor: null };
  const rows = await query
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const items = rows.slice(0, limit);
  const next = offset + limit;
  return { items, nextCursor: rows.length > limit && next < maxRows ? encodeCursor([next]) : null };
}

function decodeOffset(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const [offset, ...rest] = decodeCursorParts(raw);
  if (rest.length === 0 && Number.isSafeInteger(offset) && (offset as number) >= 0) return offset as number;
  throw new BadRequestError(INVALID_CURSOR);
}
