import { REPORT_MESSAGES, type TReportRequest } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { contentModeration, messages } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { announceAdminActivity } from '../realtime';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === UNIQUE_VIOLATION) return true;
  return false;
};

/**
 * A fan or creator reports a message or its reply from the conversation view (issue #12). Only the
 * two parties may; one open report per person and item (a partial unique index, so two quick
 * clicks cannot make two). Someone else's message is 'not found', as in the conversation view.
 */
export async function reportContent(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  input: { reporterId: string; messageId: string; report: TReportRequest },
): Promise<{ id: string }> {
  const [message] = await ctx.db
    .select({
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      status: messages.status,
      response: messages.responseContent,
    })
    .from(messages)
    .where(eq(messages.id, input.messageId));
  if (!message || message.status === 'pending' || message.status === 'cancelled') throw notFound('Message not found');
  const party = input.reporterId === message.senderId || input.reporterId === message.recipientId;
  if (!party) throw notFound('Message not found');
  if (input.report.target === 'reply' && !message.response)
    throw new AppError('BAD_REQUEST', 'This message has no reply to report.');
  const reportedUserIsSelf =
    (input.report.target === 'message' ? message.senderId : message.recipientId) === input.reporterId;
  if (reportedUserIsSelf) throw new AppError('BAD_REQUEST', 'You cannot report your own words.');

  const now = ctx.clock.now();
  try {
    const [row] = await ctx.db
      .insert(contentModeration)
      .values({
        contentType: input.report.target,
        contentId: input.messageId,
        reason: input.report.reason,
        status: 'pending',
        reportedBy: input.reporterId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contentModeration.id });
    if (!row) throw new Error('report insert returned nothing');
    await announceAdminActivity(ctx, 'report');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', REPORT_MESSAGES.duplicate);
    throw error;
  }
}
