import type { TEmailKind } from '@fanline/contracts';
import type { MailContent } from './layout';
import * as t from './templates';

/** The mails that are about the account itself: never an unsubscribe link (they must always arrive). */
export const SECURITY_MAIL_KINDS = [
  'email-confirmation',
  'password-reset',
  'sign-up-attempt',
  'data-export',
  'account-closing',
] as const;
export type SecurityMailKind = (typeof SECURITY_MAIL_KINDS)[number];

/** What a sent mail is, for the log and the outbox: a product kind (switchable), a security mail, an alert. */
export type MailKind = SecurityMailKind | TEmailKind | 'system-alert';

/**
 * How a mail is sent: `product` through notifications' mailUser (the reader's switch of `kind`, an
 * unsubscribe link and List-Unsubscribe headers); `security` and `alert` straight through the mailer.
 */
export type MailChannel = 'product' | 'security' | 'alert';

export interface CatalogEntry {
  title: string;
  kind: MailKind;
  channel: MailChannel;
  /** The mail with sample data, whose user-written parts carry markup and `&` to show they are escaped. */
  sample: (base: string) => MailContent;
  /** The sample's user-written strings, as the reader must see them. */
  userText: string[];
  /** The sample reader's name ("Hi …,"), for product mails. */
  recipientName?: string;
}

// Sample people and text: the names and the message carry `<script>` and `&` on purpose.
const FAN = 'Sam <script>alert(1)</script> & Co';
const CREATOR = 'Ana & <b>Bold</b>';
const MESSAGE = 'Hi! <img src=x onerror=alert(1)> Loved your last video & want to ask about it.';
const SAMPLE_TOKEN = 'preview-sample-token';

/**
 * Every template, with sample data (the /dev/mail preview and the test that renders each one).
 * A new mail is a new entry here: the tests iterate over this list.
 */
export const MAIL_CATALOG = {
  'email-confirmation': {
    title: 'Confirm your account',
    kind: 'email-confirmation',
    channel: 'security',
    sample: (base) => t.confirmationMail({ link: `${base}/auth/confirm#token=${SAMPLE_TOKEN}` }),
    userText: [],
  },
  'password-reset': {
    title: 'Password reset',
    kind: 'password-reset',
    channel: 'security',
    sample: (base) => t.passwordResetMail({ link: `${base}/reset-password#token=${SAMPLE_TOKEN}` }),
    userText: [],
  },
  'sign-up-attempt': {
    title: 'Sign-up attempt with an existing email',
    kind: 'sign-up-attempt',
    channel: 'security',
    sample: (base) => t.signUpAttemptMail({ signInUrl: `${base}/login`, resetUrl: `${base}/forgot-password` }),
    userText: [],
  },
  'data-export': {
    title: 'Your data is ready to download',
    kind: 'data-export',
    channel: 'security',
    sample: (base) =>
      t.dataExportReadyMail({ link: `${base}/profile?tab=security`, expiresAt: new Date('2026-12-05T12:00:00Z') }),
    userText: [],
  },
  'account-closing': {
    title: 'Account closing (cancel link)',
    kind: 'account-closing',
    channel: 'security',
    sample: (base) =>
      t.accountClosingMail({
        scheduledFor: '12 December 2026',
        cancelLink: `${base}/login#cancel-deletion=${SAMPLE_TOKEN}`,
        refundedMessages: 2,
        earningsHeldCents: 4250,
      }),
    userText: [],
  },
  'system-alert': {
    title: 'System alert (admins)',
    kind: 'system-alert',
    channel: 'alert',
    sample: (base) =>
      t.systemAlertMail({
        subject: 'payment provider failed to capture a payment',
        lines: [
          'The payment provider failed to capture payment 00000000-0000-4000-8000-000000000000.',
          'Error: Card <declined> & expired',
          'The reconciler keeps retrying; this alert is sent once per payment.',
        ],
        link: `${base}/admin/transactions`,
      }),
    userText: ['Error: Card <declined> & expired'],
  },
  'new-message': {
    title: 'New paid message (creator)',
    kind: 'new-message',
    channel: 'product',
    sample: (base) =>
      t.newMessageMail({
        senderName: FAN,
        message: { content: MESSAGE, amount: 2500 },
        link: `${base}/dashboard/messages/00000000-0000-4000-8000-000000000001`,
      }),
    userText: [FAN, MESSAGE],
    recipientName: CREATOR,
  },
  'message-reminder': {
    title: 'Reply deadline reminder (creator)',
    kind: 'message-reminder',
    channel: 'product',
    sample: (base) =>
      t.reminderMail({
        label: '4 hours',
        amountCents: 2500,
        link: `${base}/dashboard/messages/00000000-0000-4000-8000-000000000001`,
      }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
  'message-reply': {
    title: 'Creator replied (fan)',
    kind: 'message-reply',
    channel: 'product',
    sample: (base) =>
      t.replyMail({
        creatorName: CREATOR,
        reply: 'Thanks for asking! <i>Short answer</i>: yes & no.',
        kind: 'response',
        link: `${base}/messages/00000000-0000-4000-8000-000000000001`,
      }),
    userText: [CREATOR, 'Thanks for asking! <i>Short answer</i>: yes & no.', FAN],
    recipientName: FAN,
  },
  'message-refund': {
    title: 'No reply in time: refund or released hold (fan)',
    kind: 'message-refund',
    channel: 'product',
    sample: (base) =>
      t.refundMail({
        creatorName: CREATOR,
        amountCents: 2500,
        windowHours: 48,
        how: 'refunded',
        link: `${base}/messages/00000000-0000-4000-8000-000000000001`,
      }),
    userText: [CREATOR, FAN],
    recipientName: FAN,
  },
  'message-declined': {
    title: 'Creator declined the message (fan)',
    kind: 'message-refund',
    channel: 'product',
    sample: (base) =>
      t.declineMail({
        creatorName: CREATOR,
        amountCents: 2500,
        reason: 'Outside my expertise',
        note: 'Try asking <someone> who knows tax law & accounting.',
        how: 'released',
        link: `${base}/messages/00000000-0000-4000-8000-000000000001`,
      }),
    userText: [CREATOR, 'Try asking <someone> who knows tax law & accounting.', FAN],
    recipientName: FAN,
  },
  'flag-refund': {
    title: '"Not an answer" flag upheld: refund (fan)',
    kind: 'message-refund',
    channel: 'product',
    sample: (base) => t.flagRefundMail({ link: `${base}/messages/00000000-0000-4000-8000-000000000001` }),
    userText: [FAN],
    recipientName: FAN,
  },
  'admin-refund': {
    title: 'Answered message refunded by an admin (fan)',
    kind: 'message-refund',
    channel: 'product',
    sample: (base) =>
      t.adminRefundMail({ amountCents: 2_500, link: `${base}/messages/00000000-0000-4000-8000-000000000001` }),
    userText: [FAN],
    recipientName: FAN,
  },
  'earning-taken-back': {
    title: 'Answered message refunded: earning taken back (creator)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) =>
      t.earningTakenBackMail({
        amountCents: 2_500,
        earningCents: 1_875,
        how: 'netted',
        link: `${base}/dashboard/earnings`,
      }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
  'payout-refused': {
    title: 'Payout transfer refused (creator)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) =>
      t.payoutRefusedMail({
        amountCents: 15_000,
        reason: 'Destination <account> closed & unusable',
        earningsUrl: `${base}/dashboard/earnings`,
      }),
    userText: [CREATOR, 'Destination <account> closed & unusable'],
    recipientName: CREATOR,
  },
  'payout-paid': {
    title: 'Payout paid into the bank (creator, Connect)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) => t.payoutPaidMail({ amountCents: 15_000, earningsUrl: `${base}/dashboard/earnings` }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
  'payout-failed': {
    title: 'Payout failed at the bank (creator, Connect)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) =>
      t.payoutFailedMail({
        amountCents: 15_000,
        reason: 'The bank account number is <invalid> & was closed.',
        advice:
          'Your bank did not accept it. Update your bank account in your Stripe Express dashboard (Settings → Payout → Open Stripe dashboard), then press Retry on this payout in your payout history.',
        settingsUrl: `${base}/dashboard/settings?tab=payout`,
      }),
    userText: [CREATOR, 'The bank account number is <invalid> & was closed.'],
    recipientName: CREATOR,
  },
  'payout-canceled': {
    title: 'Payout canceled at Stripe (creator, Connect)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) =>
      t.payoutCanceledMail({
        amountCents: 15_000,
        advice:
          'The payout was canceled before it reached your bank. The money is safe on your Stripe balance: press Retry on this payout in your payout history to send it again.',
        earningsUrl: `${base}/dashboard/earnings`,
      }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
  'payout-account-incomplete': {
    title: 'Payout account: onboarding incomplete (creator, Connect)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) => t.payoutAccountIncompleteMail({ settingsUrl: `${base}/dashboard/settings?tab=payout` }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
  'payout-account-enabled': {
    title: 'Payout account: payouts enabled (creator, Connect)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) => t.payoutAccountEnabledMail({ earningsUrl: `${base}/dashboard/earnings` }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
  'payout-account-restricted': {
    title: 'Payout account: more information needed (creator, Connect)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) => t.payoutAccountRestrictedMail({ settingsUrl: `${base}/dashboard/settings?tab=payout` }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
  'dispute-opened-fan': {
    title: 'Chargeback opened (fan)',
    kind: 'message-refund',
    channel: 'product',
    sample: (base) =>
      t.disputeMail({
        audience: 'fan',
        stage: 'opened',
        amountCents: 2500,
        shareCents: 2000,
        clawedBack: false,
        creatorName: CREATOR,
        link: `${base}/messages`,
      }),
    userText: [FAN, CREATOR],
    recipientName: FAN,
  },
  'dispute-opened-creator': {
    title: 'Chargeback opened: earning clawed back (creator)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) =>
      t.disputeMail({
        audience: 'creator',
        stage: 'opened',
        amountCents: 2500,
        shareCents: 2000,
        clawedBack: true,
        creatorName: CREATOR,
        link: `${base}/dashboard/earnings`,
      }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
  'dispute-lost-creator': {
    title: 'Chargeback closed for the fan (creator)',
    kind: 'payout-status',
    channel: 'product',
    sample: (base) =>
      t.disputeMail({
        audience: 'creator',
        stage: 'lost',
        amountCents: 2500,
        shareCents: 2000,
        clawedBack: false,
        creatorName: CREATOR,
        link: `${base}/dashboard/earnings`,
      }),
    userText: [CREATOR],
    recipientName: CREATOR,
  },
} satisfies Record<string, CatalogEntry>;

export type MailTemplateId = keyof typeof MAIL_CATALOG;
export const MAIL_TEMPLATE_IDS = Object.keys(MAIL_CATALOG) as MailTemplateId[];

/** The sample reader's unsubscribe link: a preview token, which the unsubscribe page refuses as invalid. */
export function sampleUnsubscribeUrl(base: string): string {
  return `${base}/unsubscribe?token=${SAMPLE_TOKEN}`;
}
