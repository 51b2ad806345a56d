import { createHash } from 'node:crypto';
import type { TAdminPageQuery, ZAdminDisputesResponse } from '@fanline/contracts';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { disputes, messages, payments, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { readPage, windowTotal } from '../../platform/paging';
import { recordAudit } from '../audit';
import { applyDisputeNews, type DisputeContext } from './dispute-state';

type Response = z.output<typeof ZAdminDisputesResponse>;
type Row = Response['disputes'][number];

const fan = alias(profiles, 'fan');
const creator = alias(profiles, 'creator');

const FIELDS = {
  dispute: disputes,
  messageId: payments.messageId,
  content: messages.content,
  fanId: fan.id,
  fanUsername: fan.username,
  fanName: fan.displayName,
  creatorId: creator.id,
  creatorUsername: creator.username,
  creatorName: creator.displayName,
  total: windowTotal(),
};

/** A dispute with its payment's fan, creator and message. */
const disputeRows = (db: Db) =>
  db
    .select(FIELDS)
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .innerJoin(fan, eq(fan.id, payments.senderId))
    .innerJoin(creator, eq(creator.id, payments.recipientId))
    .leftJoin(messages, eq(messages.id, payments.messageId));

const toDispute = (r: {
  dispute: typeof disputes.$inferSelect;
  messageId: string | null;
  content: string | null;
  fanId: string;
  fanUsername: string;
  fanName: string | null;
  creatorId: string;
  creatorUsername: string;
  creatorName: string | null;
}): Row => ({
  id: r.dispute.id,
  status: r.dispute.status as Row['status'],
  reason: r.dispute.reason,
  amountCents: r.dispute.amount,
  currency: r.dispute.currency,
  dueBy: r.dispute.dueBy,
  earningAction: r.dispute.earningAction,
  submissionCount: r.dispute.submissionCount,
  evidenceText: r.dispute.evidenceText,
  evidenceSubmittedAt: r.dispute.evidenceSubmittedAt,
  paymentId: r.dispute.paymentId,
  messageId: r.messageId,
  messagePreview: r.content === null ? null : r.content.slice(0, 120),
  fan: { id: r.fanId, username: r.fanUsername, displayName: r.fanName },
  creator: { id: r.creatorId, username: r.creatorUsername, displayName: r.creatorName },
  createdAt: r.dispute.createdAt,
});

/** Admin › Disputes (decision 0054): newest first, with the deadline, the payment's people and message. */
export async function listDisputes(db: Db, query: TAdminPageQuery): Promise<Response> {
  const { rows, page } = await readPage(query, (limit, offset) =>
    disputeRows(db).orderBy(desc(disputes.createdAt), desc(disputes.id)).limit(limit).offset(offset),
  );
  return { ...page, disputes: rows.map(toDispute) };
}

/**
 * An admin answers a chargeback with text evidence (decision 0054): sent to the provider and, unless
 * `submit` is false, submitted to the bank. Keyed by the dispute and the text, so a double click sends
 * once and a corrected text is a new request. The provider's answer is applied as a webhook's would
 * be, then the text and who sent it are recorded with an audit entry in one transaction. Refused (409)
 * once the dispute is submitted or closed, or past its deadline.
 */
export async function submitDisputeEvidence(
  ctx: DisputeContext,
  opts: { adminId: string; id: string; text: string; submit: boolean },
): Promise<Row> {
  const [row] = await ctx.db.select().from(disputes).where(eq(disputes.id, opts.id));
  if (!row) throw notFound('No dispute with this id.');
  const rails = ctx.payments.disputes;
  if (!rails) throw new AppError('CONFLICT', 'This payment provider has no disputes.');
  if (row.status !== 'needs_response' && row.status !== 'warning_needs_response') {
    throw new AppError('CONFLICT', 'This dispute no longer takes evidence: it was submitted already or is closed.');
  }
  if (row.dueBy && row.dueBy.getTime() < ctx.clock.now().getTime()) {
    throw new AppError('CONFLICT', 'The deadline to answer this dispute has passed.');
  }
  const digest = createHash('sha256').update(`${opts.submit}:${opts.text}`).digest('hex').slice(0, 32);
  const news = await rails.submitEvidence(
    row.providerDisputeId,
    { text: opts.text, submit: opts.submit },
    `fanline:dispute:${row.id}:evidence:${digest}`,
  );
  await applyDisputeNews(ctx, news);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(disputes)
      .set({ evidenceText: opts.text, evidenceSubmittedAt: now, evidenceSubmittedBy: opts.adminId, updatedAt: now })
      .where(eq(disputes.id, row.id));
    await recordAudit(tx, {
      adminId: opts.adminId,
      action: opts.submit ? 'dispute.submit_evidence' : 'dispute.save_evidence',
      targetType: 'dispute',
      targetId: row.id,
      before: { status: row.status, submissionCount: row.submissionCount },
      after: { status: news.status, submissionCount: news.submissionCount, evidence: opts.text },
      now,
    });
  });
  const [after] = await disputeRows(ctx.db).where(eq(disputes.id, row.id));
  if (!after) throw new Error(`dispute ${row.id} vanished`);
  return toDispute(after);
}
