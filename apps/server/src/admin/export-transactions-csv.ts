import { messageOutcomeText, type TAdminTransactionFilter } from '@fanline/contracts';
import { desc } from 'drizzle-orm';
import { payments } from '../db/schema';
import { CSV_BOM, csvRow } from '../platform/csv';
import type { Db } from '../platform/db';
import { toTransaction, transactionRows, transactionWhere } from './list-transactions';

const HEADER = [
  'Date',
  'Payment ID',
  'Sender',
  'Sender username',
  'Creator',
  'Creator username',
  'Status',
  'Outcome',
  'Amount (USD)',
  'Platform fee (USD)',
  'Creator share (USD)',
  'Commission %',
];
const BATCH = 500;
const usd = (cents: number) => (cents / 100).toFixed(2);

/** The Transactions list as CSV with the list's search and filter, read 500 rows at a time. */
export async function* exportTransactionsCsv(db: Db, opts: { search?: string; filter: TAdminTransactionFilter }) {
  yield CSV_BOM + csvRow(HEADER);
  for (let offset = 0; ; offset += BATCH) {
    const rows = await transactionRows(db)
      .where(transactionWhere(opts))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(BATCH)
      .offset(offset);
    for (const r of rows.map(toTransaction)) {
      yield csvRow([
        r.createdAt.toISOString(),
        r.id,
        r.sender.displayName ?? 'Unknown User',
        `@${r.sender.username}`,
        r.recipient.displayName ?? 'Unknown Creator',
        `@${r.recipient.username}`,
        r.status,
        // Issue 36 §5: the message's outcome in the screens' words ("Declined: Outside my expertise").
        r.outcome ? messageOutcomeText(r.outcome, r.declineReason) : '',
        usd(r.amountCents),
        usd(r.platformFeeCents),
        usd(r.creatorCents),
        r.commissionPercent,
      ]);
    }
    if (rows.length < BATCH) return;
  }
}
