import { formatInteger, LIMITS } from '@fanline/contracts';

// spec §2 Support. Placeholders such as {hours} and {share} are filled from the live platform settings
// (lib/platform-config fillCopy).
// spec §2 Support. Every figure below is a spec §9 claim (refunds, review times, prices, payouts, fee) or
// comes from contracts; change them there first. Verification says what it checks (issue 41 §3).
export const FAQ_CATEGORIES = [
  'Guarantees',
  'Payments',
  'Creators',
  'Pricing',
  'Security',
  'Response Times',
  'Messaging',
  'Safety',
] as const;
export type TFaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface TSupportFaq {
  id: string;
  category: TFaqCategory;
  question: string;
  answer: string;
}

export const SUPPORT_FAQS: TSupportFaq[] = [
  {
    id: 'guarantee-24h',
    category: 'Guarantees',
    question: 'What is the {hour} response guarantee?',
    answer:
      'Every paid message must be answered within {hours}. If the creator does not reply in time, you get a full refund automatically. You do not need to ask for it.',
  },
  {
    id: 'guarantee-other-refunds',
    category: 'Guarantees',
    question: 'Can I ask for a refund for another reason?',
    answer:
      'Yes. If something else went wrong, such as a billing mistake or a reply that breaks our rules, contact us within 7 days of sending the message and we will review your request.',
  },
  {
    id: 'payments-methods',
    category: 'Payments',
    question: 'How do I pay for a message?',
    answer:
      "You pay the creator's price by card when you send the message, through our secure card payment provider. There is no subscription: you only pay per message.",
  },
  {
    id: 'payments-history',
    category: 'Payments',
    question: 'Where can I see what I have paid?',
    answer:
      'Your Billing page lists every payment with its status and the conversation it belongs to, and you can export the history as a CSV file.',
  },
  {
    id: 'creators-join',
    category: 'Creators',
    question: 'How do I become a creator?',
    answer:
      'Sign up with the creator account type, link your social account, then set your price and availability in your dashboard settings.',
  },
  {
    id: 'creators-verification',
    category: 'Creators',
    question: 'What do I need to get verified?',
    // Issue 41 §3: what verification checks, not the spec's follower minimum and review it never made.
    answer:
      'A Threads account that is yours. Sign in to it from the verification step: once Threads confirms the account you named, the verified badge appears on your profile at once. There is no follower minimum and no waiting for a review.',
  },
  {
    id: 'creators-payouts',
    category: 'Creators',
    question: 'How and when do creators get paid?',
    answer: `Creators keep {share} of every answered message. You can request a payout once your balance reaches $${LIMITS.minimumPayoutCents / 100}; payouts take 3 to 5 business days.`,
  },
  {
    id: 'pricing-range',
    category: 'Pricing',
    question: 'How much does a message cost?',
    answer:
      'Each creator sets their own price, from {min} to {max} per message. You always see the price before you pay.',
  },
  {
    id: 'pricing-fee',
    category: 'Pricing',
    question: 'What fee does Fanline take?',
    answer:
      'The platform fee is {fee} of each message and comes out of the amount paid; the creator receives the other {share}. Fans pay only the price shown.',
  },
  {
    id: 'pricing-changes',
    category: 'Pricing',
    question: 'Can creators change their price?',
    answer: `Yes, in $${LIMITS.price.stepDollars} steps between {min} and {max}, at any time from their settings. Messages you have already paid for keep the price you paid.`,
  },
  {
    id: 'security-cards',
    category: 'Security',
    question: 'Is my card information safe?',
    answer:
      'Card details are entered on our payment provider’s secure checkout and never stored by Fanline. We only keep a record of the payment.',
  },
  {
    id: 'security-account',
    category: 'Security',
    question: 'How do I keep my account secure?',
    answer: `Use a password of at least ${LIMITS.password.min} characters that is not a common one and that you do not use elsewhere, and sign out on shared devices. You can review these settings under Profile, Security.`,
  },
  {
    id: 'response-typical',
    category: 'Response Times',
    question: 'How quickly do creators reply?',
    answer:
      // Decision 0023: the spec's "Most creators reply within 4 to 8 hours" was not a measured figure.
      'Every reply is guaranteed within {hours} or you are refunded.',
  },
  {
    id: 'response-expired',
    category: 'Response Times',
    question: 'What happens when the {hours} run out?',
    answer:
      'Each conversation shows a countdown. If it reaches zero without a reply, the message expires and your payment is refunded automatically.',
  },
  {
    id: 'messaging-length',
    category: 'Messaging',
    question: 'How long can my message be?',
    answer: `Between ${formatInteger(LIMITS.message.min)} and ${formatInteger(LIMITS.message.max)} characters. A counter below the text box shows how many you have left.`,
  },
  {
    id: 'messaging-continue',
    category: 'Messaging',
    question: 'Can I keep the conversation going?',
    answer:
      'Yes. Once the creator has replied you can continue in the same conversation, and creators can send you free follow-ups.',
  },
  {
    id: 'safety-report',
    category: 'Safety',
    question: 'How do I report inappropriate content?',
    answer:
      'Write to us with the contact form below and tell us which conversation it is about. Our moderation team reviews every report, and you see the outcome in your notifications.',
  },
  {
    id: 'safety-offplatform',
    category: 'Safety',
    question: 'Should I ever pay a creator outside Fanline?',
    answer:
      'No. Payments made outside Fanline are not covered by the {hour} guarantee or our refunds, and never share passwords or card details in a message.',
  },
];
