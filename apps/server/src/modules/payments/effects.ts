import { randomUUID } from 'node:crypto';
import type { Effect } from '../outbox';

/**
 * The outbox effects that move a payment's money after a committed change (decision 0022), named by
 * payments so every writer (the flows, the reconciler, the paid message's statement) builds the same
 * row: the same key for the same work, one payment's effects in order. Their handlers are the app's
 * (flows/effects.ts).
 */
export const PAYMENT_EFFECTS = {
  capture: 'capture',
  release: 'release',
  refundUpheld: 'refund-upheld',
  autoFlag: 'auto-flag',
  mailNewMessage: 'mail-new-message',
  mailPayoutAccount: 'mail-payout-account',
} as const;

/**
 * The creator's mail about a change of their payout account (payouts enabled, restricted, onboarding
 * incomplete again), written with the change; each change is its own effect (decision 0029).
 */
export function payoutAccountMailEffect(
  creatorId: string,
  state: 'incomplete' | 'enabled' | 'restricted',
): Effect<'mail-payout-account', { creatorId: string; state: 'incomplete' | 'enabled' | 'restricted' }> {
  return {
    kind: PAYMENT_EFFECTS.mailPayoutAccount,
    key: `mail-payout-account:${creatorId}:${randomUUID()}`,
    payload: { creatorId, state },
  };
}

/** The answered message's payment is captured and booked (capturePayment). */
export function captureEffect(paymentId: string): Effect<'capture', { paymentId: string }> {
  return { kind: PAYMENT_EFFECTS.capture, key: `capture:${paymentId}`, payload: { paymentId }, orderingKey: paymentId };
}

/**
 * Ended messages' money goes back (releasePayments): holds released, charges refunded. A message ends
 * once, so the first one's id names the effect.
 */
export function releaseEffect(
  firstMessageId: string,
  paymentIds: string[],
): Effect<'release', { paymentIds: string[] }> {
  return { kind: PAYMENT_EFFECTS.release, key: `release:${firstMessageId}`, payload: { paymentIds } };
}

/** An upheld "not an answer" flag: the captured payment is refunded (refundCapturedPayment), after its capture. */
export function refundUpheldEffect(
  messageId: string,
  paymentId: string | null,
): Effect<'refund-upheld', { messageId: string }> {
  return {
    kind: PAYMENT_EFFECTS.refundUpheld,
    key: `refund-upheld:${messageId}`,
    payload: { messageId },
    orderingKey: paymentId,
  };
}
