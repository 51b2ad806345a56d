import { MESSAGE_MESSAGES, notAnAnswerDeadline, type TAttachment } from '@fanline/contracts';
import { and, asc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { directionOf } from './conversation-parties';
import { endCauseOf, isOpenRow, isPaidRow, isVisibleRow, isVisibleToCreator } from './queries';
import { replyFlagsFor } from './reply-flags';

/** What a conversation shows that other modules keep, looked up for a page of message ids. */
export interface ConversationLookups {
  /** The creator's share of each paid message (payments' creatorSharesForMessages). */
  creatorShares: (db: Db, messageIds: readonly string[]) => Promise<Map<string, number>>;
  /** Each message's images (attachments' attachmentsByMessage). */
  attachments: (db: Db, messageIds: readonly string[]) => Promise<Map<string, TAttachment[]>>;
  /** Whether the creator blocks the fan (care's isBlocked). */
  isBlocked: (db: Db, creatorId: string, fanId: string) => Promise<boolean>;
}

/**
 * One conversation by any of its message ids (spec §2 /messages/{id} and /dashboard/messages/{id}),
 * for its two participants and admins only; anyone else gets 'Message not found' (spec §2). The
 * shares and images come from the modules that keep them, passed in by the route (`lookups`).
 */
export async function getConversation(
  ctx: Pick<FastifyInstance, 'db' | 'clock'>,
  opts: { messageId: string; viewerId: string; viewerIsAdmin: boolean; lookups: ConversationLookups },
) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [anchor] = await db.select().from(messages).where(eq(messages.id, opts.messageId));
  const participant = anchor && (anchor.senderId === opts.viewerId || anchor.recipientId === opts.viewerId);
  if (!anchor || !isVisibleRow(anchor) || !(participant || opts.viewerIsAdmin)) {
    throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.messageNotFound);
  }
  // The creator of the conversation is whoever receives its paid messages (one direction, spec §4).
  const { fanId, creatorId } = directionOf(anchor);
  const thread = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, anchor.conversationId),
        isVisibleToCreator(),
        // One (fan, creator) direction: its paid messages and the creator's follow-ups (spec §4).
        or(
          and(eq(messages.senderId, fanId), eq(messages.recipientId, creatorId), eq(messages.isFollowup, false)),
          and(eq(messages.senderId, creatorId), eq(messages.recipientId, fanId), eq(messages.isFollowup, true)),
        ),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));

  const paid = thread.filter(isPaidRow);
  const viewerRole = opts.viewerId === creatorId ? 'creator' : opts.viewerId === fanId ? 'sender' : 'admin';
  const otherId = viewerRole === 'creator' ? fanId : creatorId;

  const [other] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      isCreator: profiles.isCreator,
      instagramVerified: profiles.instagramVerified,
      messagePrice: profiles.messagePrice,
      isAvailable: profiles.isAvailable,
    })
    .from(profiles)
    .where(eq(profiles.id, otherId));
  if (!other) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.messageNotFound);

  const shares = await opts.lookups.creatorShares(
    db,
    paid.map((m) => m.id),
  );
  const shareOf = (id: string) => shares.get(id) ?? 0;
  const open = paid.filter((m) => isOpenRow(m, now));
  const earnedCents = paid.filter((m) => m.status === 'responded').reduce((sum, m) => sum + shareOf(m.id), 0);
  const pendingCents = open.reduce((sum, m) => sum + shareOf(m.id), 0);
  const paidCents = paid
    .filter((m) => m.status === 'sent' || m.status === 'responded')
    .reduce((sum, m) => sum + m.amount, 0);
  const attachments = await opts.lookups.attachments(
    db,
    thread.map((m) => m.id),
  );
  // Issue #13: the "not an answer" flag on each reply, and until when the sender may still flag it.
  const flags = await replyFlagsFor(
    db,
    paid.map((m) => m.id),
  );
  const flaggableUntil = (m: (typeof thread)[number]) => {
    if (viewerRole !== 'sender' || m.status !== 'responded' || !m.respondedAt || flags.has(m.id)) return null;
    const until = notAnAnswerDeadline(m.respondedAt);
    return until.getTime() > now.getTime() && shareOf(m.id) > 0 ? until : null;
  };
  // Issue 36: after a decline or a block the creator is not offered a follow-up into a closed conversation.
  const lastPaid = paid.at(-1);
  let closed: 'declined' | 'blocked' | null = null;
  if (viewerRole === 'creator') {
    if (await opts.lookups.isBlocked(db, creatorId, fanId)) closed = 'blocked';
    else if (open.length === 0 && lastPaid && endCauseOf(lastPaid) === 'decline') closed = 'declined';
  }
  const nextExpiry = open.map((m) => m.expiresAt).sort((a, b) => (a?.getTime() ?? 0) - (b?.getTime() ?? 0))[0] ?? null;

  return {
    conversationId: anchor.conversationId,
    viewerRole,
    otherParty: other,
    messages: thread.map((m) => ({
      id: m.id,
      conversationId: m.conversationId,
      senderId: m.senderId,
      recipientId: m.recipientId,
      content: m.content,
      amount: m.amount,
      status: m.status,
      isFollowup: m.isFollowup,
      responseContent: m.responseContent,
      respondedAt: m.respondedAt,
      expiresAt: m.expiresAt,
      declineReason: m.declineReason,
      declineNote: m.declineNote,
      endedBy: endCauseOf(m),
      createdAt: m.createdAt,
      attachments: attachments.get(m.id) ?? [],
      flag: flags.get(m.id) ?? null,
      flaggableUntil: flaggableUntil(m),
    })),
    earnedCents: viewerRole === 'sender' ? 0 : earnedCents,
    pendingCents: viewerRole === 'sender' ? 0 : pendingCents,
    paidCents,
    creatorBox: viewerRole !== 'creator' || closed ? null : open.length > 0 ? 'response' : 'followup',
    closed,
    senderCanContinue: viewerRole === 'sender' && paid.some((m) => m.status === 'responded'),
    nextExpiry,
  } as const;
}
