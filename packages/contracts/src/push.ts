import { z } from 'zod';

/**
 * Web push (the installed app's notifications), with the player's consent.
 *   GET    /api/app/push/key        -> envelope of `pushKey`: the VAPID public key (null: push is off here)
 *   POST   /api/app/push/subscribe  body `pushSubscribeRequest` -> envelope of `pushSubscribed`
 *          the browser's PushSubscription (its toJSON()); stored for the signed-in player with the
 *          request's `lang` (the notifications' language). Posting it again refreshes it; a browser
 *          subscribed by another player moves to this one (one browser, the one signed in).
 *   DELETE /api/app/push/subscribe  body `pushUnsubscribeRequest` -> envelope of `pushUnsubscribed`
 *          removes it only from the signed-in player's own subscriptions.
 * subscribe and unsubscribe need `Authorization`.
 * The notification payload the service worker receives is `pushPayload` (title and body translated).
 */
export const PUSH_PATH = '/api/app/push';

/** base64url without padding (the browser's encoding of the keys). */
const base64url = (min: number, max: number) =>
  z
    .string({ error: 'pushSubscriptionInvalid' })
    .regex(/^[A-Za-z0-9_-]+$/, 'pushSubscriptionInvalid')
    .min(min, 'pushSubscriptionInvalid')
    .max(max, 'pushSubscriptionInvalid');

const endpoint = z
  .string({ error: 'pushSubscriptionInvalid' })
  .max(1024, 'pushSubscriptionInvalid')
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'pushSubscriptionInvalid');

export const pushSubscribeRequest = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** The browser's P-256 public key, 65 bytes uncompressed (87 characters). */
      p256dh: base64url(80, 100),
      /** The 16-byte authentication secret (22 characters). */
      auth: base64url(16, 32),
    },
    { error: 'pushSubscriptionInvalid' },
  ),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequest>;

export const pushUnsubscribeRequest = z.object({ endpoint });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequest>;

export const pushKey = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKey>;

export const pushSubscribed = z.object({ subscribed: z.literal(true) });
export const pushUnsubscribed = z.object({ removed: z.boolean() });

export const PUSH_KINDS = ['depositCredited', 'withdrawalPaid'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What the service worker shows. */
export const pushPayload = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  /** The app's path opened by a tap. */
  url: z.string(),
  /** Same tag: a newer notification replaces the older one of that order. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
