// Money is integer cents everywhere but at the edges of the UI (ARCHITECTURE §2).

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * "1,234,567": an integer with US thousands separators. Written out rather than `Intl.NumberFormat`:
 * the first Intl formatter a browser tab makes loads ICU's data, 80–280 ms of main-thread time on our
 * test machines, and every first visit paid it while the page hydrated (decision 0037). The same digits
 * on the server and in every browser, whatever their ICU version.
 */
export function formatInteger(value: number): string {
  const digits = String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && Math.trunc(value) !== 0 ? `-${digits}` : digits;
}

/** "$25" for whole dollars, "$25.50" otherwise, "$1,250" with thousands separators. */
export function formatCents(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const dollars = formatInteger(Math.floor(abs / 100));
  const rest = abs % 100;
  const sign = rounded < 0 ? '-' : '';
  return rest === 0 ? `$${sign}${dollars}` : `$${sign}${dollars}.${String(rest).padStart(2, '0')}`;
}

export interface Split {
  platformFee: number;
  creatorShare: number;
}

/** spec §1: the platform fee is the commission of the cents amount, rounded down; the creator gets the rest. */
export function splitAmount(amountCents: number, commissionPercent: number): Split {
  if (!Number.isInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`amount must be a non-negative integer of cents, got ${amountCents}`);
  }
  if (!Number.isInteger(commissionPercent) || commissionPercent < 0 || commissionPercent > 100) {
    throw new RangeError(`commission must be an integer percent, got ${commissionPercent}`);
  }
  const platformFee = Math.floor((amountCents * commissionPercent) / 100);
  return { platformFee, creatorShare: amountCents - platformFee };
}

/** spec §9: follower counts abbreviate to K from 1,000 and M from 1,000,000 with one decimal. */
export function formatCount(count: number): string {
  if (count >= 1_000_000) return `${trimDecimal(count / 1_000_000)}M`;
  if (count >= 1_000) return `${trimDecimal(count / 1_000)}K`;
  return String(count);
}

function trimDecimal(value: number): string {
  return (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '');
}
