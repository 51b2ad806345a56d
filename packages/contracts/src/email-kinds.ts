// A leaf of its own, re-exported by notifications.ts: copy.ts describes each kind (EMAIL_KIND_COPY), so
// the list sits where copy.ts can read it without importing a schema module.

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
