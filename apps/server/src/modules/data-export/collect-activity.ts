import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import {
  earnings,
  ledgerEntries,
  messageAttachments,
  messages,
  notifications,
  payments,
  payouts,
  reviews,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { attachmentKey } from '../../platform/storage';
import { type ExportFile, iso, isoOrNull, partiesOf } from './collect-account';
import type { TDataExportDocument } from './export-document';

type Doc = TDataExportDocument;
/** Statuses of a message its recipient has seen (a checkout never paid or given up never reached them). */
const SEEN_BY_RECIPIENT = ['sent', 'responded', 'refunded'] as const;

/**
 * The owner's conversations: every message they sent (their own unpaid checkouts too) and every message
 * sent to them that reached them, with the replies, declines and the images of both sides. Only the
 * images the owner uploaded are copied into the zip; the other side's are listed by id.
 */
export async function collectConversations(ctx: Pick<AppContext, 'db'>, userId: string) {
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(
      or(
        eq(messages.senderId, userId),
        and(eq(messages.recipientId, userId), inArray(messages.status, [...SEEN_BY_RECIPIENT])),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const images =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(messageAttachments)
          .where(
            inArray(
              messageAttachments.messageId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
  const files: ExportFile[] = [];
  const imagesOf = new Map<string, Doc['conversations'][number]['messages'][number]['attachments']>();
  for (const image of images) {
    const mine = image.ownerId === userId;
    const path = `files/attachments/${image.id}.webp`;
    if (mine) files.push({ key: attachmentKey(image.fileName), path, kind: 'attachment' });
    const list = imagesOf.get(image.messageId ?? '') ?? [];
    list.push({
      id: image.id,
      part: image.part ?? 'message',
      uploadedBy: mine ? 'me' : 'them',
      file: mine ? { path, bytes: image.bytes } : null,
    });
    imagesOf.set(image.messageId ?? '', list);
  }

  const otherOf = (row: (typeof rows)[number]) => (row.senderId === userId ? row.recipientId : row.senderId);
  const party = await partiesOf(ctx, rows.map(otherOf));
  const conversations = new Map<string, Doc['conversations'][number]>();
  for (const row of rows) {
    const fromMe = row.senderId === userId;
    let conversation = conversations.get(row.conversationId);
    if (!conversation) {
      // One direction per conversation (spec §4): the fan sends its paid messages, the creator follow-ups.
      const ownerIsFan = row.isFollowup ? !fromMe : fromMe;
      conversation = {
        id: row.conversationId,
        myRole: ownerIsFan ? 'fan' : 'creator',
        otherParty: party(otherOf(row)),
        messages: [],
      };
      conversations.set(row.conversationId, conversation);
    }
    conversation.messages.push({
      id: row.id,
      from: fromMe ? 'me' : 'them',
      content: row.content,
      amountCents: row.amount,
      status: row.status,
      isFollowup: row.isFollowup,
      createdAt: iso(row.createdAt),
      paidAt: isoOrNull(row.paidAt),
      expiresAt: isoOrNull(row.expiresAt),
      reply:
        row.responseContent === null
          ? null
          : { from: fromMe ? 'them' : 'me', content: row.responseContent, at: isoOrNull(row.respondedAt) },
      declined: row.declinedAt ? { reason: row.declineReason, note: row.declineNote, at: iso(row.declinedAt) } : null,
      attachments: imagesOf.get(row.id) ?? [],
    });
  }
  return { conversations: [...conversations.values()], files };
}

/** What the owner paid, and as a creator earned and was paid out, with their own ledger accounts' entries. */
export async function collectMoney(ctx: Pick<AppContext, 'db'>, userId: string) {
  const paid = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.senderId, userId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const creator = await partiesOf(
    ctx,
    paid.map((row) => row.recipientId),
  );
  const earned = await ctx.db
    .select()
    .from(earnings)
    .where(eq(earnings.creatorId, userId))
    .orderBy(asc(earnings.createdAt), asc(earnings.id));
  const paidOut = await ctx.db
    .select()
    .from(payouts)
    .where(eq(payouts.creatorId, userId))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
  // The person's own accounts are named `<kind>:<their id>` (ledger's post-transaction.ts ACCOUNTS).
  const entries = await ctx.db
    .select()
    .from(ledgerEntries)
    .where(like(ledgerEntries.account, `%:${userId}`))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  return {
    payments: paid.map((row): Doc['payments'][number] => ({
      id: row.id,
      messageId: row.messageId,
      creator: creator(row.recipientId),
      amountCents: row.amountTotal,
      status: row.status,
      refundStatus: row.refundStatus,
      createdAt: iso(row.createdAt),
    })),
    earnings: earned.map((row): Doc['earnings'][number] => ({
      id: row.id,
      messageId: row.messageId,
      payoutId: row.payoutId,
      amountCents: row.amount,
      commissionCents: row.commission,
      totalCents: row.totalAmount,
      status: row.status,
      createdAt: iso(row.createdAt),
    })),
    payouts: paidOut.map((row): Doc['payouts'][number] => ({
      id: row.id,
      amountCents: row.amount,
      status: row.status,
      failureReason: row.failureReason,
      createdAt: iso(row.createdAt),
    })),
    ledgerEntries: entries.map((row): Doc['ledgerEntries'][number] => ({
      id: row.id,
      transactionId: row.transactionId,
      account: row.account,
      amountCents: row.amount,
      kind: row.kind,
      paymentId: row.paymentId,
      payoutId: row.payoutId,
      createdAt: iso(row.createdAt),
    })),
  };
}

/** Reviews the owner wrote and received, and their in-app notifications. */
export async function collectReviewsAndNotifications(ctx: Pick<AppContext, 'db'>, userId: string) {
  const rows = await ctx.db
    .select()
    .from(reviews)
    .where(or(eq(reviews.customerId, userId), eq(reviews.creatorId, userId)))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  const party = await partiesOf(
    ctx,
    rows.map((row) => (row.customerId === userId ? row.creatorId : row.customerId)),
  );
  const review = (row: (typeof rows)[number]) => ({
    id: row.id,
    rating: row.rating,
    title: row.title,
    message: row.message,
    creatorResponse: row.creatorResponse,
    creatorResponseAt: isoOrNull(row.creatorResponseAt),
    createdAt: iso(row.createdAt),
  });
  const notes = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return {
    reviews: {
      written: rows
        .filter((row) => row.customerId === userId)
        .map((row) => ({ ...review(row), creator: party(row.creatorId) })),
      received: rows
        .filter((row) => row.creatorId === userId)
        .map((row) => ({ ...review(row), author: party(row.customerId) })),
    },
    notifications: notes.map((row): Doc['notifications'][number] => ({
      id: row.id,
      type: row.type,
      title: row.title,
      body: row.body,
      isRead: row.isRead,
      createdAt: iso(row.createdAt),
    })),
  };
}
