import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { profiles } from './profiles';

/**
 * A creator's payout account at the provider (decision 0071; on `profiles` until then), written by
 * payments only. No row means what the profile's defaults meant: no connected account, not ready.
 * `onboarding_completed` mirrors what the provider says (the payout use case trusts it); `state` is the
 * account as last read from the provider (decision 0029), a change mails the creator.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    state: text('state', { enum: ['incomplete', 'enabled', 'restricted'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // account.updated and the balance webhooks find their creator by connected account.
    uniqueIndex('payout_accounts_stripe_account_key')
      .on(t.stripeAccountId)
      .where(sql`${t.stripeAccountId} is not null`),
  ],
);
