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

export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;
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

export type TLocalPayRequest = z.input<typeof ZLocalPayRequest>;
export const ZPaymentResult = z.object({ redirectUrl: z.string() });
export type TPaymentResult = z.input<typeof ZPaymentResult>;

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export const ZPaymentProvider = z.enum(PAYMENT_PROVIDERS);
export type TPaymentProvider = z.infer<typeof ZPaymentProvider>;

/** GET /api/payments/config: which checkout is active, whether test-send exists, the live response window. */
export const ZPaymentConfig = z.object({
  provider: ZPaymentProvider,
  /** The test-send button: the local checkout outside production only. */
  testSend: z.boolean(),
  responseWindowHours: z.number().int(),
});
export type TPaymentConfig = z.input<typeof ZPaymentConfig>;

export const ZPayoutAccountStatus = z.object({
  provider: ZPaymentProvider,
  hasAccount: z.boolean(),
  onboardingComplete: z.boolean(),
  /** Whether the creator can open the provider's dashboard (Stripe Express, once onboarded); decision 0029. */
  dashboard: z.boolean(),
  /** The built-in provider's simulated bank for this account (test mode); null with Stripe. */
  simulatedBank: z.enum(['pay', 'reject']).nullable(),
});

export const ZSimulatedBankRequest = z.object({ outcome: z.enum(['pay', 'reject']) });

export type TPayoutAccountStatus = z.input<typeof ZPayoutAccountStatus>;

export const ZOnboardingLinkResponse = z.object({ url: z.string() });
