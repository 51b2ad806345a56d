import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { type CapacityLimits, isBlocked, pauseMessage, pauseOf } from '../../modules/care';
import { cancelPendingMessage } from '../../modules/messages';
import { mailUser } from '../../modules/notifications';
import { enqueueEffects } from '../../modules/outbox';
import { type ConfirmCheckoutContext, cancelLockedPayment, processingFeeEffects } from '../../modules/payments';
import { readSettings } from '../../modules/settings';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { newMessageMail } from '../../platform/mail';
import { goLiveAndAnnounce, lockPaymentForConfirmation } from './confirm-statements';

/**
 * Everything confirming touches: the database and clock, the provider's hold limit, the creator's
 * mail (config, mailer), live events and the log.
 */
export type ConfirmAuthorizationContext = ConfirmCheckoutContext;

/**
 * The card is authorized (or, for long windows, charged; payments' captures-at-once.ts): the message
 * goes live and ITS RESPONSE WINDOW STARTS NOW (ARCHITECTURE §3: expires_at = paid_at + response
 * window, set by messages' messageGoesLive in start-response-window.ts). Every confirmation path ends
 * here: test-send, and through the app's `checkouts` port (payments' CheckoutOutcomes, decision 0070)
 * the local checkout, Stripe's checkout.session.completed and the reconciler. Safe to call twice, as
 * duplicate webhooks and double clicks do: only a pending payment changes.
 *
 * A checkout can be paid up to an hour after it started, so what startCheckout checked is checked
 * again here (security review L3): the creator still takes messages, messaging is not paused for
 * maintenance, and the price is the one the checkout was started at. Otherwise nothing goes live,
 * no hold is booked, the checkout is abandoned and `refused` says why; a provider that already
 * holds the money gives it back through the orphan path (payments' stripe/on-checkout-completed.ts).
 */
export async function confirmAuthorization(
  ctx: ConfirmAuthorizationContext,
  opts: {
    paymentId: string;
    providerPaymentId?: string | null;
    captured: boolean;
    /** When the provider drops the hold (Stripe's charge capture_before); null: our hold limit. */
    captureBefore?: Date | null;
  },
): Promise<{ changed: boolean; refused?: string }> {
  const now = ctx.clock.now();
  const { message_expiration_hours: windowHours, maintenance_mode: maintenance } = await readSettings(ctx.db, [
    'message_expiration_hours',
    'maintenance_mode',
  ]);
  const outcome = await ctx.db.transaction(async (tx) => {
    // One read locks the payment and then its creator, and brings what the announcement needs: one
    // round trip where there were three (issue 14, SSE delivery; confirm-statements.ts).
    const row = await lockPaymentForConfirmation(tx, opts.paymentId);
    if (!row?.payment.messageId || row.payment.status !== 'pending') return null;
    const { payment } = row;
    const { messageId } = row.payment;
    const refuse = async (refusal: string) => {
      await cancelLockedPayment(tx, { paymentId: payment.id, now });
      await cancelPendingMessage(tx, { messageId, now });
      return { refused: refusal } as const;
    };
    const refusal = await staleReason(tx, payment, row.creator, maintenance, now);
    if (refusal) return refuse(refusal);
    const message = { id: messageId, recipientId: payment.recipientId, ...row.message };
    const name = row.senderDisplayName ?? row.senderUsername ?? 'A fan';
    const captureBefore = opts.captured ? null : holdDeadline(ctx, now, opts.captureBefore ?? null);
    // One statement, sent with the commit and not in round trips after it: the payment's write (the
    // block check rides on it), the start of the message's window, the hold's ledger legs, the
    // creator's notification, and the words every open tab concerned hears the moment it is live
    // (issue 14: delivery p50 ≤ 5 ms), never of one that rolled back (confirm-statements.ts).
    const live = await goLiveAndAnnounce(ctx, tx, {
      payment,
      message,
      senderName: name,
      goLive: {
        status: opts.captured ? 'succeeded' : 'authorized',
        paymentIntentId: opts.providerPaymentId ?? payment.paymentIntentId,
        captureBefore,
      },
      now,
      // Only the provider's own deadline shortens a window (ours is already within PAYMENT_HOLD_HOURS).
      windowHours:
        opts.captureBefore && !opts.captured ? windowWithinHold(windowHours, now, opts.captureBefore) : windowHours,
    });
    if (!live) return refuse(MESSAGE_MESSAGES.blocked);
    // Charged at once: the processor took its fee already (decision 0056), booked from its answer.
    // Outside the statement above, whose shape the hold (the common case) keeps.
    // Issue 39: a creator with an open-message or daily cap may be full now (the card's pause note).
    const capped = row.creator.maxOpen !== null || row.creator.dailyCap !== null;
    if (!opts.captured) return { ...live, capped };
    const fee = await enqueueEffects(tx, processingFeeEffects(ctx.payments, payment.id), now);
    return { ...live, capped, effects: [...live.effects, ...fee] };
  });
  if (!outcome) return { changed: false };
  if ('refused' in outcome) {
    ctx.log.info({ paymentId: opts.paymentId, reason: outcome.refused }, 'checkout refused at payment time');
    return { changed: false, refused: outcome.refused };
  }

  // Committed: this instance's streams (the creator's open tabs, most often) hear of it now; then the
  // effects the statement wrote (the auto-moderation check, the creator's mail) are carried out.
  outcome.deliverHere();
  if (outcome.capped) await announceCardChange(ctx);
  await ctx.outbox.carryOut(outcome.effects);
  return { changed: true };
}

/** Time kept between the end of a response window and the hold's deadline, for the capture and its retries. */
const CAPTURE_MARGIN_MS = 60 * 60_000;

/** The hold lasts until the provider's deadline or our hold limit, whichever comes first (decision 0050). */
function holdDeadline(ctx: Pick<AppContext, 'payments'>, now: Date, providerDeadline: Date | null): Date {
  const ours = new Date(now.getTime() + ctx.payments.holdLimitHours * 3_600_000);
  return providerDeadline && providerDeadline < ours ? providerDeadline : ours;
}

/**
 * Decision 0050: a reply must be captured before the hold lapses, so a window that would outlast the
 * card's hold (a card network's shorter deadline) ends an hour before it; the message then expires and
 * its hold is released, rather than an answer going unpaid. The window shown is the one it really has.
 */
function windowWithinHold(windowHours: number, now: Date, captureBefore: Date): number {
  const holdHours = (captureBefore.getTime() - CAPTURE_MARGIN_MS - now.getTime()) / 3_600_000;
  return Math.max(0, Math.min(windowHours, holdHours));
}

/** Why a checkout started earlier may no longer be paid, or null when it still may. */
async function staleReason(
  tx: Db,
  payment: { recipientId: string; senderId: string; amountTotal: number },
  creator: CapacityLimits & { isCreator: boolean; isAvailable: boolean; messagePrice: number | null },
  maintenance: boolean,
  now: Date,
): Promise<string | null> {
  if (maintenance) return MESSAGE_MESSAGES.maintenance;
  if (!creator.isCreator || !creator.isAvailable) return MESSAGE_MESSAGES.unavailable;
  if (creator.messagePrice !== payment.amountTotal) return MESSAGE_MESSAGES.priceChanged;
  // Issue #13: paused since the checkout started (vacation, full, daily cap), or blocked. The block is
  // checked by the caller's write of the payment, after this lock (a subquery inside the locking
  // SELECT would read the snapshot taken before waiting for the lock, and miss a block whose
  // transaction held the creator's row and committed meanwhile: blockFan locks that row before
  // inserting the block; the test "a block racing the payment of a checkout" failed that way on
  // PostgreSQL). When paused too, a block still answers first, as it always has.
  const pause = await pauseOf(tx, payment.recipientId, now, creator);
  if (pause) {
    if (await isBlocked(tx, payment.recipientId, payment.senderId)) return MESSAGE_MESSAGES.blocked;
    return pauseMessage(pause);
  }
  return null;
}

/** What the creator's mail about a new paid message says (an outbox effect's payload, decision 0022). */
export interface NewMessageMail {
  creatorId: string;
  senderName: string;
  message: { id: string; content: string; amount: number };
}

/**
 * spec: an email to the creator on a new paid message, through the one mail gate (platform setting,
 * the creator's switches, an unsubscribe link). It goes through the mailer whether or not SMTP is
 * set (without it: the log, and /dev/outbox outside production). Failures only logged. Carried out
 * after the payment's commit as an outbox effect (confirm-statements.ts writes it).
 */
export async function mailCreatorAboutNewMessage(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  opts: NewMessageMail,
) {
  await mailUser(ctx, opts.creatorId, 'new-message', () =>
    newMessageMail({
      senderName: opts.senderName,
      message: opts.message,
      link: `${ctx.config.publicUrl}/dashboard/messages/${opts.message.id}`,
    }),
  );
}
