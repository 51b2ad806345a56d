import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineEffect } from '../outbox';

/**
 * The outbox effects that move a payment's money after a committed change (decisions 0022, 0039),
 * defined by payments so every writer (the flows, the reconciler, the webhook's handlers) builds
 * the same row: the same key for the same work, one payment's effects in order. Each definition's schema
 * types the writer and is checked on claim; the handlers are the app's (flows/effects.ts).
 */
export const PAYMENT_EFFECTS = {
  capture: 'capture',
  release: 'release',
  refundUpheld: 'refund-upheld',
  refundAnswered: 'refund-answered',
  mailPayoutAccount: 'mail-payout-account',
  giveBack: 'give-back',
  processingFee: 'processing-fee',
  mailDispute: 'mail-dispute',
} as const;

const id = z.string().min(1);

export const captureDefinition = defineEffect(PAYMENT_EFFECTS.capture, z.object({ paymentId: id }));
export const releaseDefinition = defineEffect(PAYMENT_EFFECTS.release, z.object({ paymentIds: z.array(id) }));
export const refundUpheldDefinition = defineEffect(PAYMENT_EFFECTS.refundUpheld, z.object({ messageId: id }));
/** An admin's ruling for the fan on an answered message (decision 0055): refundCapturedPayment, as for a flag. */
export const refundAnsweredDefinition = defineEffect(PAYMENT_EFFECTS.refundAnswered, z.object({ messageId: id }));
export const mailPayoutAccountDefinition = defineEffect(
  PAYMENT_EFFECTS.mailPayoutAccount,
  z.object({ creatorId: id, state: z.enum(['incomplete', 'enabled', 'restricted']) }),
);
/** Decision 0054: the fan's or the creator's mail about a chargeback, when it opens and when the bank rules. */
export const mailDisputeDefinition = defineEffect(
  PAYMENT_EFFECTS.mailDispute,
  z.object({
    disputeId: id,
    audience: z.enum(['fan', 'creator']),
    stage: z.enum(['opened', 'won', 'lost']),
  }),
);

/** One mail per dispute, stage and reader: the key names it, so a repeated event mails once. */
export function disputeMailEffect(disputeId: string, audience: 'fan' | 'creator', stage: 'opened' | 'won' | 'lost') {
  return mailDisputeDefinition.make(`mail-dispute:${disputeId}:${stage}:${audience}`, { disputeId, audience, stage });
}

/**
 * A payment the platform will not keep (a late or refused checkout, an orphan charge): its hold is
 * released, or its charge refunded, at the provider, after the change that decided it has committed.
 * The provider call carries the payment's own idempotency key, so a repeat gives back once.
 */
export const giveBackDefinition = defineEffect(
  PAYMENT_EFFECTS.giveBack,
  z.object({ paymentId: id, paymentIntentId: id, action: z.enum(['release', 'refund']) }),
);

/** Decision 0056: the card processor's fee on a captured payment's charge, read from it and booked once. */
export const processingFeeDefinition = defineEffect(PAYMENT_EFFECTS.processingFee, z.object({ paymentId: id }));

/**
 * Written with whatever records that the provider took a payment's money (its capture, its confirmation
 * as charged at once) by a provider that charges fees; one per payment, since a payment has one charge.
 * No ordering key: it may run while the capture that wrote it is still being carried out.
 */
export function processingFeeEffect(paymentId: string) {
  return processingFeeDefinition.make(`processing-fee:${paymentId}`, { paymentId });
}

/** One give-back per payment: the payment's id names it, and orders it with the payment's other effects. */
export function giveBackEffect(paymentId: string, paymentIntentId: string, action: 'release' | 'refund') {
  return giveBackDefinition.make(
    `give-back:${paymentId}`,
    { paymentId, paymentIntentId, action },
    { orderingKey: paymentId },
  );
}

/**
 * The creator's mail about a change of their payout account (payouts enabled, restricted, onboarding
 * incomplete again), written with the change; each change is its own effect (decision 0029).
 */
export function payoutAccountMailEffect(creatorId: string, state: 'incomplete' | 'enabled' | 'restricted') {
  return mailPayoutAccountDefinition.make(`mail-payout-account:${creatorId}:${randomUUID()}`, { creatorId, state });
}

/** The answered message's payment is captured and booked (capturePayment). */
export function captureEffect(paymentId: string) {
  return captureDefinition.make(`capture:${paymentId}`, { paymentId }, { orderingKey: paymentId });
}

/**
 * Ended messages' money goes back (releasePayments): holds released, charges refunded. A message ends
 * once, so the first one's id names the effect.
 */
export function releaseEffect(firstMessageId: string, paymentIds: string[]) {
  return releaseDefinition.make(`release:${firstMessageId}`, { paymentIds });
}

/** An upheld "not an answer" flag: the captured payment is refunded (refundCapturedPayment), after its capture. */
export function refundUpheldEffect(messageId: string, paymentId: string | null) {
  return refundUpheldDefinition.make(`refund-upheld:${messageId}`, { messageId }, { orderingKey: paymentId });
}

/** The admin's refund of an answered message (decision 0055): one per message, in its payment's order. */
export function refundAnsweredEffect(messageId: string, paymentId: string | null) {
  return refundAnsweredDefinition.make(`refund-answered:${messageId}`, { messageId }, { orderingKey: paymentId });
}
