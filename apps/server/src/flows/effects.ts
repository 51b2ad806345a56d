import { mailFanAboutDecline, mailFanAboutRefund, mailFanAboutReply } from '../modules/fans';
import { finishPayout, mailPayoutStatus, PAYOUT_EFFECTS, releaseDueEarnings } from '../modules/ledger';
import { autoFlagMessage } from '../modules/moderation';
import { mailUser, PUSH_EFFECT, type PushEffectPayload, sendPush } from '../modules/notifications';
import { type Effect, type OutboxRow, runOutbox } from '../modules/outbox';
import {
  capturePayment,
  mailCreatorAboutNewMessage,
  mailPayoutAccountState,
  type NewMessageMail,
  PAYMENT_EFFECTS,
  refundCapturedPayment,
  releasePayments,
} from '../modules/payments';
import { alertDeadEffect, alertPayoutFailure, alertProviderFailure } from '../modules/system-alerts';
import type { AppContext } from '../platform/context';
import { flagRefundMail } from '../platform/mail';

/**
 * Every kind of effect that follows a committed change (decision 0022), what its outbox row carries,
 * and who carries it out. A flow writes its effects in its own transaction (`effect(…)` rows given to
 * outbox's enqueueEffects) and has them carried out once it has committed; the jobs carry out whatever
 * is left, with retries. Each handler is idempotent: a row may run again after a crash.
 */
export interface Effects {
  /** A reply's payment is captured and booked (payments' captureEffect). Ordered per payment. */
  [PAYMENT_EFFECTS.capture]: { paymentId: string };
  /** Ended messages' money goes back: holds released, charges refunded (payments' releaseEffect). */
  [PAYMENT_EFFECTS.release]: { paymentIds: string[] };
  /** An upheld "not an answer" flag: the captured payment is refunded and the earning reversed. */
  [PAYMENT_EFFECTS.refundUpheld]: { messageId: string };
  /** A rejected flag: the creator's held earnings that are due become payable now. */
  'release-due-earnings': { creatorId: string };
  'mail-reply': Parameters<typeof mailFanAboutReply>[1];
  'mail-decline': Parameters<typeof mailFanAboutDecline>[1];
  'mail-refund': Parameters<typeof mailFanAboutRefund>[1];
  'mail-flag-refund': { fanId: string; messageId?: string };
  /** A payout's transfer at the provider and its booking (ledger's finishPayout), keyed by the payout. */
  [PAYOUT_EFFECTS.transfer]: { payoutId: string };
  /** The creator's mail about a payout's answer, written with its booking. */
  [PAYOUT_EFFECTS.mail]: { payoutId: string };
  /** Written by payments' confirmation, inside its one statement (confirm-statements.ts). */
  [PAYMENT_EFFECTS.autoFlag]: { id: string; content: string };
  [PAYMENT_EFFECTS.mailNewMessage]: NewMessageMail;
  /** The creator's mail about a change of their payout account (decision 0029), written with the change. */
  [PAYMENT_EFFECTS.mailPayoutAccount]: Parameters<typeof mailPayoutAccountState>[1];
  /** A Web Push to one user's browsers (issue 26, decision 0031), keyed by the event it tells of. */
  [PUSH_EFFECT]: PushEffectPayload;
}

export type EffectKind = keyof Effects;
export type EffectContext = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox'
>;

/** One typed outbox row: `key` names the effect once and for all (the same key twice is one row). */
export function effect<K extends EffectKind>(
  kind: K,
  key: string,
  payload: Effects[K],
  order: { orderingKey?: string; after?: string } = {},
): Effect<K, Effects[K]> {
  return { kind, key, payload, ...order };
}

/** A provider call failing again: every active admin hears once per payment (as the reconciler told them). */
async function providerFailed(
  ctx: EffectContext,
  row: OutboxRow,
  paymentIds: string[],
  action: string,
  error: unknown,
) {
  if (row.attempts >= 2)
    for (const paymentId of paymentIds) await alertProviderFailure(ctx, { paymentId, action, error });
}

type Handler<K extends EffectKind> = (ctx: EffectContext, payload: Effects[K], row: OutboxRow) => Promise<unknown>;

const HANDLERS: { [K in EffectKind]: Handler<K> } = {
  [PAYMENT_EFFECTS.capture]: async (ctx, payload, row) => {
    try {
      return await capturePayment(ctx, payload);
    } catch (error) {
      await providerFailed(ctx, row, [payload.paymentId], 'capture', error);
      throw error;
    }
  },
  [PAYMENT_EFFECTS.release]: async (ctx, payload, row) => {
    const { failed } = await releasePayments(ctx, payload);
    if (failed.length === 0) return;
    const error = new Error(`the provider did not release ${failed.length} of ${payload.paymentIds.length} payments`);
    await providerFailed(ctx, row, failed, 'release or refund', error);
    throw error;
  },
  [PAYMENT_EFFECTS.refundUpheld]: (ctx, payload) => refundCapturedPayment(ctx, payload),
  [PAYOUT_EFFECTS.transfer]: async (ctx, payload, row) => {
    try {
      return await finishPayout(ctx, payload);
    } catch (error) {
      if (row.attempts >= 2) await alertPayoutFailure(ctx, { payoutId: payload.payoutId, error });
      throw error;
    }
  },
  [PAYOUT_EFFECTS.mail]: (ctx, payload) => mailPayoutStatus(ctx, payload),
  'release-due-earnings': (ctx, payload) => releaseDueEarnings(ctx, payload),
  'mail-reply': (ctx, payload) => mailFanAboutReply(ctx, payload),
  'mail-decline': (ctx, payload) => mailFanAboutDecline(ctx, payload),
  'mail-refund': (ctx, payload) => mailFanAboutRefund(ctx, payload),
  'mail-flag-refund': (ctx, payload) =>
    mailUser(ctx, payload.fanId, 'message-refund', () =>
      flagRefundMail({
        // Rows written before the payload carried the message open the fan's messages instead.
        link: `${ctx.config.publicUrl}/messages${payload.messageId ? `/${payload.messageId}` : ''}`,
      }),
    ),
  [PAYMENT_EFFECTS.autoFlag]: (ctx, payload) => autoFlagMessage(ctx, payload),
  [PAYMENT_EFFECTS.mailNewMessage]: (ctx, payload) => mailCreatorAboutNewMessage(ctx, payload),
  [PAYMENT_EFFECTS.mailPayoutAccount]: (ctx, payload) => mailPayoutAccountState(ctx, payload),
  [PUSH_EFFECT]: (ctx, payload) => sendPush(ctx, payload),
};

async function handle(ctx: EffectContext, row: OutboxRow): Promise<void> {
  const handler = HANDLERS[row.kind as EffectKind] as
    | ((ctx: EffectContext, payload: unknown, row: OutboxRow) => Promise<unknown>)
    | undefined;
  if (!handler) throw new Error(`no handler for the effect kind ${row.kind}`);
  await handler(ctx, row.payload, row);
}

/**
 * Carries out effects: the ones a flow has just committed (`keys`), or every due one (the jobs). A row
 * that fails is retried with backoff; one that keeps failing is dead and every active admin is told.
 */
export function carryOutEffects(ctx: EffectContext, keys?: readonly string[]) {
  return runOutbox(ctx, {
    keys,
    handle: (row) => handle(ctx, row),
    onDead: async (row, error) => {
      await alertDeadEffect(ctx, { key: row.key, kind: row.kind, attempts: row.attempts, error });
    },
  });
}
