import { z } from 'zod';
import { ZAttachmentIds } from './attachments';
import { ZText } from './common';
import { ZMessageContent } from './messages';

// modules/payments: checkout (Stripe or the local test checkout) and the creator's payout account.

/** POST /api/checkout. No amount: the server charges the creator's price (ARCHITECTURE §1). */
export const ZCheckoutRequest = z.object({
  recipientId: z.uuid(),
  messageContent: ZMessageContent,
  attachmentIds: ZAttachmentIds.optional(),
});

export const ZCheckoutResponse = z.object({ url: z.string() });

export type TCheckoutResponse = z.input<typeof ZCheckoutResponse>;

export const ZLocalCheckoutView = z.object({
  paymentId: z.uuid(),
  status: z.enum(['pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed']),
  amount: z.number().int(),
  creator: z.object({ username: z.string(), displayName: z.string().nullable(), avatarUrl: z.string().nullable() }),
  messagePreview: z.string(),
});

export type TLocalCheckoutView = z.input<typeof ZLocalCheckoutView>;

export const ZLocalPayRequest = z.object({
  cardNumber: ZText.max(40)
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number.')),
  expiry: ZText.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM / YY.'),
  cvc: ZText.regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit code.'),
  name: ZText.trim().min(1, 'Enter the name on the card.').max(100),
});

export const ZPaymentResult = z.object({ redirectUrl: z.string() });

export const ZPayoutAccountStatus = z.object({
  provider: z.enum(['local', 'stripe']),
  hasAccount: z.boolean(),
  onboardingComplete: z.boolean(),
});

export type TPayoutAccountStatus = z.input<typeof ZPayoutAccountStatus>;

export const ZOnboardingLinkResponse = z.object({ url: z.string() });
