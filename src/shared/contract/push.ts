import { z } from 'zod';
import { limitSchema } from './pagination';

/** Web Push (issue 27): the key browsers subscribe with, a person's devices, and what pushes to them. */

export const DEVICE_NAME_MAX_LENGTH = 80;
/** Devices one person may have subscribed at once. */
export const PUSH_DEVICES_MAX = 20;

/** The VAPID application server key: an uncompressed P-256 point, base64url. */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = (name: string) =>
  z
    .string({ error: `keys.${name} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, {
      error: `keys.${name} must be base64url, as PushSubscription.toJSON() gives it`,
    })
    .max(200, { error: `keys.${name} is too long to be a push key` });

/** PushSubscription.toJSON() and a name for the device, which the client derives from its user agent. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string({ error: 'endpoint is required: the push service URL of this browser' })
    .max(2000, { error: 'endpoint is too long to be a push service URL' }),
  keys: z.object(
    { p256dh: base64url('p256dh'), auth: base64url('auth') },
    { error: 'keys is required: { p256dh, auth } from PushSubscription.toJSON()' },
  ),
  deviceName: z
    .string({ error: 'deviceName is required' })
    .trim()
    .min(1, { error: 'deviceName must not be empty' })
    .max(DEVICE_NAME_MAX_LENGTH, {
      error: `deviceName must be at most ${DEVICE_NAME_MAX_LENGTH} characters`,
    }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionSchema = z.object({
  id: z.string(),
  deviceName: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

export const pushDeviceSchema = pushSubscriptionSchema.extend({ lastDeliveredAt: z.string().nullable() });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/**
 * Not a list in the README's sense (a JSON array with a Link header): the page is `{ items, nextCursor }`, at most
 * as many as a person may have, so one page is all of them unless a smaller `limit` is asked for.
 */
export const pushDevicesQuerySchema = z.object({
  limit: limitSchema(PUSH_DEVICES_MAX, PUSH_DEVICES_MAX).optional(),
  cursor: z.string().max(200).optional(),
});

export const pushDevicesPageSchema = z.object({
  items: z.array(pushDeviceSchema),
  nextCursor: z.string().nullable(),
});
export type PushDevicesPage = z.infer<typeof pushDevicesPageSchema>;

export const pushSubscriptionIdParamsSchema = z.object({ id: z.string().max(100) });

export const pushPreferencesSchema = z.object({
  messages: z.boolean(),
  replies: z.boolean(),
  followers: z.boolean(),
  likes: z.boolean(),
  newPosts: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  messages: true,
  replies: true,
  followers: true,
  likes: true,
  newPosts: false,
};

export const pushPreferencesPatchSchema = pushPreferencesSchema.partial().strict();
export type PushPreferencesPatch = z.infer<typeof pushPreferencesPatchSchema>;

export const PUSH_KINDS = ['message', 'publishRequest', 'reply', 'follower', 'like', 'newPost'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * What a push carries (JSON, encrypted aes128gcm to the subscription): only what the notification shows. `url` is an
 * app path to open on a click; `tag` groups notifications (a post's likes share `like:{postId}`).
 */
export const pushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
