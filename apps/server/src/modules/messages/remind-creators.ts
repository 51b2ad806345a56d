import { REMINDER_THRESHOLDS_HOURS } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { reminderMail } from '../../platform/mail';
import { createNotification, mailUser, pushEffect, remindersWanted } from '../notifications';
import { defineEffect, enqueueEffects } from '../outbox';
import { isOpenSql } from './queries';

const THRESHOLDS = sql.join(
  REMINDER_THRESHOLDS_HOURS.map((hours) => sql`${hours}::int`),
  sql`, `,
);
const LONGEST_HOURS = Math.max(...REMINDER_THRESHOLDS_HOURS);

/**
 * The reminder mail as an outbox effect (decision 0039), written with the claim: a crash after the
 * commit no longer loses it, and a failing mail server is retried.
 */
export const reminderMailDefinition = defineEffect(
  'mail-reminder',
  z.object({
    creatorId: z.string().min(1),
    messageId: z.string().min(1),
    thresholdHours: z.number().int().positive(),
    amount: z.number().int(),
  }),
);

interface Claimed {
  messageId: string;
  thresholdHours: number;
  creatorId: string;
  amount: number;
  expiresAt: Date;
}

/**
 * The reminder job: for each open paid message whose time left has crossed a threshold, claims a
 * row (message, threshold) with ON CONFLICT DO NOTHING, and only the instance whose insert landed
 * sends the bell and the mail, so every reminder goes out once however many instances run this.
 *
 * Only the tightest threshold crossed is claimed (a message first seen with 3 hours left gets the
 * 4-hour reminder, not also the 12-hour one), and a threshold longer than the message's own window
 * never fires (a 6-hour window gets no "12 hours left"). The creator's reminders switch gates the
 * bell, the push (an outbox effect written with the claim, issue 26, also gated by their push switch)
 * and the mail; the mail also goes through mailUser (the platform's email setting, the creator's email
 * switch and their "message-reminder" mail switch, an unsubscribe link).
 * Returns how many reminders were claimed.
 */
export async function remindCreators(
  app: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'events' | 'log' | 'outbox'>,
  limit = 200,
): Promise<number> {
  const now = app.clock.now();
  let effectKeys: string[] = [];
  const claimed = await app.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with open as (
        select m.id, m.recipient_id, m.amount, m.expires_at,
          (select min(t.h) from unnest(array[${THRESHOLDS}]) as t(h)
            where m.expires_at <= ${now}::timestamptz + make_interval(hours => t.h)
              and m.expires_at - m.paid_at > make_interval(hours => t.h)) as threshold
        from messages m
        where ${isOpenSql('m', now)}
          and m.expires_at <= ${now}::timestamptz + make_interval(hours => ${LONGEST_HOURS}::int)
      ),
      due as (
        select o.* from open o
        where o.threshold is not null
          and not exists (
            select 1 from message_reminders r where r.message_id = o.id and r.threshold_hours <= o.threshold
          )
        order by o.expires_at
        limit ${limit}
      ),
      claimed as (
        insert into message_reminders (message_id, threshold_hours, sent_at)
        select d.id, d.threshold, ${now}::timestamptz from due d
        on conflict do nothing
        returning message_id, threshold_hours
      )
      select c.message_id, c.threshold_hours, d.recipient_id, d.amount, d.expires_at
      from claimed c join due d on d.id = c.message_id
    `);
    const list = ((result as unknown as { rows?: Record<string, unknown>[] }).rows ?? []).map(
      (r): Claimed => ({
        messageId: String(r.message_id),
        thresholdHours: Number(r.threshold_hours),
        creatorId: String(r.recipient_id),
        amount: Number(r.amount),
        expiresAt: new Date(r.expires_at as string | Date),
      }),
    );
    if (list.length === 0) return [];
    const wanted = await remindersWanted(tx, [...new Set(list.map((c) => c.creatorId))]);
    const out: Array<Claimed & { notificationId: string }> = [];
    const effects = [];
    for (const reminder of list) {
      if (!wanted.has(reminder.creatorId)) continue;
      const title = `${reminderLabel(reminder.thresholdHours)} left to reply`;
      const body = 'Reply before the deadline to earn this message; otherwise the fan gets their money back.';
      const notificationId = await createNotification(tx, {
        userId: reminder.creatorId,
        type: 'message_reminder',
        title,
        body,
        messageId: reminder.messageId,
        now,
      });
      out.push({ ...reminder, notificationId });
      // The push (issue 26) says what the bell says, written with the claim: once per reminder.
      effects.push(
        pushEffect(`reminder:${reminder.messageId}:${reminder.thresholdHours}`, reminder.creatorId, {
          title,
          body,
          url: `/dashboard/messages/${reminder.messageId}`,
          tag: `reminder-${reminder.messageId}`,
        }),
        reminderMailDefinition.make(`mail-reminder:${reminder.messageId}:${reminder.thresholdHours}`, {
          creatorId: reminder.creatorId,
          messageId: reminder.messageId,
          thresholdHours: reminder.thresholdHours,
          amount: reminder.amount,
        }),
      );
    }
    effectKeys = await enqueueEffects(tx, effects, now);
    return out;
  });

  if (claimed.length === 0) return 0;
  for (const reminder of claimed) {
    await app.events.publish([reminder.creatorId], { type: 'notification', notificationId: reminder.notificationId });
  }
  await app.outbox.carryOut(effectKeys);
  return claimed.length;
}

/**
 * The reminder mail's handler: through the one mail gate like every other kind (the platform's email
 * setting, the creator's email switch and their "message-reminder" switch, with an unsubscribe link).
 */
export async function mailReminder(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  payload: { creatorId: string; messageId: string; thresholdHours: number; amount: number },
): Promise<void> {
  await mailUser(ctx, payload.creatorId, 'message-reminder', () =>
    reminderMail({
      label: reminderLabel(payload.thresholdHours),
      amountCents: payload.amount,
      link: `${ctx.config.publicUrl}/dashboard/messages/${payload.messageId}`,
    }),
  );
}

export function reminderLabel(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
