import webpush from 'web-push';
import type { PushConfig } from '../config';
import type { Db } from '../db/database';
import { storedVapidKeys, storeVapidKeysOnce } from '../db/queries/push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The operator's key pair, or the deployment's own: generated at the first start and kept in the database. Two
 * instances starting at once may both generate one; the first stored is the one both use.
 */
export async function loadVapidKeys(db: Db, push: PushConfig): Promise<VapidKeys> {
  if (push.vapidKeys) return push.vapidKeys;
  const stored = await storedVapidKeys(db);
  if (!stored) {
    const generated = webpush.generateVAPIDKeys();
    await storeVapidKeysOnce(db, {
      public_key: generated.publicKey,
      private_key: generated.privateKey,
      created_at: new Date().toISOString(),
    });
  }
  const kept = stored ?? (await storedVapidKeys(db));
  if (!kept) throw new Error('The VAPID key pair could not be stored.');
  return { publicKey: kept.public_key, privateKey: kept.private_key };
}
