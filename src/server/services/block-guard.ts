import type { Db } from '../db/database';
import { anyBlockBetween } from '../db/queries/safety';
import { ForbiddenError } from '../errors';

/** The same words whichever of the two blocked the other, so the refusal never says who did. */
export const BLOCKED_MESSAGE = "You can't do that for this person.";

/** 403 when `userId` blocks any of `others` or is blocked by one of them (following, starting a chat, adding). */
export async function refuseIfBlocked(db: Db, userId: string, others: string[]): Promise<void> {
  if (await anyBlockBetween(db, userId, others)) throw new ForbiddenError(BLOCKED_MESSAGE);
}
