// Money is integer cents everywhere but at the edges of the UI (ARCHITECTURE §2).

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

// Made once: toLocaleString with options builds a new formatter on every call, which cost a paid
// message's mail 0.1 ms (issue 14 delivery profile) and a browse page one per card.
const wholeDollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$25" for whole dollars, "$25.50" otherwise. */
export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return `$${(Number.isInteger(dollars) ? wholeDollars : dollarsAndCents).format(dollars)}`;
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
