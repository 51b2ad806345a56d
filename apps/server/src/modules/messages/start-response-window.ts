import { type SQL, sql } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { placeholders } from '../../platform/prepared';

const column = (name: string) => sql.identifier(name);

/**
 * THE RESPONSE WINDOW STARTS HERE (ARCHITECTURE §3: expires_at = paid_at + response window). Its
 * payment was just authorized (or, for long windows, charged) by payments' confirmAuthorization: the
 * pending message becomes `sent`, reaches the creator, and its deadline is set. The expiry job
 * (expire-messages.ts) refunds it once that deadline passes unanswered.
 *
 * The write is a part of the payment's own statement, the one that announces the message (one round
 * trip for the writes that make a paid message live), rendered once with placeholders under
 * `prefix` (issue 14, SSE delivery; decision 0017 round 6), and made only `when` the caller's
 * condition holds (the payment's own write went through). `fill` gives one message's values.
 */
export function messageGoesLive(prefix: string, when: SQL = sql`true`) {
  const { p, fill } = placeholders(prefix);
  return {
    sql: sql`update ${messages}
      set ${column(messages.status.name)} = 'sent', ${column(messages.paidAt.name)} = ${p('now')},
        ${column(messages.expiresAt.name)} = ${p('expiresAt')}, ${column(messages.updatedAt.name)} = ${p('now')}
      where ${messages.id} = ${p('messageId')} and ${when}`,
    /** The status the message has once the write is sent (the announcement's event says it). */
    status: 'sent' as const,
    fill: (opts: { messageId: string; now: Date; windowHours: number }) =>
      fill({
        messageId: opts.messageId,
        now: opts.now.toISOString(),
        expiresAt: new Date(opts.now.getTime() + opts.windowHours * 3_600_000).toISOString(),
      }),
  };
}
