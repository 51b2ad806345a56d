import { DECLINE_REASON_LABELS } from './copy';
import type { TDeclineReason } from './decline-reasons';
import type { TMessageEndCause } from './messages';

/**
 * One word for one event (issue 36 §5): how a paid message stands or ended, said the same way by the
 * fan's and the creator's conversations, billing, Admin → Messages and Transactions, the CSV exports
 * and the mails. Before, one decline was "Expired" for the admin, "Declined" for the fan, "Released"
 * in Transactions and "canceled" in the activity feed, and an admin could not tell a decline from a
 * missed deadline.
 *
 * - Pending: paid, waiting for the creator's reply (the window is running).
 * - Answered: the creator replied.
 * - Declined: the creator declined it, with a reason; the money went back.
 * - Released: the creator blocked the fan; the money went back.
 * - Expired: no reply in time (or an admin ended it as if its window had run out); the money went back.
 * - Refunded: the money of an answered message went back (a "not an answer" flag upheld).
 * - Follow-up: a creator's free follow-up, which awaits no answer.
 */
export const MESSAGE_OUTCOMES = [
  'pending',
  'answered',
  'declined',
  'released',
  'expired',
  'refunded',
  'followup',
] as const;
export type TMessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

export const MESSAGE_OUTCOME_LABELS: Record<TMessageOutcome, string> = {
  pending: 'Pending',
  answered: 'Answered',
  declined: 'Declined',
  released: 'Released',
  expired: 'Expired',
  refunded: 'Refunded',
  followup: 'Follow-up',
};

/** What each word means, for a tooltip, a legend or a mail's plain-text line. */
export const MESSAGE_OUTCOME_MEANINGS: Record<TMessageOutcome, string> = {
  pending: 'Waiting for the creator’s reply',
  answered: 'The creator replied',
  declined: 'The creator declined it; the money went back',
  released: 'The creator blocked the fan; the money went back',
  expired: 'No reply in time; the money went back',
  refunded: 'The money went back after the reply',
  followup: 'A free follow-up from the creator',
};

/** The fields of a message the outcome is read from (ZThreadMessage and the admin row carry them). */
export interface MessageOutcomeFacts {
  status: string;
  isFollowup?: boolean;
  /** Why an unanswered paid message ended (ZThreadMessage.endedBy); null unless `refunded`. */
  endedBy?: TMessageEndCause | null;
  /** An answered message whose money went back (an upheld flag). */
  refundedAfterAnswer?: boolean;
}

export function messageOutcome(m: MessageOutcomeFacts): TMessageOutcome {
  if (m.isFollowup) return 'followup';
  if (m.status === 'responded') return m.refundedAfterAnswer ? 'refunded' : 'answered';
  if (m.status === 'refunded') {
    if (m.endedBy === 'decline') return 'declined';
    if (m.endedBy === 'block') return 'released';
    return 'expired';
  }
  return 'pending';
}

/** "Declined: Outside my expertise", else the outcome's word. */
export function messageOutcomeText(outcome: TMessageOutcome, declineReason?: TDeclineReason | null): string {
  const label = MESSAGE_OUTCOME_LABELS[outcome];
  return outcome === 'declined' && declineReason ? `${label}: ${DECLINE_REASON_LABELS[declineReason]}` : label;
}
