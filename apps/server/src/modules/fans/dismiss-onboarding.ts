import type { Db } from '../../platform/db';
import { markSenderOnboarded } from '../profiles';

/**
 * The fan was shown the onboarding modal (the dashboard says so as soon as it opens it, issue 25): it
 * never shows again, on any device or visit. The first time wins.
 */
export async function dismissOnboarding(db: Db, opts: { senderId: string; now: Date }): Promise<void> {
  await markSenderOnboarded(db, { userId: opts.senderId, now: opts.now });
}
