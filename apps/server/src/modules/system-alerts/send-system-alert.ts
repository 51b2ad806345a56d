import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { adminUsers, systemAlertsSent, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { renderMail, systemAlertMail } from '../../platform/mail';
import { defineEffect, enqueueEffects } from '../outbox';
import { readSettings } from '../settings';

export type SystemAlertKind = 'provider_failure' | 'payout_failure' | 'stuck_payment' | 'dead_effect' | 'refund_failed';

/** One alert: what it is about (kind and target, claimed once) and what the admins' mail says. */
export interface SystemAlert {
  kind: SystemAlertKind;
  targetId: string;
  subject: string;
  lines: string[];
}

/**
 * Mails every active admin about something only a person can fix (issue #12, setting system_alerts):
 * a payment provider that keeps failing, a payment left stuck, an outbox row that died. At most once
 * per kind and target: the unique key of system_alerts_sent is claimed first, so a reconciler failing
 * on every pass, or several instances at once, send one alert. The claim and one `system-alert`
 * outbox row per active admin are written in one transaction (decision 0039), so a mail that fails is
 * retried instead of lost with the claim. With the setting off nothing is claimed or sent, so a
 * problem still open when alerts are switched back on is reported then. Never throws: the money path
 * that noticed the problem goes on; a failure here is only logged. Returns whether the alert was
 * written for at least one admin.
 */
/** What sending an alert touches. */
export type AlertContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'outbox'>;

/** One admin's alert mail (decision 0039): the admin is named by id, their address read when it is sent. */
export const systemAlertDefinition = defineEffect(
  'system-alert',
  z.object({
    adminId: z.string().min(1),
    alertKind: z.enum(['provider_failure', 'payout_failure', 'stuck_payment', 'dead_effect', 'refund_failed']),
    subject: z.string(),
    lines: z.array(z.string()),
  }),
);

export async function sendSystemAlert(app: AlertContext, alert: SystemAlert): Promise<boolean> {
  try {
    const { system_alerts: enabled } = await readSettings(app.db, ['system_alerts']);
    if (!enabled) return false;
    const now = app.clock.now();
    const keys = await app.db.transaction((tx) => writeAlert(tx, alert, now));
    if (keys.length === 0) return false;
    await app.outbox.carryOut(keys);
    return true;
  } catch (error) {
    app.log.error({ err: error, alertKind: alert.kind, targetId: alert.targetId }, 'could not send a system alert');
    return false;
  }
}

/**
 * sendSystemAlert inside the caller's transaction (decision 0070): the claim and the admins' mails
 * commit with the change that noticed the problem (a refund booked as failed, say), so no crash between
 * that commit and the alert's own can lose the alert; a change that rolls back leaves no claim behind.
 * Once per kind and target as before. Returns the keys of the mails to carry out once the caller has
 * committed (`ctx.outbox.carryOut`): none when alerts are off or this one was sent before. Never fails
 * the caller: the alert is written under a savepoint, and a failure rolls back only that and is logged.
 */
export async function enqueueSystemAlert(
  tx: Db,
  alert: SystemAlert,
  opts: { now: Date; log: AppContext['log'] },
): Promise<string[]> {
  try {
    return await tx.transaction(async (savepoint) => {
      const { system_alerts: enabled } = await readSettings(savepoint, ['system_alerts']);
      return enabled ? writeAlert(savepoint, alert, opts.now) : [];
    });
  } catch (error) {
    opts.log.error({ err: error, alertKind: alert.kind, targetId: alert.targetId }, 'could not write a system alert');
    return [];
  }
}

/** Claims the alert, then writes one mail per active admin to the outbox; the keys written (none: claimed before). */
async function writeAlert(tx: Db, alert: SystemAlert, now: Date): Promise<string[]> {
  const [claimed] = await tx
    .insert(systemAlertsSent)
    .values({ kind: alert.kind, targetId: alert.targetId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: systemAlertsSent.id });
  if (!claimed) return [];
  const admins = await tx
    .select({ id: adminUsers.userId })
    .from(adminUsers)
    .where(and(eq(adminUsers.isActive, true)));
  const mails = admins.map((admin) =>
    systemAlertDefinition.make(`system-alert:${claimed.id}:${admin.id}`, {
      adminId: admin.id,
      alertKind: alert.kind,
      subject: alert.subject,
      lines: alert.lines,
    }),
  );
  return enqueueEffects(tx, mails, now);
}

/**
 * The system-alert effect's handler: the mail to one admin, if they are still an active admin. Throws
 * when the mail fails, so the outbox retries it.
 */
export async function mailSystemAlert(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  payload: { adminId: string; alertKind: SystemAlertKind; subject: string; lines: string[] },
): Promise<void> {
  const [admin] = await ctx.db
    .select({ email: users.email })
    .from(adminUsers)
    .innerJoin(users, eq(users.id, adminUsers.userId))
    .where(and(eq(adminUsers.userId, payload.adminId), eq(adminUsers.isActive, true)));
  if (!admin?.email) return;
  // No unsubscribe link: an alert is for whoever runs the platform, and the switch is the setting
  // system_alerts (named in the footer), not one reader's preference (decision 0030).
  const { publicUrl } = ctx.config;
  const content = systemAlertMail({
    subject: payload.subject,
    lines: payload.lines,
    link: payload.alertKind === 'dead_effect' ? `${publicUrl}/admin/stuck-jobs` : `${publicUrl}/admin/transactions`,
  });
  const rendered = await renderMail(content, { publicUrl });
  await ctx.mailer.send({ kind: 'system-alert', to: admin.email, ...rendered });
}

/** A provider call for a payment failed (capture, release, refund or reading a checkout). */
export function alertProviderFailure(
  app: AlertContext,
  failure: { paymentId: string; action: string; error: unknown },
): Promise<boolean> {
  return sendSystemAlert(app, {
    kind: 'provider_failure',
    targetId: failure.paymentId,
    subject: `payment provider failed to ${failure.action} a payment`,
    lines: [
      `The payment provider failed to ${failure.action} payment ${failure.paymentId}.`,
      `Error: ${describe(failure.error)}`,
      'The reconciler keeps retrying; this alert is sent once per payment.',
    ],
  });
}

/** A payout transfer the provider has not confirmed (the payout reconciler keeps asking). */
export function alertPayoutFailure(app: AlertContext, failure: { payoutId: string; error: unknown }): Promise<boolean> {
  return sendSystemAlert(app, {
    kind: 'payout_failure',
    targetId: failure.payoutId,
    subject: 'payment provider failed a payout transfer',
    lines: [
      `The payment provider failed the transfer of payout ${failure.payoutId}.`,
      `Error: ${describe(failure.error)}`,
      'The payout reconciler keeps retrying; this alert is sent once per payout.',
    ],
  });
}

/**
 * The provider refused a payout's transfer or payout because its idempotency key was used before with
 * other parameters (decision 0049): retrying cannot help and the code that made the key needs a look.
 * The payout is failed (the money back in the balance, or left on the connected account for a retry).
 */
export function alertIdempotencyConflict(
  app: AlertContext,
  failure: { payoutId: string; error: unknown },
): Promise<boolean> {
  return sendSystemAlert(app, {
    kind: 'payout_failure',
    targetId: `${failure.payoutId}:idempotency`,
    subject: 'payment provider refused a reused idempotency key for a payout',
    lines: [
      `The payment provider refused a request for payout ${failure.payoutId}: its idempotency key was used before with other parameters.`,
      `Error: ${describe(failure.error)}`,
      'The payout was marked failed instead of being retried with the same key; check how the key is made.',
    ],
  });
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}

/**
 * An effect that follows a committed change (decision 0022: a capture, a refund, a mail) failed on
 * every attempt and will not be tried again by itself: a person must look (once per effect).
 */
export function alertDeadEffect(
  app: AlertContext,
  failure: {
    id: number;
    key: string;
    kind: string;
    attempts: number;
    error: unknown;
    /** The chain it holds (decision 0039): its ordering key and how many rows wait behind it. */
    chain: { orderingKey: string | null; waiting: number };
  },
): Promise<boolean> {
  const { chain } = failure;
  const holds =
    chain.waiting > 0
      ? `It holds its chain${chain.orderingKey ? ` ${chain.orderingKey}` : ''}: ${chain.waiting} later step(s) wait behind it and run only once it is retried or dropped.`
      : chain.orderingKey
        ? `It holds its chain ${chain.orderingKey}: later steps of it wait until it is retried or dropped.`
        : 'No other step waits behind it.';
  return sendSystemAlert(app, {
    kind: 'dead_effect',
    targetId: failure.key,
    subject: `an after-commit step (${failure.kind}) failed ${failure.attempts} times`,
    lines: [
      `The step ${failure.key} (outbox row ${failure.id}) failed ${failure.attempts} times and is no longer retried.`,
      `Error: ${describe(failure.error)}`,
      holds,
      `Its change stands; the outbox row is marked dead until someone retries or drops it (admin Stuck jobs, or npm run outbox -- retry ${failure.id}).`,
    ],
  });
}
