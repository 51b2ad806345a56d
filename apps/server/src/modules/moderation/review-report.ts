import { NOT_AN_ANSWER_KIND, NOT_AN_ANSWER_MESSAGES, type TModerationReview } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { contentModeration, messages } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { recordAudit } from '../audit';
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
 * The ruling itself (spec §2 Review dialog), in one transaction: approve or reject a pending report. A reviewed report cannot be reviewed
 * again (the update only matches a pending row, so two moderators cannot both decide). The reporter
 * hears the outcome in their bell; the change is audited in the same transaction.
 *
 * A "not an answer" flag (decision 0016) also tells the fan and the creator, and returns `flag`: the
 * flow that called this (flows/review-report.ts) moves the money once the ruling has committed.
 */
export async function decideReport<T>(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: { adminId: string; reportId: string; review: TModerationReview },
  /** Runs in the ruling's transaction once it is decided: the caller's effects of it commit with it. */
  inRuling: (tx: Db, decided: Ruling) => Promise<T>,
): Promise<{ status: 'approved' | 'rejected' } & Ruling & { followUp: T }> {
  const outcome = OUTCOME[input.review.decision];
  const now = ctx.clock.now();
  const decided = await ctx.db.transaction(async (tx) => {
    const ruling = await rule(tx);
    return { ...ruling, followUp: await inRuling(tx, ruling) };
  });
  return { status: outcome.status, ...decided };

  async function rule(tx: Db): Promise<Ruling> {
    const [updated] = await tx
      .update(contentModeration)
      .set({
        status: outcome.status,
        moderatorNotes: input.review.notes || null,
        moderatorId: input.adminId,
        updatedAt: now,
      })
      .where(and(eq(contentModeration.id, input.reportId), eq(contentModeration.status, 'pending')))
      .returning({
        reportedBy: contentModeration.reportedBy,
        contentId: contentModeration.contentId,
        contentType: contentModeration.contentType,
      });
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
    if (updated.contentType === NOT_AN_ANSWER_KIND) {
      const [message] = await tx
        .select({ fanId: messages.senderId, creatorId: messages.recipientId })
        .from(messages)
        .where(eq(messages.id, updated.contentId));
      if (!message) return { flag: null, notified: [] };
      const approved = outcome.status === 'approved';
      const notify = async (userId: string, title: string, body: string) => ({
        userId,
        notificationId: await createNotification(tx, {
          userId,
          type: approved ? 'message_refunded' : 'report_reviewed',
          title,
          body,
          messageId: updated.contentId,
          now,
        }),
      });
      const M = NOT_AN_ANSWER_MESSAGES;
      return {
        flag: { messageId: updated.contentId, fanId: message.fanId, creatorId: message.creatorId, approved },
        notified: [
          await notify(
            message.fanId,
            approved ? M.approvedFanTitle : M.rejectedFanTitle,
            approved ? M.approvedFanBody : M.rejectedFanBody,
          ),
          await notify(
            message.creatorId,
            approved ? M.approvedCreatorTitle : M.rejectedCreatorTitle,
            approved ? M.approvedCreatorBody : M.rejectedCreatorBody,
          ),
        ],
      };
    }
    if (!updated.reportedBy) return { flag: null, notified: [] };
    const notificationId = await createNotification(tx, {
      userId: updated.reportedBy,
      type: 'report_reviewed',
      title: outcome.status === 'approved' ? 'Your report was approved' : 'Your report was reviewed',
      body: outcome.body,
      messageId: null,
      now,
    });
    return { flag: null, notified: [{ userId: updated.reportedBy, notificationId }] };
  }
}

/** What a ruling decided: a "not an answer" flag's money to move, and who was notified. */
export interface Ruling {
  flag: { messageId: string; fanId: string; creatorId: string; approved: boolean } | null;
  notified: Array<{ userId: string; notificationId: string }>;
}
