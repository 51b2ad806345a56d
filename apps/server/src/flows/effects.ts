import { z } from 'zod';
import {
  accountClosingMailDefinition,
  authMailDefinition,
  sendAccountClosingMail,
  sendAuthMail,
} from '../modules/auth';
import {
  buildDataExport,
  dataExportBuildDefinition,
  dataExportMailDefinition,
  mailDataExport,
} from '../modules/data-export';
import { mailFanAboutDecline, mailFanAboutRefund, mailFanAboutReply } from '../modules/fans';
import {
  finishPayout,
  mailPayoutStatus,
  payoutMailDefinition,
  payoutTransferDefinition,
  releaseDueEarnings,
  takeBackOf,
} from '../modules/ledger';
import { mailReminder, reminderMailDefinition } from '../modules/messages';
import { autoFlagMessage } from '../modules/moderation';
import { mailUser, pushDefinition, sendPush } from '../modules/notifications';
import {
  defineEffect,
  deleteStoredObject,
  type Effect,
  type EffectDefinition,
  EffectRegistry,
  handled,
  type OutboxRow,
  type PayloadOf,
  runOutbox,
  storageDeleteDefinition,
} from '../modules/outbox';
import {
  captureDefinition,
  capturePayment,
  giveBackAtProvider,
  giveBackDefinition,
  mailDispute,
  mailDisputeDefinition,
  mailPayoutAccountDefinition,
  mailPayoutAccountState,
  processingFeeDefinition,
  recordProcessingFee,
  refundAnsweredDefinition,
  refundCapturedPayment,
  refundUpheldDefinition,
  releaseDefinition,
  releasePayments,
} from '../modules/payments';
import { avatarFromPictureDefinition, copyPictureAsAvatar } from '../modules/profiles';
import {
  alertDeadEffect,
  alertPayoutFailure,
  alertProviderFailure,
  mailSystemAlert,
  systemAlertDefinition,
} from '../modules/system-alerts';
import type { AppContext } from '../platform/context';
import { adminRefundMail, earningTakenBackMail, flagRefundMail } from '../platform/mail';
import { autoFlagDefinition, mailCreatorAboutNewMessage, mailNewMessageDefinition } from './pay-a-message';

const id = z.string().min(1);
/** The flows' own kinds (the money kinds are payments', ledger's and notifications'). */
const releaseDueEarningsDefinition = defineEffect('release-due-earnings', z.object({ creatorId: id }));
const mailReplyDefinition = defineEffect(
  'mail-reply',
  z.object({
    fanId: id,
    creatorId: id,
    messageId: id,
    reply: z.string(),
    kind: z.enum(['response', 'followup']),
  }) satisfies z.ZodType<Parameters<typeof mailFanAboutReply>[1]>,
);
const mailDeclineDefinition = defineEffect(
  'mail-decline',
  z.object({
    fanId: id,
    creatorId: id,
    messageId: id,
    reason: z.string(),
    note: z.string().nullable(),
  }) satisfies z.ZodType<Parameters<typeof mailFanAboutDecline>[1]>,
);
const mailRefundDefinition = defineEffect(
  'mail-refund',
  z.object({ fanId: id, creatorId: id, messageId: id }) satisfies z.ZodType<Parameters<typeof mailFanAboutRefund>[1]>,
);
// Rows written before the payload carried the message have no messageId (version 1 allows that).
const mailFlagRefundDefinition = defineEffect('mail-flag-refund', z.object({ fanId: id, messageId: id.optional() }));
// Decision 0055: an admin refunded an answered message; each person hears once the refund went through.
const mailAdminRefundDefinition = defineEffect(
  'mail-admin-refund',
  z.object({ fanId: id, messageId: id, amountCents: z.number().int() }),
);
const mailEarningTakenBackDefinition = defineEffect(
  'mail-earning-taken-back',
  z.object({
    creatorId: id,
    messageId: id,
    paymentId: id,
    amountCents: z.number().int(),
    earningCents: z.number().int(),
  }),
);

/**
 * Every kind of effect that follows a committed change (decisions 0022, 0039), each defined once
 * (kind, version, payload schema) by the module that owns it. A flow writes its effects in its own
 * transaction (`effect(…)` rows given to outbox's enqueueEffects) and has them carried out once it has
 * committed; the jobs carry out whatever is left, with retries. Each handler is idempotent: a row may
 * run again after a crash.
 */
const DEFINITIONS = [
  captureDefinition,
  releaseDefinition,
  refundUpheldDefinition,
  refundAnsweredDefinition,
  mailAdminRefundDefinition,
  mailEarningTakenBackDefinition,
  releaseDueEarningsDefinition,
  mailReplyDefinition,
  mailDeclineDefinition,
  mailRefundDefinition,
  mailFlagRefundDefinition,
  payoutTransferDefinition,
  payoutMailDefinition,
  autoFlagDefinition,
  mailNewMessageDefinition,
  mailPayoutAccountDefinition,
  pushDefinition,
  giveBackDefinition,
  mailDisputeDefinition,
  reminderMailDefinition,
  systemAlertDefinition,
  authMailDefinition,
  storageDeleteDefinition,
  avatarFromPictureDefinition,
  processingFeeDefinition,
  dataExportBuildDefinition,
  dataExportMailDefinition,
  accountClosingMailDefinition,
] as const;

type Definition = (typeof DEFINITIONS)[number];
/** Each kind's payload, as its definition's schema gives it. */
export type Effects = { [D in Definition as D['kind']]: PayloadOf<D> };
export type EffectKind = keyof Effects;
export type EffectContext = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'
>;

const BY_KIND = new Map<string, EffectDefinition<string, unknown>>(
  DEFINITIONS.map((definition) => [definition.kind, definition as EffectDefinition<string, unknown>]),
);

/** One typed outbox row of the flows' kinds: `key` names the effect once and for all. */
export function effect<K extends EffectKind>(
  kind: K,
  key: string,
  payload: Effects[K],
  order: { orderingKey?: string; after?: string } = {},
): Effect<K, Effects[K]> {
  const definition = BY_KIND.get(kind);
  if (!definition) throw new Error(`no definition for the effect kind ${kind}`);
  return definition.make(key, payload, order) as Effect<K, Effects[K]>;
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

/**
 * The registry (decision 0039): one entry per kind, its definition with its handler. The outbox checks
 * every claimed row against it: an unknown kind or a payload the schema refuses goes dead at once.
 */
const REGISTRY = new EffectRegistry<EffectContext>([
  handled(captureDefinition, async (ctx, payload, row) => {
    try {
      return await capturePayment(ctx, payload);
    } catch (error) {
      await providerFailed(ctx, row, [payload.paymentId], 'capture', error);
      throw error;
    }
  }),
  handled(releaseDefinition, async (ctx, payload, row) => {
    const { failed } = await releasePayments(ctx, payload);
    if (failed.length === 0) return;
    const error = new Error(`the provider did not release ${failed.length} of ${payload.paymentIds.length} payments`);
    await providerFailed(ctx, row, failed, 'release or refund', error);
    throw error;
  }),
  handled(refundUpheldDefinition, (ctx, payload) => refundCapturedPayment(ctx, payload)),
  handled(refundAnsweredDefinition, (ctx, payload) => refundCapturedPayment(ctx, payload)),
  handled(mailAdminRefundDefinition, (ctx, payload) =>
    mailUser(ctx, payload.fanId, 'message-refund', () =>
      adminRefundMail({
        amountCents: payload.amountCents,
        link: `${ctx.config.publicUrl}/messages/${payload.messageId}`,
      }),
    ),
  ),
  handled(mailEarningTakenBackDefinition, async (ctx, payload) => {
    // Written after the refund, which decided how the earning came back: read from its books.
    const how = (await takeBackOf(ctx.db, payload)) ?? 'cancelled';
    return mailUser(ctx, payload.creatorId, 'payout-status', () =>
      earningTakenBackMail({
        amountCents: payload.amountCents,
        earningCents: payload.earningCents,
        how,
        link: `${ctx.config.publicUrl}/dashboard/earnings`,
      }),
    );
  }),
  handled(payoutTransferDefinition, async (ctx, payload, row) => {
    try {
      return await finishPayout(ctx, payload);
    } catch (error) {
      if (row.attempts >= 2) await alertPayoutFailure(ctx, { payoutId: payload.payoutId, error });
      throw error;
    }
  }),
  handled(payoutMailDefinition, (ctx, payload) => mailPayoutStatus(ctx, payload)),
  handled(releaseDueEarningsDefinition, (ctx, payload) => releaseDueEarnings(ctx, payload)),
  handled(mailReplyDefinition, (ctx, payload) => mailFanAboutReply(ctx, payload)),
  handled(mailDeclineDefinition, (ctx, payload) => mailFanAboutDecline(ctx, payload)),
  handled(mailRefundDefinition, (ctx, payload) => mailFanAboutRefund(ctx, payload)),
  handled(mailFlagRefundDefinition, (ctx, payload) =>
    mailUser(ctx, payload.fanId, 'message-refund', () =>
      flagRefundMail({
        // Rows written before the payload carried the message open the fan's messages instead.
        link: `${ctx.config.publicUrl}/messages${payload.messageId ? `/${payload.messageId}` : ''}`,
      }),
    ),
  ),
  handled(autoFlagDefinition, (ctx, payload) => autoFlagMessage(ctx, payload)),
  handled(mailNewMessageDefinition, (ctx, payload) => mailCreatorAboutNewMessage(ctx, payload)),
  handled(mailPayoutAccountDefinition, (ctx, payload) => mailPayoutAccountState(ctx, payload)),
  handled(pushDefinition, (ctx, payload) => sendPush(ctx, payload)),
  handled(giveBackDefinition, (ctx, payload) => giveBackAtProvider(ctx, payload)),
  handled(mailDisputeDefinition, (ctx, payload) => mailDispute(ctx, payload)),
  handled(reminderMailDefinition, (ctx, payload) => mailReminder(ctx, payload)),
  handled(systemAlertDefinition, (ctx, payload) => mailSystemAlert(ctx, payload)),
  handled(authMailDefinition, (ctx, payload) => sendAuthMail(ctx, payload)),
  handled(storageDeleteDefinition, (ctx, payload) => deleteStoredObject(ctx, payload)),
  handled(avatarFromPictureDefinition, (ctx, payload) => copyPictureAsAvatar(ctx, payload)),
  handled(processingFeeDefinition, (ctx, payload) => recordProcessingFee(ctx, payload)),
  handled(dataExportBuildDefinition, (ctx, payload) => buildDataExport(ctx, payload)),
  handled(dataExportMailDefinition, (ctx, payload) => mailDataExport(ctx, payload)),
  handled(accountClosingMailDefinition, (ctx, payload) => sendAccountClosingMail(ctx, payload)),
]);

/** Every kind the registry carries out (a test checks each definition is registered once). */
export const REGISTERED_KINDS: readonly string[] = REGISTRY.kinds();
export const DEFINED_KINDS: readonly string[] = DEFINITIONS.map((definition) => definition.kind);

/**
 * Carries out effects: the ones a flow has just committed (`keys`), or every due one (the jobs). A row
 * that fails is retried with backoff; one that keeps failing is dead and every active admin is told.
 */
export function carryOutEffects(ctx: EffectContext, keys?: readonly string[]) {
  return runOutbox(ctx, {
    keys,
    handle: (row) => REGISTRY.run(ctx, row),
    onDead: async (row, error, chain) => {
      await alertDeadEffect(ctx, { id: row.id, key: row.key, kind: row.kind, attempts: row.attempts, error, chain });
    },
  });
}
