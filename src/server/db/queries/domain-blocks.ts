import type { Db } from '../database';
import { newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { DomainBlocksTable } from '../schema';

export type DomainBlockRow = DomainBlocksTable;

/** Blocks newest first, keyset-paginated on (created_at, domain). */
export async function listDomainBlocks(db: Db, page: PageRequest): Promise<Page<DomainBlockRow>> {
  return newestFirstPage(
    db.selectFrom('domain_blocks').selectAll(),
    { createdAt: 'domain_blocks.created_at', id: 'domain_blocks.domain' },
    page,
    (row) => ({ createdAt: row.created_at, id: row.domain }),
  );
}

/** Adds the block, or gives the one already there (its first reason stays). */
export async function addDomainBlock(db: Db, block: DomainBlockRow): Promise<DomainBlockRow> {
  await db
    .insertInto('domain_blocks')
    .values(block)
    .onConflict((conflict) => conflict.column('domain').doNothing())
    .execute();
  return db
    .selectFrom('domain_blocks')
    .selectAll()
    .where('domain', '=', block.domain)
    .executeTakeFirstOrThrow();
}

export async function removeDomainBlock(db: Db, domain: string): Promise<boolean> {
  const result = await db.deleteFrom('domain_blocks').where('domain', '=', domain).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The first of `domains` that is blocked, if any (a host and the domains above it). */
export async function blockedDomainAmong(db: Db, domains: readonly string[]): Promise<string | undefined> {
  if (domains.length === 0) return undefined;
  const row = await db
    .selectFrom('domain_blocks')
    .select('domain')
    .where('domain', 'in', domains)
    .limit(1)
    .executeTakeFirst();
  return row?.domain;
}

/** Remote actors, a batch at a time in id order after `after`: to find those under a newly blocked domain. */
export function remoteActorsAfter(db: Db, after: string, limit: number) {
  return db
    .selectFrom('remote_actors')
    .select(['id', 'uri'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Ends every follow of ours by these remote actors. */
export async function removeFollowsBy(db: Db, actorIds: readonly string[]): Promise<void> {
  if (actorIds.length === 0) return;
  await db.deleteFrom('remote_follows').where('remote_actor_id', 'in', actorIds).execute();
}
