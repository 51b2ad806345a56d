import { and, eq } from 'drizzle-orm';
import { adminUsers, systemAlertsSent, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { renderMail, systemAlertMail } from '../../platform/mail';
import { readSettings } from '../settings';

export type SystemAlertKind = 'provider_failure' | 'payout_failure' | 'stuck_payment' | 'dead_effect';

/**
 * Mails every active admin about something only a person can fix (issue #12, setting system_alerts):
 * a payment provider that keeps failing, or a payment left stuck. At most once per kind and target:
 * the unique key of system_alerts_sent is claimed first, so a reconciler failing on every pass, or
 * several instances at once, send one alert. With the setting off nothing is claimed or sent, so
 * a problem still open when alerts are switched back on is reported then. Never throws: the money
 * path that noticed the problem goes on; a failure here is only logged. Returns whether it mailed.
 */
/** What sending an alert touches. */
export type AlertContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log'>;

export async function sendSystemAlert(
  app: AlertContext,
  alert: { kind: SystemAlertKind; targetId: string; subject: string; lines: string[] },
): Promise<boolean> {
  try {
    const { system_alerts: enabled } = await readSettings(app.db, ['system_alerts']);
    if (!enabled) return false;
    const [claimed] = await app.db
      .insert(systemAlertsSent)
      .values({ kind: alert.kind, targetId: alert.targetId, createdAt: app.clock.now() })
      .onConflictDoNothing()
      .returning({ id: systemAlertsSent.id });
    if (!claimed) return false;
    const admins = await app.db
      .select({ email: users.email })
      .from(adminUsers)
      .innerJoin(users, eq(users.id, adminUsers.userId))
      .where(and(eq(adminUsers.isActive, true)));
    // No unsubscribe link: an alert is for whoever runs the platform, and the switch is the setting
    // system_alerts (named in the footer), not one reader's preference (decision 0030).
    const { publicUrl } = app.config;
    const content = systemAlertMail({
      subject: alert.subject,
      lines: alert.lines,
      link: `${publicUrl}/admin/transactions`,
    });
    const rendered = await renderMail(content, { publicUrl });
    for (const { email } of admins) {
      try {
        await app.mailer.send({ kind: 'system-alert', to: email, ...rendered });
      } catch (error) {
        app.log.error({ err: error, alertKind: alert.kind }, 'could not mail a system alert to an admin');
      }
    }
    return admins.length > 0;
  } catch (error) {
    app.log.error({ err: error, alertKind: alert.kind, targetId: alert.targetId }, 'could not send a system alert');
    return false;
  }
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
  failure: { key: string; kind: string; attempts: number; error: unknown },
): Promise<boolean> {
  return sendSystemAlert(app, {
    kind: 'dead_effect',
    targetId: failure.key,
    subject: `an after-commit step (${failure.kind}) failed ${failure.attempts} times`,
    lines: [
      `The step ${failure.key} failed ${failure.attempts} times and is no longer retried.`,
      `Error: ${describe(failure.error)}`,
      'Its change stands; the outbox row is marked dead until someone deals with it.',
    ],
  });
}
