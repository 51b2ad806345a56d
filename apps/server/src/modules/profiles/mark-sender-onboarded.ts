import { and, eq, isNull } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Records that the fan was shown the onboarding modal (issue 25); the first time wins. */
export async function markSenderOnboarded(db: Db, opts: { userId: string; now: Date }): Promise<void> {
  await db
    .update(profiles)
    .set({ senderOnboardedAt: opts.now })
    .where(and(eq(profiles.id, opts.userId), isNull(profiles.senderOnboardedAt)));
}
