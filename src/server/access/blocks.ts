import type { Db } from '../db/database';
import { blockedEitherWay } from '../db/queries/safety';

/**
 * The block facts the policy weighs for `userId` acting on what `others` made: those of them across a block from
 * `userId`, whichever of the two blocked. (A small piece for `access-root` to fold into its block rule.)
 */
export function peopleAcrossBlockFrom(db: Db, userId: string, others: string[]): Promise<Set<string>> {
  return blockedEitherWay(
    db,
    userId,
    others.filter((id) => id !== userId),
  );
}
