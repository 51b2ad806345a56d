import { LIMITS } from '@fanline/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { earnings, messages, payoutAccounts, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { heldBalance, isFlagged, isHeldNow, releaseDueEarnings } from './earning-holds';
import { ACCOUNTS } from './post-transaction';

const CHART_DAYS = 30;
const RECENT = 10;

/**
 * spec §2 Earnings, every figure a sum over the ledger (ARCHITECTURE §8): what captures credited to
 * creator_payable:<id> and kept (earnedCapture) today, in the last 7 days and this month (days in the
 * creator's own time zone), in total, and the account's balance (what may be paid out) beside
 * creator_held's (decision 0016). "Now" is the app's clock.
 */
export async function earningsSummary(ctx: Pick<AppContext, 'db' | 'clock'>, creatorId: string) {
  const [me] = await ctx.db
    .select({ timeZone: profiles.timeZone, ready: payoutAccounts.onboardingCompleted, isCreator: profiles.isCreator })
    .from(profiles)
    // Payments' payout account (decision 0071): no row, no account.
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, profiles.id))
    .where(eq(profiles.id, creatorId));
  if (!me?.isCreator) throw new AppError('FORBIDDEN', 'Only creators have earnings.');
  const tz = me?.timeZone ?? 'UTC';
  const now = ctx.clock.now();
  const account = ACCOUNTS.creatorPayable(creatorId);
  const earned = earnedCapture(creatorId);
  // Earnings whose window passed show as available now, not at the next jobs pass.
  await releaseDueEarnings(ctx, { creatorId });

  const figures = await rows<{
    today: string;
    last7: number;
    month: number;
    total: number;
    balance: number;
    today_amount: number;
  }>(
    ctx.db,
    sql`
      with b as (select (${now.toISOString()}::timestamptz at time zone ${tz})::date as today)
      select b.today::text as today,
        coalesce(sum(e.amount) filter (where ${earned} and (e.created_at at time zone ${tz})::date = b.today), 0)::bigint as today_amount,
        coalesce(sum(e.amount) filter (where ${earned} and (e.created_at at time zone ${tz})::date > b.today - 7), 0)::bigint as last7,
        coalesce(sum(e.amount) filter (where ${earned}
          and date_trunc('month', (e.created_at at time zone ${tz})::date) = date_trunc('month', b.today)), 0)::bigint as month,
        coalesce(sum(e.amount) filter (where ${earned}), 0)::bigint as total,
        coalesce(sum(e.amount), 0)::bigint as balance
      from b left join ledger_entries e on e.account = ${account}
      group by b.today`,
  );
  const f = figures[0];
  if (!f) throw new Error('earnings summary returned no row');
  // Captured but not payable yet: the 48-hour flag window runs or a flag holds it (decision 0016).
  const held = await heldBalance(ctx.db, creatorId);
  const holds = await holdBreakdown(ctx.db, creatorId);

  const perDay = await rows<{ day: string; amount: number }>(
    ctx.db,
    sql`
      select ((e.created_at at time zone ${tz})::date)::text as day, sum(e.amount)::bigint as amount
      from ledger_entries e
      where e.account = ${account} and ${earned}
        and e.created_at >= ((${f.today}::date - ${CHART_DAYS - 1}::int)::timestamp at time zone ${tz})
      group by 1`,
  );
  const byDay = new Map(perDay.map((d) => [d.day, Number(d.amount)]));
  const daily = lastDays(f.today, CHART_DAYS).map((date) => ({ date, amount: byDay.get(date) ?? 0 }));

  return {
    timeZone: tz,
    today: Number(f.today_amount),
    last7Days: Number(f.last7),
    thisMonth: Number(f.month),
    totalEarned: Number(f.total),
    available: Number(f.balance),
    held,
    heldUnderReview: holds.underReview,
    nextReleaseAt: holds.oldestInWindow
      ? new Date(holds.oldestInWindow.getTime() + LIMITS.notAnAnswerWindowHours * 3_600_000)
      : null,
    holdWindowHours: LIMITS.notAnAnswerWindowHours,
    minimumPayout: LIMITS.minimumPayoutCents,
    payoutAccountReady: me.ready ?? false,
    daily,
    recent: await recentEarnings(ctx.db, creatorId, RECENT),
  };
}

/**
 * A ledger row `e` that is a capture's credit to the creator and was not reversed since: an upheld
 * "not an answer" flag refunds the capture and takes the share back from the creator (decision 0016),
 * so it was never earned and leaves every earned figure, on the day it was captured too.
 */
function earnedCapture(creatorId: string) {
  return sql`(e.kind = 'capture' and not exists (
    select 1 from ledger_entries r
    where r.payment_id = e.payment_id and r.kind = 'refund'
      and r.account in (${ACCOUNTS.creatorPayable(creatorId)}, ${ACCOUNTS.creatorHeld(creatorId)})))`;
}

/** Earnings rows newest first with the message and its sender (the transactions list and the CSV). */
export async function recentEarnings(db: Db, creatorId: string, limit: number) {
  const list = await db
    .select({
      id: earnings.id,
      messageId: earnings.messageId,
      amount: earnings.amount,
      commission: earnings.commission,
      totalAmount: earnings.totalAmount,
      status: earnings.status,
      flagged: sql<boolean>`${isFlagged()}`,
      held: sql<boolean>`${isHeldNow()}`,
      createdAt: earnings.createdAt,
      content: messages.content,
      senderName: profiles.displayName,
      senderUsername: profiles.username,
    })
    .from(earnings)
    .innerJoin(messages, eq(messages.id, earnings.messageId))
    .innerJoin(profiles, eq(profiles.id, messages.senderId))
    .where(eq(earnings.creatorId, creatorId))
    .orderBy(desc(earnings.createdAt), desc(earnings.id))
    .limit(limit);
  return list.map(({ content, senderName, senderUsername, status, flagged, held, ...rest }) => ({
    ...rest,
    status: status as 'pending' | 'earned' | 'paid_out' | 'refunded' | 'reversed' | 'disputed',
    // Issue #13: why an unpaid earning is not payable yet (decision 0016).
    hold:
      status === 'refunded' || status === 'paid_out' || status === 'reversed' || status === 'disputed'
        ? null
        : flagged
          ? ('flagged' as const)
          : held
            ? ('window' as const)
            : null,
    messagePreview: content.slice(0, 120),
    senderName: senderName ?? senderUsername,
    senderUsername,
  }));
}

/**
 * Why held money is held (decision 0016): the part a fan's "not an answer" flag holds until our review,
 * and the oldest earning still inside its window (it becomes payable first).
 */
async function holdBreakdown(db: Db, creatorId: string) {
  const [row] = await db
    .select({
      underReview: sql<number>`coalesce(sum(${earnings.amount}) filter (where ${isFlagged()}), 0)::bigint`.mapWith(
        Number,
      ),
      oldestInWindow: sql<string | null>`min(${earnings.createdAt}) filter (where not ${isFlagged()})`,
    })
    .from(earnings)
    .where(
      and(
        eq(earnings.creatorId, creatorId),
        isNull(earnings.payoutId),
        inArray(earnings.status, ['pending', 'earned']),
        sql`${isHeldNow()}`,
      ),
    );
  return {
    underReview: row?.underReview ?? 0,
    oldestInWindow: row?.oldestInWindow ? new Date(row.oldestInWindow) : null,
  };
}

/** The `count` calendar dates ending with `today` (YYYY-MM-DD), oldest first. */
function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
