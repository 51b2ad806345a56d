import { SENDER_RECENT_CONVERSATIONS } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { listRecentConversations } from './list-recent-conversations';
import { senderSummary } from './sender-summary';

/** spec §2 Sender dashboard in one call: name, onboarding, summary card and the 5 newest conversations. */
export async function getSenderDashboard(db: Db, opts: { senderId: string; now: Date }) {
  const [[profile], summary, recentConversations] = await Promise.all([
    db
      .select({
        displayName: profiles.displayName,
        username: profiles.username,
        onboardedAt: profiles.senderOnboardedAt,
      })
      .from(profiles)
      .where(eq(profiles.id, opts.senderId)),
    senderSummary(db, opts),
    listRecentConversations(db, { senderId: opts.senderId, limit: SENDER_RECENT_CONVERSATIONS }),
  ]);
  if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
  return {
    displayName: profile.displayName ?? profile.username,
    showOnboarding: profile.onboardedAt === null,
    summary,
    recentConversations,
  };
}
