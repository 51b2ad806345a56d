import type { TModerationReview } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { contentModeration } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { recordAudit } from '../admin';
import { createNotification } from '../notifications';

const OUTCOME = {
  approve: {
    status: 'approved',
    body: 'We reviewed your report and agreed with it. Thank you for helping keep Fanline safe.',
  },
  reject: {
    status: 'rejected',
    body: 'We reviewed your report and found no breach of our rules. Thank you for telling us.',
  },
} as const;

/**
 * Approve or reject a pending report (spec §2 Review dialog). A reviewed report cannot be reviewed
 * again (the update only matches a pending row, so two moderators cannot both decide). The reporter
 * hears the outcome in their bell; the change is audited in the same transaction.
 */
export async function reviewReport(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  input: { adminId: string; reportId: string; review: TModerationReview },
): Promise<{ status: 'approved' | 'rejected' }> {
  const outcome = OUTCOME[input.review.decision];
  const now = ctx.clock.now();
  const notified = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contentModeration)
      .set({
        status: outcome.status,
        moderatorNotes: input.review.notes || null,
        moderatorId: input.adminId,
        updatedAt: now,
      })
      .where(and(eq(contentModeration.id, input.reportId), eq(contentModeration.status, 'pending')))
      .returning({ reportedBy: contentModeration.reportedBy, contentId: contentModeration.contentId });
    if (!updated) {
      const [exists] = await tx
        .select({ id: contentModeration.id })
        .from(contentModeration)
        .where(eq(contentModeration.id, input.reportId));
      if (!exists) throw notFound('Report not found');
      throw new AppError('CONFLICT', 'This report has already been reviewed.');
    }
    await recordAudit(tx, {
      adminId: input.adminId,
      action: `report.${input.review.decision}`,
      targetType: 'report',
      targetId: input.reportId,
      before: { status: 'pending' },
      after: { status: outcome.status, notes: input.review.notes || null },
      now,
    });
    if (!updated.reportedBy) return null;
    const notificationId = await createNotification(tx, {
      userId: updated.reportedBy,
      type: 'report_reviewed',
      title: outcome.status === 'approved' ? 'Your report was approved' : 'Your report was reviewed',
      body: outcome.body,
      messageId: null,
      now,
    });
    return { userId: updated.reportedBy, notificationId };
  });
  if (notified)
    await ctx.events.publish([notified.userId], { type: 'notification', notificationId: notified.notificationId });
  return { status: outcome.status };
}
