import { LIMITS, NOT_AN_ANSWER_KIND } from '@fanline/contracts';
import { and, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { contentModeration, earnings, ledgerEntries, payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { ACCOUNTS, postLedgerTransaction } from './post-transaction';

const WINDOW_MS = LIMITS.notAnAnswerWindowHours * 3_600_000;

/** Earnings captured at or before this moment have had their whole "not an answer" window. */
export const flagWindowCutoff = (now: Date) => new Date(now.getTime() - WINDOW_MS);

/** The earning's message carries a flag under review, or upheld and not yet refunded (decision 0016). */
export const isFlagged = (): SQL => sql`exists (
  select 1 from ${contentModeration}
  where ${contentModeration.contentType} = ${NOT_AN_ANSWER_KIND}
    and ${contentModeration.contentId} = ${earnings.messageId}
    and ${contentModeration.status} in ('pending', 'approved'))`;

/** The earning's share has left creator_held for creator_payable. */
export const isReleased = (): SQL => sql`exists (
  select 1 from ${ledgerEntries} join ${payments} on ${payments.id} = ${ledgerEntries.paymentId}
  where ${payments.messageId} = ${earnings.messageId} and ${ledgerEntries.kind} = 'unhold')`;

/** The earning's share sits in creator_held now: held at capture and not released (earnings booked before decision 0016 never were). */
export const isHeldNow = (): SQL => sql`(exists (
  select 1 from ${ledgerEntries} join ${payments} on ${payments.id} = ${ledgerEntries.paymentId}
  where ${payments.messageId} = ${earnings.messageId} and ${ledgerEntries.kind} = 'hold') and not ${isReleased()})`;

/**
 * Books a fresh capture's creator share into creator_held (decision 0016), in the capture's own
 * database transaction, right after the capture credited creator_payable: the capture figures stay
 * sums of `capture` credits, and the share is not payable until its window passes.
 */
export async function holdEarning(
  tx: Db,
  opts: { paymentId: string; creatorId: string; amount: number; at: Date },
): Promise<void> {
  await postLedgerTransaction(tx, {
    kind: 'hold',
    paymentId: opts.paymentId,
    at: opts.at,
    legs: [
      { account: ACCOUNTS.creatorPayable(opts.creatorId), amount: -opts.amount },
      { account: ACCOUNTS.creatorHeld(opts.creatorId), amount: opts.amount },
    ],
  });
}

/**
 * Moves every earning whose 48-hour window has passed and that no flag holds from creator_held to
 * creator_payable (decision 0016). Run by the jobs loop, and for one creator before their payout and
 * their earnings figures, so neither waits for the next pass. The earnings are locked first (a flag
 * locks its earning too), then flags and earlier releases are read in new statements, which see
 * anything committed while we waited: a flag racing the end of the window and this release cannot
 * both win, and two releases at once book each earning once.
 */
export async function releaseDueEarnings(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { creatorId?: string; tx?: Db } = {},
): Promise<number> {
  const now = ctx.clock.now();
  const run = async (tx: Db) => {
    const query = tx
      .select({ id: earnings.id })
      .from(earnings)
      .where(
        and(
          opts.creatorId ? eq(earnings.creatorId, opts.creatorId) : undefined,
          isNull(earnings.payoutId),
          inArray(earnings.status, ['pending', 'earned']),
          lte(earnings.createdAt, flagWindowCutoff(now)),
        ),
      );
    // One creator's release waits for the rows (their payout needs them); the jobs pass skips busy ones.
    const due = await (opts.creatorId ? query.for('update') : query.for('update', { skipLocked: true }));
    if (due.length === 0) return 0;
    const ready = await tx
      .select({
        paymentId: payments.id,
        creatorId: earnings.creatorId,
        amount: earnings.amount,
      })
      .from(earnings)
      .innerJoin(payments, eq(payments.messageId, earnings.messageId))
      .where(
        and(
          inArray(
            earnings.id,
            due.map((e) => e.id),
          ),
          sql`not ${isFlagged()}`,
          sql`not ${isReleased()}`,
          sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.paymentId} = ${payments.id} and ${ledgerEntries.kind} = 'hold')`,
        ),
      );
    for (const e of ready) {
      await postLedgerTransaction(tx, {
        kind: 'unhold',
        paymentId: e.paymentId,
        at: now,
        legs: [
          { account: ACCOUNTS.creatorHeld(e.creatorId), amount: -e.amount },
          { account: ACCOUNTS.creatorPayable(e.creatorId), amount: e.amount },
        ],
      });
    }
    return ready.length;
  };
  return opts.tx ? run(opts.tx) : ctx.db.transaction(run);
}

/** What the creator's earnings hold right now: the balance of creator_held:<id>. */
export async function heldBalance(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, ACCOUNTS.creatorHeld(creatorId)));
  return row?.balance ?? 0;
}
