import { eq, inArray, sql } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema';
import type { Db } from '../../platform/db';
import { ACCOUNTS } from './post-transaction';

/** What the creator may be paid now: the balance of creator_payable:<id> (only captured money reaches it). */
export async function payableBalance(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, ACCOUNTS.creatorPayable(creatorId)));
  return row?.balance ?? 0;
}

/**
 * Everything the creator has earned and not been paid (issue 41): creator_payable and creator_held
 * (earnings still inside their "not an answer" window) together. What a closing account keeps on the books.
 */
export async function unpaidEarnings(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, [ACCOUNTS.creatorPayable(creatorId), ACCOUNTS.creatorHeld(creatorId)]));
  return row?.balance ?? 0;
}
