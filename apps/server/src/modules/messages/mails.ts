import { formatCents } from '@fanline/contracts';

/** Issue #13 deadline reminder: the creator has `label` left to reply to a paid message (sent by mailUser). */
export function reminderMail(opts: { label: string; amountCents: number; link: string }) {
  return {
    subject: `${opts.label} left to reply to a ${formatCents(opts.amountCents)} message`,
    text: `You have ${opts.label} left to reply to a ${formatCents(opts.amountCents)} message on Fanline. Reply before the deadline to earn it; otherwise the fan gets their money back.\n\n${opts.link}\n\nYou can turn deadline reminders off in Settings → Notifications.`,
  };
}
