import { PAYOUT_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { payoutAccounts, profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueEffects } from '../outbox';
import { markProfileUpdated } from '../profiles';
import { payoutAccountMailEffect } from './effects';
import type { PayoutAccountState } from './provider';

/** What the payout-account use cases touch. */
export type PayoutAccountContext = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'payments' | 'log' | 'outbox' | 'events'
>;

/**
 * The creator's payout account (spec §7 stripe-connect, as our own endpoints): its status, read
 * back from the provider when it has one, and onboarding links. payout_accounts.onboarding_completed
 * mirrors what the provider says, so the payout use case can trust it (decision 0071: no row, no account).
 */
export async function getPayoutAccountStatus(app: PayoutAccountContext, { creatorId }: { creatorId: string }) {
  const creator = await loadCreator(app, creatorId);
  let ready = creator.onboardingCompleted;
  const rails = app.payments.payouts;
  if (creator.stripeAccountId && rails.accountState) {
    let state: PayoutAccountState;
    try {
      state = await rails.accountState(creator.stripeAccountId);
    } catch (error) {
      app.log.error({ err: error, creatorId }, 'could not read the payout account from the provider');
      throw new AppError('CONFLICT', PAYOUT_MESSAGES.syncFailed);
    }
    await applyAccountState(app, creatorId, state.state);
    ready = state.state === 'enabled';
  }
  return {
    provider: app.payments.name,
    hasAccount: creator.stripeAccountId !== null,
    onboardingComplete: ready,
    dashboard: Boolean(creator.stripeAccountId && ready && rails.dashboardLink),
    simulatedBank:
      creator.stripeAccountId && rails.simulatedBank ? rails.simulatedBank.get(creator.stripeAccountId) : null,
  };
}

/** A single-use link into the creator's Stripe Express dashboard (bank account, payouts, tax details). */
export async function createDashboardLink(app: PayoutAccountContext, { creatorId }: { creatorId: string }) {
  const creator = await loadCreator(app, creatorId);
  const rails = app.payments.payouts;
  if (!rails.dashboardLink) throw new AppError('NOT_FOUND', 'The test payout provider has no dashboard.');
  if (!creator.stripeAccountId || !creator.onboardingCompleted) {
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.accountRequiredBody);
  }
  try {
    return await rails.dashboardLink(creator.stripeAccountId);
  } catch (error) {
    app.log.error({ err: error, creatorId }, 'could not open the Stripe Express dashboard');
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.connectFailed);
  }
}

/** Creates the connected account on first use, then a fresh onboarding link back to Settings → Payout. */
export async function createOnboardingLink(
  app: PayoutAccountContext,
  { creatorId }: { creatorId: string },
): Promise<string> {
  const creator = await loadCreator(app, creatorId);
  const rails = app.payments.payouts;
  try {
    let accountId = creator.stripeAccountId;
    if (!accountId) {
      accountId = await rails.createAccount({ id: creatorId, email: creator.email });
      // Two clicks at once create one account (the provider call is keyed by the creator, so both get
      // the same id). The row is made here, on first use (decision 0071).
      const now = app.clock.now();
      await app.db.transaction(async (tx) => {
        await tx
          .insert(payoutAccounts)
          .values({ creatorId, stripeAccountId: accountId, updatedAt: now })
          .onConflictDoUpdate({
            target: payoutAccounts.creatorId,
            set: { stripeAccountId: accountId, updatedAt: now },
          });
        await markProfileUpdated(tx, { userId: creatorId, now });
      });
      // The profile's updated_at orders "Recently Active" (spec §7 browse).
      await announceCardChange(app);
    }
    const back = `${app.config.publicUrl}/dashboard/settings?tab=payout`;
    return await rails.onboardingLink(accountId, {
      returnUrl: `${back}&stripe_return=true`,
      refreshUrl: `${back}&reauth=true`,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    app.log.error({ err: error, creatorId }, 'could not start payout onboarding');
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.connectFailed);
  }
}

/**
 * The built-in provider's stand-in for the provider's onboarding pages: finishing it marks the
 * account ready; returns the account's status. Only with the local provider (the route exists only then).
 */
export async function completeSimulatedOnboarding(app: PayoutAccountContext, { creatorId }: { creatorId: string }) {
  const creator = await loadCreator(app, creatorId);
  if (!creator.stripeAccountId) {
    throw new AppError('CONFLICT', 'Start the payout setup from Settings → Payout first.');
  }
  await applyAccountState(app, creatorId, 'enabled');
  return getPayoutAccountStatus(app, { creatorId });
}

/** The built-in provider's simulated bank pays or rejects this creator's payouts (test mode only). */
export async function setSimulatedBank(
  app: PayoutAccountContext,
  { creatorId, outcome }: { creatorId: string; outcome: 'pay' | 'reject' },
) {
  const creator = await loadCreator(app, creatorId);
  const bank = app.payments.payouts.simulatedBank;
  if (!bank) throw new AppError('NOT_FOUND', 'Only the test payment provider has a simulated bank.');
  if (!creator.stripeAccountId) throw new AppError('CONFLICT', 'Start the payout setup from Settings → Payout first.');
  bank.set(creator.stripeAccountId, outcome);
  return getPayoutAccountStatus(app, { creatorId });
}

/** account.updated (ARCHITECTURE §8): re-read from the provider, then mirror it on the creator. */
export async function syncPayoutAccount(
  app: PayoutAccountContext,
  { accountId }: { accountId: string },
): Promise<string> {
  const [creator] = await app.db
    .select({ id: payoutAccounts.creatorId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, accountId));
  if (!creator) return 'unknown account';
  const rails = app.payments.payouts;
  if (!rails.accountState) return 'provider keeps no account state';
  const state = await rails.accountState(accountId);
  // Accounts made before decision 0029 paid out on Stripe's automatic schedule; ours start each payout.
  if (!state.manualPayouts && rails.useManualPayouts) await rails.useManualPayouts(accountId);
  const changed = await applyAccountState(app, creator.id, state.state);
  return `account ${state.state}${changed ? ' (changed)' : ''}`;
}

/**
 * Mirrors the provider's account state on the creator (onboarding_completed for the payout use case,
 * state for the mail), under the payout account's row lock; a change writes the
 * creator's mail as an outbox effect in the same transaction, so each change is mailed once.
 * A first state of "incomplete" (they just started onboarding) is not news and is not mailed. Every
 * caller has a connected account, so the row exists (it was made with the account).
 */
async function applyAccountState(
  app: Pick<AppContext, 'db' | 'clock' | 'outbox' | 'log' | 'events'>,
  creatorId: string,
  state: PayoutAccountState['state'],
): Promise<boolean> {
  const now = app.clock.now();
  let moved = false;
  const mail = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: payoutAccounts.state })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.creatorId, creatorId))
      .for('no key update');
    if (!row || row.state === state) return null;
    moved = true;
    await tx
      .update(payoutAccounts)
      .set({ state, onboardingCompleted: state === 'enabled', updatedAt: now })
      .where(eq(payoutAccounts.creatorId, creatorId));
    await markProfileUpdated(tx, { userId: creatorId, now });
    if (row.state === null && state === 'incomplete') return null;
    const effect = payoutAccountMailEffect(creatorId, state);
    await enqueueEffects(tx, [effect], now);
    return effect;
  });
  if (mail) await app.outbox.carryOut([mail.key]);
  // The profile's updated_at moved: "Recently Active" (spec §7 browse) may order the card elsewhere.
  if (moved) await announceCardChange(app);
  return mail !== null;
}

async function loadCreator(app: Pick<AppContext, 'db'>, creatorId: string) {
  const [creator] = await app.db
    .select({
      isCreator: profiles.isCreator,
      email: profiles.email,
      stripeAccountId: payoutAccounts.stripeAccountId,
      onboardingCompleted: payoutAccounts.onboardingCompleted,
    })
    .from(profiles)
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, profiles.id))
    .where(eq(profiles.id, creatorId));
  if (!creator?.isCreator) throw new AppError('FORBIDDEN', 'Only creators have a payout account.');
  return { ...creator, onboardingCompleted: creator.onboardingCompleted ?? false };
}

/**
 * Account closure and erasure (decision 0058): the connected account is forgotten (its money stays on
 * our books until it is paid or the closure is cancelled). No row reads as no account (decision 0071).
 */
export async function forgetPayoutAccount(tx: Db, opts: { creatorId: string }): Promise<void> {
  await tx.delete(payoutAccounts).where(eq(payoutAccounts.creatorId, opts.creatorId));
}
