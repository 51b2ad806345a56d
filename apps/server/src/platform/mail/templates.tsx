/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  formatCents,
  MESSAGE_OUTCOME_LABELS,
  NOT_AN_ANSWER_MESSAGES,
  RETURN_NOTES,
  type TMessageOutcome,
} from '@fanline/contracts';
import { A, Fact, type MailContent, P, Quote } from './layout';

// Every mail Fanline sends, as a function of plain data (no database, no context): the product mails,
// the security mails and the admins' system alerts. The wording is the one these mails had as plain
// text (issue #13, N6, #12); user-written text is passed as values, which React escapes.

/**
 * Issue 36 §5: a mail that tells how a message ended names it with the word the fan's billing, the
 * conversation and the admin's lists use ("Status: Declined"), from contracts.
 */
function Outcome({ outcome }: { outcome: TMessageOutcome }) {
  return <Fact label="Status">{MESSAGE_OUTCOME_LABELS[outcome]}</Fact>;
}

const cut = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

// ---- Security mails (no unsubscribe: they are about the account itself) ----

export function confirmationMail(opts: { link: string }): MailContent {
  return {
    subject: 'Confirm your Fanline account',
    preview: 'Confirm your email address to start using your account.',
    heading: 'Welcome to Fanline!',
    body: <P>Confirm your email address to start using your account:</P>,
    cta: { label: 'Confirm my email', href: opts.link },
    after: <P>The link works for 48 hours. If you did not sign up, ignore this email.</P>,
    reason: 'You receive this because this address was used to sign up for Fanline.',
  };
}

export function passwordResetMail(opts: { link: string }): MailContent {
  return {
    subject: 'Reset your Fanline password',
    preview: 'Choose a new password for your Fanline account.',
    heading: 'Reset your password',
    body: (
      <>
        <P>Someone asked to reset the password of your Fanline account.</P>
        <P>Choose a new password here:</P>
      </>
    ),
    cta: { label: 'Choose a new password', href: opts.link },
    after: (
      <P>
        The link works for 1 hour and only once. If it was not you, ignore this email; your password stays the same.
      </P>
    ),
    reason: 'You receive this because a password reset was asked for your Fanline account.',
  };
}

/** Security review N6: sign-up says an email is taken, so the owner hears that someone tried it. */
export function signUpAttemptMail(opts: { signInUrl: string; resetUrl: string }): MailContent {
  return {
    subject: 'Someone tried to create a Fanline account with your email',
    preview: 'Your email address already has a Fanline account.',
    heading: 'Someone tried to sign up with your email',
    body: (
      <>
        <P>Someone tried to create a Fanline account with your email address, which already has an account.</P>
        <P>If it was you, sign in instead:</P>
      </>
    ),
    cta: { label: 'Sign in', href: opts.signInUrl },
    after: (
      <>
        <P>
          Forgot your password? <A href={opts.resetUrl}>Choose a new one here</A>.
        </P>
        <P>If it was not you, you can ignore this email; nothing has changed on your account.</P>
      </>
    ),
    reason: 'You receive this because someone used your address to sign up for Fanline.',
  };
}

/** Decision 0057: the person's data export is ready; the link opens the page that offers the download. */
export function dataExportReadyMail(opts: { link: string; expiresAt: Date }): MailContent {
  const until = opts.expiresAt.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return {
    subject: 'Your Fanline data is ready to download',
    preview: 'The copy of your data you asked for is ready.',
    heading: 'Your data is ready',
    body: (
      <P>
        The copy of your Fanline data you asked for is ready: your account and settings, conversations, payments,
        earnings and payouts, reviews, notifications and the images you uploaded, in one zip file.
      </P>
    ),
    cta: { label: 'Download my data', href: opts.link },
    after: (
      <P>
        The download works until {until} (UTC) and only when you are signed in to your own account. If you did not ask
        for it, change your password.
      </P>
    ),
    reason: 'You receive this because a copy of your data was asked for from your Fanline account.',
  };
}

/**
 * Issue 41 (decision 0058): the account is closing. The link cancels the deletion (its token in the URL
 * fragment, decision 0046); `earningsHeldCents` is what could not be paid out and stays on the books.
 */
export function accountClosingMail(opts: {
  scheduledFor: string;
  cancelLink: string;
  refundedMessages: number;
  earningsHeldCents: number;
}): MailContent {
  return {
    subject: 'Your Fanline account is closing',
    preview: `Your account and your data will be deleted on ${opts.scheduledFor}. You can still cancel.`,
    heading: 'Your account is closing',
    body: (
      <>
        <P>You asked to close your Fanline account. You were signed out everywhere.</P>
        {opts.refundedMessages > 0 ? (
          <P>
            {opts.refundedMessages === 1
              ? 'One open paid message was ended and its money went back to the fan.'
              : `${opts.refundedMessages} open paid messages were ended and their money went back to the fans.`}
          </P>
        ) : null}
        {opts.earningsHeldCents > 0 ? (
          <P>
            Earnings of {formatCents(opts.earningsHeldCents)} stay on your account: they cannot be paid out without a
            payout account.
          </P>
        ) : null}
        <Fact label="Deletion on">{opts.scheduledFor}</Fact>
        <P>Changed your mind? Cancel the deletion before then:</P>
      </>
    ),
    cta: { label: 'Cancel deletion', href: opts.cancelLink },
    after: (
      <P>
        Signing in before that day also lets you cancel. After it, your name, email, profile and pictures are deleted;
        payment records are kept without them for as long as the law requires.
      </P>
    ),
    reason: 'You receive this because your Fanline account is closing.',
  };
}

// ---- System alerts (to every active admin; switched by the platform setting, not per reader) ----

export function systemAlertMail(opts: { subject: string; lines: string[]; link: string }): MailContent {
  return {
    subject: `[Fanline alert] ${opts.subject}`,
    preview: opts.lines[0] ?? opts.subject,
    heading: `Alert: ${opts.subject}`,
    body: opts.lines.map((line) => <P key={line}>{line}</P>),
    cta: { label: 'Look it up in the admin portal', href: opts.link },
    reason: 'You receive this because system alerts are on (Admin > Settings > Notifications).',
  };
}

// ---- Creators: new paid messages and deadline reminders ----

/** The creator's mail about a new paid message (sent through notifications' mailUser). */
export function newMessageMail(opts: {
  senderName: string;
  message: { content: string; amount: number };
  link: string;
}): MailContent {
  const amount = formatCents(opts.message.amount);
  return {
    subject: `New ${amount} message from ${opts.senderName}`,
    preview: `${opts.senderName} paid ${amount} to message you.`,
    heading: `New ${amount} message`,
    body: (
      <>
        <P>
          {opts.senderName} paid {amount} to message you on Fanline:
        </P>
        <Quote>{cut(opts.message.content)}</Quote>
        <P>Reply within the response window to earn it:</P>
      </>
    ),
    cta: { label: 'Reply to the message', href: opts.link },
    reason: 'You receive this because you get an email for each new paid message.',
  };
}

/** Issue #13 deadline reminder: the creator has `label` left to reply to a paid message. */
export function reminderMail(opts: { label: string; amountCents: number; link: string }): MailContent {
  const amount = formatCents(opts.amountCents);
  return {
    subject: `${opts.label} left to reply to a ${amount} message`,
    preview: `Reply before the deadline to earn ${amount}.`,
    heading: `${opts.label} left to reply`,
    body: (
      <P>
        You have {opts.label} left to reply to a {amount} message on Fanline. Reply before the deadline to earn it;
        otherwise the fan gets their money back.
      </P>
    ),
    cta: { label: 'Reply now', href: opts.link },
    reason: 'You can turn deadline reminders off in Settings → Notifications.',
  };
}

// ---- Fans: replies, refunds, declines ----

export function replyMail(opts: {
  creatorName: string;
  reply: string;
  kind: 'response' | 'followup';
  link: string;
}): MailContent {
  const what = opts.kind === 'response' ? 'replied to your message' : 'sent you a follow-up';
  return {
    subject: `${opts.creatorName} ${what}`,
    preview: cut(opts.reply, 90),
    heading: `${opts.creatorName} ${what}`,
    body: (
      <>
        <P>
          {opts.creatorName} {what} on Fanline:
        </P>
        <Quote>{cut(opts.reply)}</Quote>
        <P>Read the whole conversation:</P>
      </>
    ),
    cta: { label: 'Read the conversation', href: opts.link },
    reason: 'You receive this because you get an email when a creator replies.',
  };
}

export function refundMail(opts: {
  creatorName: string;
  amountCents: number;
  windowHours: number | null;
  how: 'released' | 'refunded';
  link: string;
}): MailContent {
  const amount = formatCents(opts.amountCents);
  const money =
    opts.how === 'released'
      ? `The ${amount} hold on your card was released: you were not charged. It disappears from your statement, usually within a few days depending on your bank.`
      : `Your ${amount} payment was refunded to your card. Refunds usually appear on your statement within 5–10 business days.`;
  const subject =
    opts.how === 'released'
      ? `${opts.creatorName} didn't reply: you were not charged`
      : `${opts.creatorName} didn't reply: ${amount} refunded`;
  return {
    subject,
    preview: money,
    heading: subject,
    body: (
      <>
        <P>
          {opts.creatorName} did not reply {opts.windowHours ? `within ${opts.windowHours} hours` : 'in time'}.
        </P>
        <Outcome outcome="expired" />
        <P>{money}</P>
      </>
    ),
    cta: { label: 'Your conversation', href: opts.link },
    reason: 'You receive this because you get an email when your money comes back.',
  };
}

/** Issue #13: the creator declined the fan's message; the money went back at once. */
export function declineMail(opts: {
  creatorName: string;
  amountCents: number;
  reason: string;
  note: string | null;
  how: 'released' | 'refunded';
  link: string;
}): MailContent {
  const amount = formatCents(opts.amountCents);
  const money =
    opts.how === 'released'
      ? `The ${amount} hold on your card was released: you were not charged.`
      : `Your ${amount} payment was refunded to your card. Refunds usually appear on your statement within 5–10 business days.`;
  return {
    subject: `${opts.creatorName} declined your message`,
    preview: money,
    heading: `${opts.creatorName} declined your message`,
    body: (
      <>
        <P>{opts.creatorName} declined your message on Fanline.</P>
        <Outcome outcome="declined" />
        <Fact label="Reason">{opts.reason}</Fact>
        {opts.note ? (
          <>
            <P>Their note:</P>
            <Quote>{cut(opts.note, 300)}</Quote>
          </>
        ) : null}
        <P>{money}</P>
      </>
    ),
    cta: { label: 'Your conversation', href: opts.link },
    reason: 'You receive this because you get an email when your money comes back.',
  };
}

/** Decision 0016: the fan's "not an answer" flag was upheld and the charge refunded. */
export function flagRefundMail(opts: { link: string }): MailContent {
  return {
    subject: NOT_AN_ANSWER_MESSAGES.refundMailSubject,
    preview: NOT_AN_ANSWER_MESSAGES.approvedFanBody,
    heading: NOT_AN_ANSWER_MESSAGES.approvedFanTitle,
    body: (
      <>
        <P>{NOT_AN_ANSWER_MESSAGES.approvedFanBody}</P>
        <Outcome outcome="refunded" />
        <P>{RETURN_NOTES.refunded}</P>
      </>
    ),
    cta: { label: 'Your messages', href: opts.link },
    reason: 'You receive this because you get an email when your money comes back.',
  };
}

/** Decision 0055: an admin ruled for the fan on an answered message; the charge was refunded. */
export function adminRefundMail(opts: { amountCents: number; link: string }): MailContent {
  const amount = formatCents(opts.amountCents);
  return {
    subject: `Your ${amount} payment was refunded`,
    preview: `Fanline refunded your ${amount} payment for an answered message.`,
    heading: `Your ${amount} payment was refunded`,
    body: (
      <>
        <P>Fanline looked at your answered message and refunded your {amount} payment.</P>
        <Outcome outcome="refunded" />
        <P>{RETURN_NOTES.refunded}</P>
      </>
    ),
    cta: { label: 'Your conversation', href: opts.link },
    reason: 'You receive this because you get an email when your money comes back.',
  };
}

/** How an earning was taken back, in the creator's words (decision 0055). */
const TAKE_BACK_NOTES = {
  cancelled: 'It had not been paid out yet, so it no longer counts towards your available balance.',
  reversed: 'It had been paid out, so the transfer to your Stripe account was reversed.',
  netted:
    'It had been paid out and could not be taken back from your Stripe account, so it will be deducted from your next payout.',
} as const;

/** Decision 0055: an admin refunded the fan of an answered message; the creator's earning is taken back. */
export function earningTakenBackMail(opts: {
  amountCents: number;
  earningCents: number;
  how: keyof typeof TAKE_BACK_NOTES;
  link: string;
}): MailContent {
  const earning = formatCents(opts.earningCents);
  return {
    subject: `A ${formatCents(opts.amountCents)} message was refunded to the fan`,
    preview: `Your ${earning} earning for it is taken back.`,
    heading: 'An answered message was refunded',
    body: (
      <>
        <P>
          Fanline reviewed one of your answered messages and refunded the fan's {formatCents(opts.amountCents)} payment.
          Your {earning} earning for it is taken back.
        </P>
        <Outcome outcome="refunded" />
        <P>{TAKE_BACK_NOTES[opts.how]}</P>
      </>
    ),
    cta: { label: 'Your earnings', href: opts.link },
    reason: PAYOUT_REASON,
  };
}

// ---- Creators: payouts (issue #13) and the payout account (issue 26, Stripe Connect) ----

const PAYOUT_REASON = 'You receive this because you get an email about your payouts.';
const PAYOUT_ACCOUNT_REASON = 'You receive this because you get an email about your payouts and your payout account.';

/** The bank has the money (Stripe `payout.paid`). */
export function payoutPaidMail(opts: { amountCents: number; earningsUrl: string }): MailContent {
  const amount = formatCents(opts.amountCents);
  return {
    subject: `Your ${amount} payout has arrived`,
    preview: `${amount} was paid into your bank account.`,
    heading: `Your ${amount} payout has arrived`,
    body: <P>Your payout of {amount} was paid into your bank account.</P>,
    cta: { label: 'Your earnings', href: opts.earningsUrl },
    reason: PAYOUT_REASON,
  };
}

/** Fanline's transfer of a payout was refused; the money is back in the creator's available balance. */
export function payoutRefusedMail(opts: {
  amountCents: number;
  reason: string | null;
  earningsUrl: string;
}): MailContent {
  const amount = formatCents(opts.amountCents);
  return {
    subject: `Your ${amount} payout could not be sent`,
    preview: 'The money is back in your available balance.',
    heading: `Your ${amount} payout could not be sent`,
    body: (
      <>
        <P>
          Your payout of {amount} was refused{opts.reason ? ':' : '.'}
        </P>
        {opts.reason ? <Quote>{opts.reason}</Quote> : null}
        <P>The money is back in your available balance. Check your payout account and request the payout again:</P>
      </>
    ),
    cta: { label: 'Your earnings', href: opts.earningsUrl },
    reason: PAYOUT_REASON,
  };
}

/**
 * The bank refused a payout (Stripe `payout.failed`): the reason the bank gave and what to do (the
 * same advice the payout history shows beside its Retry button). The button opens the Payout tab,
 * whose "Open Stripe dashboard" makes a fresh login link: Stripe's links are single-use and expire
 * within minutes, so none can be mailed.
 */
export function payoutFailedMail(opts: {
  amountCents: number;
  reason: string;
  advice: string;
  settingsUrl: string;
}): MailContent {
  const amount = formatCents(opts.amountCents);
  return {
    subject: `Your ${amount} payout failed`,
    preview: 'Update your bank account, then retry the payout.',
    heading: `Your ${amount} payout failed`,
    body: (
      <>
        <P>Your bank did not accept the payout of {amount}.</P>
        <Fact label="Reason">{opts.reason}</Fact>
        <Fact label="What to do">{opts.advice}</Fact>
      </>
    ),
    cta: { label: 'Open payout settings', href: opts.settingsUrl },
    reason: PAYOUT_REASON,
  };
}

/**
 * A payout was canceled at Stripe before it reached the bank (Stripe `payout.canceled`, decision 0053):
 * not the bank's refusal, so no bank advice; the money waits on the creator's Stripe balance for a retry.
 */
export function payoutCanceledMail(opts: { amountCents: number; advice: string; earningsUrl: string }): MailContent {
  const amount = formatCents(opts.amountCents);
  return {
    subject: `Your ${amount} payout was canceled`,
    preview: 'The money is safe on your Stripe balance; retry the payout to send it again.',
    heading: `Your ${amount} payout was canceled`,
    body: (
      <>
        <P>Your payout of {amount} was canceled before it reached your bank.</P>
        <Fact label="What to do">{opts.advice}</Fact>
      </>
    ),
    cta: { label: 'Your earnings', href: opts.earningsUrl },
    reason: PAYOUT_REASON,
  };
}

/** The creator started Stripe onboarding and has not finished it: payouts wait for it. */
export function payoutAccountIncompleteMail(opts: { settingsUrl: string }): MailContent {
  return {
    subject: 'Finish setting up your payout account',
    preview: 'Your payout account needs a few more details before you can be paid.',
    heading: 'Finish setting up your payout account',
    body: (
      <P>
        Your payout account is not complete yet, so your earnings cannot be paid out. Continue where you left off; it
        takes a few minutes.
      </P>
    ),
    cta: { label: 'Continue setup', href: opts.settingsUrl },
    reason: PAYOUT_ACCOUNT_REASON,
  };
}

/** Stripe enabled payouts on the creator's account. */
export function payoutAccountEnabledMail(opts: { earningsUrl: string }): MailContent {
  return {
    subject: 'Your payout account is ready',
    preview: 'Payouts are enabled: you can now be paid your earnings.',
    heading: 'Your payout account is ready',
    body: <P>Payouts are enabled on your payout account. You can now request a payout of your available earnings.</P>,
    cta: { label: 'Your earnings', href: opts.earningsUrl },
    reason: PAYOUT_ACCOUNT_REASON,
  };
}

/** Stripe restricted the account: it needs more information before payouts go on. */
export function payoutAccountRestrictedMail(opts: { settingsUrl: string }): MailContent {
  return {
    subject: 'Your payout account needs more information',
    preview: 'Payouts are paused until you update your payout account.',
    heading: 'Your payout account needs more information',
    body: (
      <P>
        Payouts to your account are paused until you give Stripe more information. Open your payout settings and finish
        what Stripe asks for; your earnings stay safe meanwhile.
      </P>
    ),
    cta: { label: 'Update your payout account', href: opts.settingsUrl },
    reason: PAYOUT_ACCOUNT_REASON,
  };
}

/**
 * Issue 37 gap 2 (decision 0054): a fan's bank disputed a payment (a chargeback), told to the fan and to
 * the creator when it opens and when the bank rules. `won` is Stripe's word: the bank ruled for us, so
 * the payment stands; `lost`: the money stays with the fan.
 */
export function disputeMail(opts: {
  audience: 'fan' | 'creator';
  stage: 'opened' | 'won' | 'lost';
  amountCents: number;
  shareCents: number;
  /** The creator's share had been paid out and was taken back from their Stripe balance. */
  clawedBack: boolean;
  creatorName: string;
  link: string;
}): MailContent {
  const amount = formatCents(opts.amountCents);
  const share = formatCents(opts.shareCents);
  const fan = {
    opened: [
      `Your bank disputed your ${amount} payment`,
      `Your bank told us you disputed your ${amount} payment for a message to ${opts.creatorName}. The bank holds the money while it looks into it and will ask us for our side. We will tell you when it decides.`,
    ],
    won: [
      `Your bank closed its dispute of your ${amount} payment`,
      `Your bank decided that your ${amount} payment for a message to ${opts.creatorName} stands. Your bank can tell you why.`,
    ],
    lost: [
      `Your bank closed its dispute: ${amount} stays with you`,
      `Your bank decided that your ${amount} payment for a message to ${opts.creatorName} goes back to you. There is nothing more to do.`,
    ],
  } as const;
  const creator = {
    opened: [
      `A fan disputed a ${amount} payment`,
      opts.clawedBack
        ? `A fan's bank disputed the ${amount} payment for a message you answered. Your ${share} from it had been paid out, so it was taken back from your Stripe balance until the bank decides. We answer the bank and will tell you how it ends.`
        : `A fan's bank disputed the ${amount} payment for a message you answered. Your ${share} from it is on hold and stays out of your payouts until the bank decides. We answer the bank and will tell you how it ends.`,
    ],
    won: [
      `The bank decided for you: ${share} is back`,
      `The bank closed the dispute of the ${amount} payment in your favour. Your ${share} from it is back in your earnings.`,
    ],
    lost: [
      `The bank decided for the fan: ${share} will not come back`,
      `The bank closed the dispute of the ${amount} payment in the fan's favour. The money went back to them, and your ${share} from it will not come back.`,
    ],
  } as const;
  const [subject, text] = (opts.audience === 'fan' ? fan : creator)[opts.stage];
  return {
    subject,
    preview: text,
    heading: subject,
    body: <P>{text}</P>,
    cta:
      opts.audience === 'fan'
        ? { label: 'Your conversation', href: opts.link }
        : { label: 'Your earnings', href: opts.link },
    reason:
      opts.audience === 'fan' ? 'You receive this because you get an email when your money comes back.' : PAYOUT_REASON,
  };
}
