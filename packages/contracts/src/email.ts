import { z } from 'zod';

/**
 * Every kind of product email a user can switch off on its own (issue #13). Adding a kind is one
 * entry here and one in EMAIL_KIND_COPY; stored preferences without it read as "on".
 */
export const EMAIL_KINDS = [
  'new-message',
  'message-reply',
  'message-refund',
  'payout-status',
  'message-reminder',
] as const;
export type TEmailKind = (typeof EMAIL_KINDS)[number];
export const ZEmailKind = z.enum(EMAIL_KINDS);

/** Who gets the kind: the notifications tabs show a creator's kinds to creators only. */
export const EMAIL_KIND_COPY: Record<TEmailKind, { label: string; hint: string; audience: 'creator' | 'fan' }> = {
  'new-message': { label: 'New paid messages', hint: 'When a fan pays to message you.', audience: 'creator' },
  'payout-status': {
    label: 'Payout updates',
    hint: 'When a payout reaches your bank or is refused.',
    audience: 'creator',
  },
  'message-reminder': {
    label: 'Deadline reminder emails',
    hint: 'When a paid message is close to its reply deadline (the bell reminder has its own switch).',
    audience: 'creator',
  },
  'message-reply': { label: 'Replies', hint: 'When a creator replies or sends a follow-up.', audience: 'fan' },
  'message-refund': {
    label: 'Refunds and released holds',
    hint: "When a creator doesn't reply in time and your money comes back.",
    audience: 'fan',
  },
};

const switches = Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, z.boolean()])) as {
  [K in TEmailKind]: z.ZodBoolean;
};
/** One switch per kind; all of them only matter while the master `email` switch is on. */
export const ZEmailKindSwitches = z.object(switches);
export type TEmailKindSwitches = z.infer<typeof ZEmailKindSwitches>;
