import { sql } from 'kysely';
import type { Db } from '../database';

export interface StoredListening {
  positionSeconds: number;
  heard: boolean;
}

/** Keeps where `userId` stands in `postId`; a post once heard to the end stays heard. */
export async function saveListeningPosition(
  db: Db,
  row: { userId: string; postId: string; positionSeconds: number; heard: boolean; at: string },
): Promise<StoredListening> {
  const saved = await db
    .insertInto('listening_positions')
    .values({
      user_id: row.userId,
      post_id: row.postId,
      position_seconds: row.positionSeconds,
      heard: row.heard ? 1 : 0,
      updated_at: row.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'post_id']).doUpdateSet({
        position_seconds: row.positionSeconds,
        heard: sql<number>`case when excluded.heard = 1 then 1 else listening_positions.heard end`,
        updated_at: row.at,
      }),
    )
    .returning(['position_seconds', 'heard'])
    .executeTakeFirstOrThrow();
  return { positionSeconds: saved.position_seconds, heard: saved.heard === 1 };
}
