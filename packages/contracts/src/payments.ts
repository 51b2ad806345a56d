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

/**
 * Whether an MM / YY expiry is in the past: a card is good through the last day of its month (issue 36
 * §8, as Stripe's test mode answers). Two-digit years are 20YY. Unparseable values are not "expired"
 * (the format rule reports them).
 */
export function cardExpired(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * GET /api/payments/:paymentId (issue 36 §3): one of the caller's own payments, as /payment-success
 * shows it. The page used to believe its URL (`?creator=…&amount=…`); now it shows only this, and an
 * unknown or foreign id is a 404. `state`: awaiting (the provider has not confirmed yet), held (the
 * card is authorized, charged only when the creator replies), charged, returned (released or
 * refunded), failed.
 */
export const PAYMENT_RECEIPT_STATES = ['awaiting', 'held', 'charged', 'returned', 'failed'] as const;
export type TPaymentReceiptState = (typeof PAYMENT_RECEIPT_STATES)[number];
export const ZPaymentReceipt = z.object({
  paymentId: z.uuid(),
  state: z.enum(PAYMENT_RECEIPT_STATES),
  amountCents: z.number().int(),
  creator: z.object({ username: z.string(), displayName: z.string().nullable() }),
  /** The paid message (its conversation's link); null only if the message was deleted. */
  messageId: z.uuid().nullable(),
});
export type TPaymentReceipt = z.input<typeof ZPaymentReceipt>;

/**
 * The local test checkout's cards: Stripe's well-known numbers, so testers need learn only one set. The
 * server decides with them; the checkout page shows them (labelled as test cards) and fills one in.
 */
export const LOCAL_TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

export const ZLocalPayRequest = z.object({
  cardNumber: ZText.max(40)
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number.')),
  expiry: ZText.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM / YY.').refine(
    (value) => !cardExpired(value),
    'Your card has expired.',
  ),
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
