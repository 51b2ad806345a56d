import type { Db } from '../../platform/db';
import { recentEarnings } from './earnings-summary';

const MAX_ROWS = 10_000;

/** The creator's earnings as CSV (spec §2 Earnings Export): one row per earning, newest first. */
export async function exportEarningsCsv(db: Db, creatorId: string): Promise<string> {
  const list = await recentEarnings(db, creatorId, MAX_ROWS);
  const header = ['Date', 'From', 'Username', 'Message', 'Message amount', 'Platform fee', 'Your earnings', 'Status'];
  const lines = list.map((e) =>
    [
      e.createdAt.toISOString(),
      e.senderName,
      e.senderUsername,
      e.messagePreview.slice(0, 50),
      dollars(e.totalAmount),
      dollars(e.commission),
      dollars(e.amount),
      e.status,
    ]
      .map(cell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Quoted as CSV needs, and never read as a formula by a spreadsheet (text from fans goes in here). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
