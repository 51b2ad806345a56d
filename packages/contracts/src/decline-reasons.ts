// A leaf of its own, re-exported by messages.ts: copy.ts labels each reason (DECLINE_REASON_LABELS) and
// messages.ts imports copy.ts, so the list cannot live in messages.ts without an import loop.

/**
 * Issue #13: why a creator declined a paid message (a short list; the fan sees the label). Keep in
 * step with the check on messages.decline_reason.
 */
export const DECLINE_REASONS = [
  'outside_expertise',
  'cannot_answer_well',
  'inappropriate',
  'too_personal',
  'other',
] as const;

export type TDeclineReason = (typeof DECLINE_REASONS)[number];
