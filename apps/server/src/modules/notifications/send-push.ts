import { createHash } from 'node:crypto';
import https from 'node:https';
import { LIMITS, type TPushPayload, ZPushPayload } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { z } from 'zod';
import { notificationPreferences, profiles, pushSubscriptions } from '../../db/schema';
import type { Config } from '../../platform/config';
import type { AppContext } from '../../platform/context';
import { defineEffect } from '../outbox';
import { readPreferences, storedPreferencesColumn } from './email-preferences';
import { pushSetup } from './push-keys';

/** The outbox kind of a push (decision 0031); flows/effects.ts hands it to `sendPush`. */
export const PUSH_EFFECT = 'push';

export interface PushEffectPayload {
  userId: string;
  push: TPushPayload;
}

/** The push's registry definition (decision 0039): its payload checked on claim. */
export const pushDefinition = defineEffect(PUSH_EFFECT, z.object({ userId: z.string().min(1), push: ZPushPayload }));

/**
 * A push to one user as an outbox effect (issue 26), written in the transaction of the change it tells
 * of and sent once that has committed. `key` names the event once and for all (`reply:<message>`): the
 * same event never pushes twice. The body is what the in-app notification shows, cut as it is cut.
 */
export function pushEffect(key: string, userId: string, push: TPushPayload) {
  return pushDefinition.make(`push:${key}`, { userId, push: { ...push, body: pushBody(push.body) } });
}

/** spec §3: a notification's body is cut to 100 characters, the last one an ellipsis; a push's too. */
export function pushBody(text: string): string {
  const max = LIMITS.notificationBody.max;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A push service must answer within this; otherwise the outbox tries again later. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a browser that is offline (its deadline reminders are hours apart). */
const TTL_SECONDS = 12 * 3600;

const agents = new WeakMap<Config, https.Agent>();

function agentFor(config: Config): https.Agent | undefined {
  if (!config.push.trustedCa) return undefined;
  let agent = agents.get(config);
  if (!agent) {
    agent = new https.Agent({ ca: config.push.trustedCa, keepAlive: true });
    agents.set(config, agent);
  }
  return agent;
}

/**
 * Sends one push to every browser the user subscribed, when their `push` preference is on (issue 26).
 * A 404 or 410 from the push service means the subscription is gone: its row is removed. Any other
 * failure throws after the others were tried, so the outbox retries (a browser that already got it may
 * get it again then; the same `tag` makes it replace the first, not stack). Returns how many went out.
 */
export async function sendPush(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>,
  opts: PushEffectPayload,
): Promise<{ sent: number; removed: number }> {
  const setup = pushSetup(ctx.config);
  if (!setup.keys) return { sent: 0, removed: 0 };
  const [user] = await ctx.db
    .select({ preferences: storedPreferencesColumn })
    .from(profiles)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, profiles.id))
    .where(eq(profiles.id, opts.userId));
  if (!user || !readPreferences(user.preferences).push) return { sent: 0, removed: 0 };
  const subscriptions = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, opts.userId));
  const body = JSON.stringify(opts.push);
  let sent = 0;
  let removed = 0;
  let failed: number | string | null = null;
  for (const subscription of subscriptions) {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        body,
        {
          vapidDetails: setup.keys,
          TTL: TTL_SECONDS,
          urgency: 'high',
          topic: topicOf(opts.push.tag),
          timeout: SEND_TIMEOUT_MS,
          agent: agentFor(ctx.config),
        },
      );
      sent++;
      await ctx.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: ctx.clock.now() })
        .where(eq(pushSubscriptions.id, subscription.id));
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        removed++;
        await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        continue;
      }
      // Never the endpoint (a capability URL) or the payload in the log.
      failed = status ?? ((error as NodeJS.ErrnoException).code || 'network');
      ctx.log.warn({ userId: opts.userId, status: failed }, 'a push service refused a push; the outbox will retry');
    }
  }
  if (failed !== null) {
    throw Object.assign(new Error(`a push service answered ${failed}`), { code: `PUSH_${failed}` });
  }
  return { sent, removed };
}

/** RFC 8030 Topic (at most 32 base64url characters), from the tag: a newer push of it replaces an undelivered one. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
