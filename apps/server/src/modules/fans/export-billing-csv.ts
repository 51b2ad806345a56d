import { messageOutcomeText } from '@fanline/contracts';
import { CSV_BOM, csvRow } from '../../platform/csv';
import type { Db } from '../../platform/db';
import { listBillingTransactions } from './list-billing-transactions';

const HEADER = [
  'Date',
  'Creator',
  'Username',
  'Message preview',
  'Amount (USD)',
  'Status',
  'Outcome',
  'Payment ID',
  'Conversation',
];

/**
 * spec §2 Sender billing CSV: every transaction of the fan, in the list's order, read page by page
 * so a long history never sits in memory at once. Amounts as plain decimals a spreadsheet can sum.
 */
export async function* exportBillingCsv(db: Db, opts: { senderId: string; publicUrl: string }) {
  yield CSV_BOM + csvRow(HEADER);
  let cursor: string | undefined;
  do {
    const page = await listBillingTransactions(db, { senderId: opts.senderId, cursor, limit: 500 });
    for (const t of page.transactions) {
      yield csvRow([
        t.createdAt.toISOString(),
        t.creator.displayName ?? t.creator.username,
        `@${t.creator.username}`,
        t.preview,
        (t.amountCents / 100).toFixed(2),
        t.status,
        // Issue 36 §5: what became of the message, in the billing page's words.
        messageOutcomeText(t.outcome, t.declineReason),
        t.paymentId,
        `${opts.publicUrl}/messages/${t.messageId}`,
      ]);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
