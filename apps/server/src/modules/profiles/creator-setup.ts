import { eq } from 'drizzle-orm';
import { payoutAccounts, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * Issue 36: what the setup checklist reads from the creator's own profile row: a saved price, a
 * photo, a payout account that can be paid (payments' payout_accounts.state 'enabled', decision 0071),
 * the link copied.
 */
export async function creatorSetupFacts(db: Db, creatorId: string) {
  const [row] = await db
    .select({
      priceSetAt: profiles.priceSetAt,
      avatarUrl: profiles.avatarUrl,
      payoutAccountState: payoutAccounts.state,
      linkSharedAt: profiles.linkSharedAt,
    })
    .from(profiles)
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, profiles.id))
    .where(eq(profiles.id, creatorId));
  return {
    price: Boolean(row?.priceSetAt),
    photo: Boolean(row?.avatarUrl),
    payout: row?.payoutAccountState === 'enabled',
    share: Boolean(row?.linkSharedAt),
  };
}

/** The checklist's "Copy your link" was used: remembered once (the first time). */
export async function markLinkShared(db: Db, opts: { creatorId: string; now: Date }): Promise<void> {
  const [row] = await db
    .select({ linkSharedAt: profiles.linkSharedAt })
    .from(profiles)
    .where(eq(profiles.id, opts.creatorId));
  if (row && !row.linkSharedAt) {
    await db.update(profiles).set({ linkSharedAt: opts.now }).where(eq(profiles.id, opts.creatorId));
  }
}
