import { formatCents } from '@fanline/contracts';

type MailContent = { subject: string; text: string };

const cut = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function replyMail(opts: {
  creatorName: string;
  reply: string;
  kind: 'response' | 'followup';
  link: string;
}): MailContent {
  const what = opts.kind === 'response' ? 'replied to your message' : 'sent you a follow-up';
  return {
    subject: `${opts.creatorName} ${what}`,
    text: `${opts.creatorName} ${what} on Fanline:\n\n"${cut(opts.reply)}"\n\nRead the whole conversation:\n${opts.link}`,
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
  return {
    subject:
      opts.how === 'released'
        ? `${opts.creatorName} didn't reply: you were not charged`
        : `${opts.creatorName} didn't reply: ${amount} refunded`,
    text: `${opts.creatorName} did not reply ${opts.windowHours ? `within ${opts.windowHours} hours` : 'in time'}.\n\n${money}\n\nYour conversation:\n${opts.link}`,
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
  const note = opts.note ? `\n\nTheir note: "${cut(opts.note, 300)}"` : '';
  return {
    subject: `${opts.creatorName} declined your message`,
    text: `${opts.creatorName} declined your message on Fanline.\n\nReason: ${opts.reason}${note}\n\n${money}\n\nYour conversation:\n${opts.link}`,
  };
}
