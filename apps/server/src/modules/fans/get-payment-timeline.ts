import { RETURN_NOTES, type TBillingStatus } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ACCOUNTS } from '../ledger';
import { billingStatus, paidBySender, rowsOf } from './billing-sql';

interface Row {
  payment_id: string;
  amount_total: number;
  billing: TBillingStatus;
  paid_at: Date | string | null;
  payment_updated_at: Date | string;
  captured_at: Date | string | null;
  kind: 'authorize' | 'capture' | 'release' | 'refund' | null;
  hold_amount: number | null;
  booked_at: Date | string | null;
}

const STEP = { authorize: 'authorized', capture: 'captured', release: 'released', refund: 'refunded' } as const;

/**
 * One payment's history for its fan, read from the ledger: which movements happened and for how
 * much (the sender_hold legs). Dates are the business times on the rows the use cases wrote with the
 * app clock: paid_at, the earning's creation, the payment's release. Anyone else's payment is 'not found'.
 */
export async function getPaymentTimeline(db: Db, opts: { senderId: string; paymentId: string }) {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select p.id as payment_id, p.amount_total, ${billingStatus} as billing, m.paid_at,
        p.updated_at as payment_updated_at, e.created_at as captured_at,
        l.kind, l.amount::int as hold_amount, l.created_at as booked_at
      from payments p
      join messages m on m.id = p.message_id
      left join earnings e on e.message_id = m.id
      left join ledger_entries l on l.payment_id = p.id and l.account = ${ACCOUNTS.senderHold}
      where p.id = ${opts.paymentId} and ${paidBySender(opts.senderId)}
      order by l.created_at, l.id
    `),
  );
  const first = rows[0];
  if (!first) throw new AppError('NOT_FOUND', 'Payment not found');
  const steps = rows.flatMap((row) => {
    if (!row.kind || row.hold_amount === null) return [];
    const at =
      row.kind === 'authorize'
        ? (row.paid_at ?? row.booked_at)
        : row.kind === 'capture'
          ? (row.captured_at ?? row.booked_at)
          : row.payment_updated_at;
    return [
      { step: STEP[row.kind], at: new Date(at ?? row.payment_updated_at), amountCents: Math.abs(row.hold_amount) },
    ];
  });
  const returned = steps.find((s) => s.step === 'released' || s.step === 'refunded');
  return {
    paymentId: first.payment_id,
    status: first.billing,
    amountCents: first.amount_total,
    steps,
    returnNote: !returned
      ? null
      : first.billing === 'refund_pending' || first.billing === 'refund_failed'
        ? RETURN_NOTES[first.billing]
        : RETURN_NOTES[returned.step as 'released' | 'refunded'],
  };
}
