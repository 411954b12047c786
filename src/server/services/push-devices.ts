import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_DEVICES_MAX,
  type PushDevicesPage,
  type PushPreferences,
  type PushPreferencesPatch,
  type PushSubscription,
  type PushSubscriptionBody,
} from '@shared/contract/push';
import { authorize, notFound } from '../access/guard';
import { actorOf } from '../access/policy';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import type { PageRequest } from '../db/pagination';
import { lockUser } from '../db/queries/account-data';
import {
  countSubscriptions,
  deleteSubscription,
  findPreferences,
  findSubscription,
  findSubscriptionByEndpoint,
  insertSubscription,
  listSubscriptions,
  renewSubscription,
  savePreferences,
} from '../db/queries/push';
import { retryWhen } from '../db/retry';
import type { PushSubscriptionRow } from '../db/schema';
import { BadRequestError, ConflictError } from '../errors';
import { newId } from '../ids';
import type { PushEndpoints } from './push-endpoints';

/** A person's devices that get pushes, and what pushes to them (issue 27). */
export interface PushDevices {
  /** `created` is false when this person had subscribed this browser before: its keys and name are renewed. */
  subscribe(
    userId: string,
    body: PushSubscriptionBody,
  ): Promise<{ device: PushSubscription; created: boolean }>;
  list(userId: string, page: PageRequest): Promise<PushDevicesPage>;
  remove(userId: string, id: string): Promise<void>;
  preferences(userId: string): Promise<PushPreferences>;
  updatePreferences(userId: string, patch: PushPreferencesPatch): Promise<PushPreferences>;
}

/** The byte lengths RFC 8291 gives the browser's keys: an uncompressed P-256 point and a 16-byte auth secret. */
function refuseMalformedKeys(keys: PushSubscriptionBody['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04) {
    throw new BadRequestError('keys.p256dh must be the browser’s P-256 public key (65 bytes, base64url).');
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw new BadRequestError('keys.auth must be the browser’s 16-byte auth secret (base64url).');
  }
}

const deviceOf = (row: PushSubscriptionRow): PushSubscription => ({
  id: row.id,
  deviceName: row.device_name,
  endpoint: row.endpoint,
  createdAt: row.created_at,
});

export async function preferencesOf(db: Db, userId: string): Promise<PushPreferences> {
  const row = await findPreferences(db, userId);
  if (!row) return DEFAULT_PUSH_PREFERENCES;
  return {
    messages: row.messages === 1,
    replies: row.replies === 1,
    followers: row.followers === 1,
    likes: row.likes === 1,
    newPosts: row.new_posts === 1,
  };
}

export function createPushDevices(db: Db, endpoints: PushEndpoints): PushDevices {
  async function subscribeOnce(userId: string, body: PushSubscriptionBody) {
    return db.transaction().execute(async (trx) => {
      // One subscribe at a time for a person, so browsers subscribing at once cannot count past the cap together.
      await lockUser(trx, userId);
      const existing = await findSubscriptionByEndpoint(trx, body.endpoint);
      const fields = { p256dh: body.keys.p256dh, auth: body.keys.auth, device_name: body.deviceName };
      if (existing?.user_id === userId) {
        await renewSubscription(trx, existing.id, fields);
        return { device: deviceOf({ ...existing, ...fields }), created: false };
      }
      // Someone else signed in on this browser now: it pushes to them alone.
      if (existing) await deleteSubscription(trx, existing.id);
      if ((await countSubscriptions(trx, userId, PUSH_DEVICES_MAX)) >= PUSH_DEVICES_MAX) {
        throw new ConflictError(
          `You get notifications on ${PUSH_DEVICES_MAX} devices already. Remove one in Settings, then turn them on here.`,
        );
      }
      const row: PushSubscriptionRow = {
        id: newId(),
        user_id: userId,
        endpoint: body.endpoint,
        ...fields,
        created_at: new Date().toISOString(),
        last_delivered_at: null,
      };
      await insertSubscription(trx, row);
      return { device: deviceOf(row), created: true };
    });
  }

  return {
    async subscribe(userId, body) {
      refuseMalformedKeys(body.keys);
      const refusal = await endpoints.refusal(body.endpoint);
      if (refusal) throw new BadRequestError(refusal);
      // The same browser subscribed at once by another request (another person's, maybe): the one that stored it
      // won, and this one takes it over or renews it when it runs again.
      return retryWhen(isUniqueViolation, () => subscribeOnce(userId, body));
    },

    async list(userId, page) {
      const rows = await listSubscriptions(db, userId, page);
      return {
        items: rows.items.map((row) => ({ ...deviceOf(row), lastDeliveredAt: row.last_delivered_at })),
        nextCursor: rows.nextCursor,
      };
    },

    async remove(userId, id) {
      const row = await findSubscription(db, id);
      if (!row) throw notFound('push-subscription');
      authorize(actorOf(userId), 'delete', { kind: 'push-subscription', ownerId: row.user_id });
      await deleteSubscription(db, row.id);
    },

    preferences: (userId) => preferencesOf(db, userId),

    async updatePreferences(userId, patch) {
      const next = { ...(await preferencesOf(db, userId)), ...patch };
      await savePreferences(db, {
        user_id: userId,
        messages: next.messages ? 1 : 0,
        replies: next.replies ? 1 : 0,
        followers: next.followers ? 1 : 0,
        likes: next.likes ? 1 : 0,
        new_posts: next.newPosts ? 1 : 0,
        updated_at: new Date().toISOString(),
      });
      return next;
    },
  };
}
