import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ledgerEntries, messages, payments } from '../db/schema';
import type { Db } from '../platform/db';
import { createCreator, createUser, TEST_PASSWORD } from './factories';
import { signIn } from './http';

export const SAMPLE_MESSAGE = 'Hello! I would love your advice on my first marathon plan.';

/** A fan and a creator, both signed in. */
export async function fanAndCreator(
  app: FastifyInstance,
  db: Db,
  creatorFields: Parameters<typeof createCreator>[1] = {},
) {
  const fan = await createUser(db);
  const creator = await createCreator(db, creatorFields);
  return {
    fan,
    creator,
    fanCookie: await signIn(app, fan.email ?? '', TEST_PASSWORD),
    creatorCookie: await signIn(app, creator.email ?? '', TEST_PASSWORD),
  };
}

/** Sends a paid message through the local checkout (card 4242…) and returns its message and payment ids. */
export async function sendPaidMessage(
  app: FastifyInstance,
  fanCookie: string,
  recipientId: string,
  content = SAMPLE_MESSAGE,
) {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie: fanCookie },
    payload: { recipientId, messageContent: content },
  });
  if (checkout.statusCode !== 200) throw new Error(`checkout failed ${checkout.statusCode}: ${checkout.body}`);
  const paymentId = (checkout.json().url as string).split('/').pop() ?? '';
  const pay = await payLocal(app, fanCookie, paymentId);
  if (pay.statusCode !== 200) throw new Error(`payment failed ${pay.statusCode}: ${pay.body}`);
  const [payment] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.messageId) throw new Error('payment without message');
  return { paymentId, messageId: payment.messageId };
}

export function payLocal(app: FastifyInstance, cookie: string, paymentId: string, cardNumber = '4242 4242 4242 4242') {
  return app.inject({
    method: 'POST',
    url: `/api/checkout/local/${paymentId}/pay`,
    headers: { cookie },
    payload: { cardNumber, expiry: '12 / 34', cvc: '123', name: 'Test Fan' },
  });
}

export async function messageRow(db: Db, id: string) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`no message ${id}`);
  return row;
}

export async function paymentRow(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

/** Ledger legs of one payment, by kind. */
export async function ledgerOf(db: Db, paymentId: string) {
  return db
    .select({
      kind: ledgerEntries.kind,
      account: ledgerEntries.account,
      amount: ledgerEntries.amount,
      transactionId: ledgerEntries.transactionId,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId));
}

/** Every ledger transaction sums to zero (the deferred trigger enforces it; this reads it back). */
export async function unbalancedTransactions(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) t`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? -1;
}

/**
 * Outbox rows (decision 0022) whose change did not commit: a capture of a payment whose message was not
 * answered, a release of one whose message did not end, a flag refund without an upheld flag. Each is
 * written in its change's transaction, so none may exist; a query returning the offending rows.
 */
export const EFFECTS_WITHOUT_CHANGE = sql`
  select o.key from outbox o join payments p on p.id::text = o.payload->>'paymentId'
    join messages m on m.id = p.message_id
    where o.kind = 'capture' and m.status <> 'responded'
  union all
  select o.key from outbox o cross join lateral jsonb_array_elements_text(o.payload->'paymentIds') as ids(payment_id)
    join payments p on p.id::text = ids.payment_id join messages m on m.id = p.message_id
    where o.kind = 'release' and m.status not in ('refunded', 'cancelled')
  union all
  select o.key from outbox o where o.kind = 'refund-upheld' and not exists (
    select 1 from content_moderation f where f.content_id::text = o.payload->>'messageId' and f.status = 'approved')
  union all
  select o.key from outbox o where o.kind in ('mail-reply', 'mail-refund', 'mail-decline', 'auto-flag')
    and not exists (select 1 from messages m where m.id::text = coalesce(o.payload->>'messageId', o.payload->>'id'))`;
