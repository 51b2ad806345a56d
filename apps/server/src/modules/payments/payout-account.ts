import { PAYOUT_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

/** What the payout-account use cases touch. */
export type PayoutAccountContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'log'>;

/**
 * The creator's payout account (spec §7 stripe-connect, as our own endpoints): its status, read
 * back from the provider when it has one, and onboarding links. stripe_onboarding_completed mirrors
 * what the provider says, so the payout use case can trust it.
 */
export async function getPayoutAccountStatus(app: PayoutAccountContext, { creatorId }: { creatorId: string }) {
  const creator = await loadCreator(app, creatorId);
  let ready = creator.stripeOnboardingCompleted;
  const rails = app.payments.payouts;
  if (creator.stripeAccountId && rails.accountReady) {
    try {
      ready = await rails.accountReady(creator.stripeAccountId);
    } catch (error) {
      app.log.error({ err: error, creatorId }, 'could not read the payout account from the provider');
      throw new AppError('CONFLICT', PAYOUT_MESSAGES.syncFailed);
    }
    await setReady(app, creatorId, ready);
  }
  return { provider: app.payments.name, hasAccount: creator.stripeAccountId !== null, onboardingComplete: ready };
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
      // Two clicks at once create one account (the provider call is keyed by the creator); keep the first.
      await app.db
        .update(profiles)
        .set({ stripeAccountId: accountId, updatedAt: app.clock.now() })
        .where(eq(profiles.id, creatorId));
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
  await setReady(app, creatorId, true);
  return getPayoutAccountStatus(app, { creatorId });
}

/** account.updated (ARCHITECTURE §8): re-read from the provider, then mirror it on the creator. */
export async function syncPayoutAccount(
  app: PayoutAccountContext,
  { accountId }: { accountId: string },
): Promise<string> {
  const [creator] = await app.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.stripeAccountId, accountId));
  if (!creator) return 'unknown account';
  const rails = app.payments.payouts;
  if (!rails.accountReady) return 'provider keeps no account state';
  const ready = await rails.accountReady(accountId);
  await setReady(app, creator.id, ready);
  return ready ? 'account ready' : 'account not ready';
}

async function setReady(app: Pick<AppContext, 'db' | 'clock'>, creatorId: string, ready: boolean) {
  await app.db
    .update(profiles)
    .set({ stripeOnboardingCompleted: ready, updatedAt: app.clock.now() })
    .where(eq(profiles.id, creatorId));
}

async function loadCreator(app: Pick<AppContext, 'db'>, creatorId: string) {
  const [creator] = await app.db
    .select({
      isCreator: profiles.isCreator,
      email: profiles.email,
      stripeAccountId: profiles.stripeAccountId,
      stripeOnboardingCompleted: profiles.stripeOnboardingCompleted,
    })
    .from(profiles)
    .where(eq(profiles.id, creatorId));
  if (!creator?.isCreator) throw new AppError('FORBIDDEN', 'Only creators have a payout account.');
  return creator;
}
