import { and, eq, isNull } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * The fan was shown the onboarding modal (the dashboard says so as soon as it opens it, issue 25): it
 * never shows again, on any device or visit. The first time wins.
 */
export async function dismissOnboarding(db: Db, opts: { senderId: string; now: Date }): Promise<void> {
  await db
    .update(profiles)
    .set({ senderOnboardedAt: opts.now })
    .where(and(eq(profiles.id, opts.senderId), isNull(profiles.senderOnboardedAt)));
}
