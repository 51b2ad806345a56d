import { z } from 'zod';
import { ZTimestamp } from './common';
import { EMAIL_KINDS, type TEmailKind } from './email-kinds';

// modules/notifications: in-app notifications, notification preferences and the kinds of email.

export { EMAIL_KINDS, type TEmailKind } from './email-kinds';

export const ZEmailKind = z.enum(EMAIL_KINDS);

const switches = Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, z.boolean()])) as {
  [K in TEmailKind]: z.ZodBoolean;
};

/** One switch per kind; all of them only matter while the master `email` switch is on. */
export const ZEmailKindSwitches = z.object(switches);

export type TEmailKindSwitches = z.infer<typeof ZEmailKindSwitches>;

/** Hours left on an open paid message at which its creator is reminded (issue #13), longest first. */
export const REMINDER_THRESHOLDS_HOURS = [12, 4, 1] as const;

/**
 * spec §3 Notification preferences (email on, push on), stored on the server; since issue #13 also one
 * switch per kind of email (`emailKinds`, each on unless turned off). `reminders` (issue #13): the
 * creator's deadline reminders (REMINDER_THRESHOLDS_HOURS); on unless turned off. `push` (issue 26):
 * Web Push to the browsers the user subscribed. The spec's "marketing" switch is gone (decision 0031):
 * Fanline sends no marketing, so a switch for it promised nothing; an older client's `marketing` is
 * accepted and ignored.
 */
export const ZNotificationPreferences = z.object({
  email: z.boolean(),
  push: z.boolean(),
  emailKinds: ZEmailKindSwitches,
  reminders: z.boolean().default(true),
});

export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** What PUT accepts: kinds left out keep their stored value. */
export const ZNotificationPreferencesUpdate = ZNotificationPreferences.extend({
  emailKinds: ZEmailKindSwitches.partial().strict().optional(),
  /** Left out by a client that does not show it (the fan's /profile): the stored value stays. */
  reminders: z.boolean().optional(),
});

export type TNotificationPreferencesUpdate = z.infer<typeof ZNotificationPreferencesUpdate>;

export const ZNotification = z.object({
  id: z.uuid(),
  type: z.enum([
    'new_message',
    'message_response',
    'message_refunded',
    'report_reviewed',
    'message_reminder',
    'message_declined',
    'reply_flagged',
  ]),
  title: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  relatedEntityId: z.uuid().nullable(),
  relatedEntityType: z.string().nullable(),
  createdAt: ZTimestamp,
});

export type TNotification = z.input<typeof ZNotification>;

export const ZNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
});

export type TNotificationsResponse = z.input<typeof ZNotificationsResponse>;

/** Issue 26: the server's VAPID public key (base64url), or null when this server sends no pushes. */
export const ZPushPublicKey = z.object({ publicKey: z.string().nullable() });

export type TPushPublicKey = z.infer<typeof ZPushPublicKey>;

/** A push service's address: https, at most 1,000 characters (browsers' are under 300). */
export const ZPushEndpoint = z.url({ protocol: /^https?$/ }).max(1000);

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it (issue 26). The keys are base64url:
 * p256dh a 65-byte P-256 point (87 characters), auth 16 bytes (22 characters).
 */
export const ZPushSubscribeRequest = z
  .object({
    endpoint: ZPushEndpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'must be a base64url P-256 public key'),
        auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'must be a base64url auth secret'),
      })
      .strict(),
  })
  .strict();

export type TPushSubscribeRequest = z.infer<typeof ZPushSubscribeRequest>;

export const ZPushUnsubscribeRequest = z.object({ endpoint: ZPushEndpoint }).strict();

/**
 * What a push carries to the service worker (issue 26): nothing beyond what the in-app notification
 * shows. `url` is a path on this site the click opens; `tag` lets a newer push replace an older one.
 */
export const ZPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string(),
});

export type TPushPayload = z.infer<typeof ZPushPayload>;
