import { formatCents } from '@fanline/contracts';
import type { Mail } from '../../platform/mailer';

export function newMessageMail(
  to: string,
  senderName: string,
  message: { content: string; amount: number },
  link: string,
): Mail {
  const preview = message.content.length > 200 ? `${message.content.slice(0, 199)}…` : message.content;
  return {
    kind: 'new-message',
    to,
    subject: `New ${formatCents(message.amount)} message from ${senderName}`,
    text: `${senderName} paid ${formatCents(message.amount)} to message you on Fanline:\n\n"${preview}"\n\nReply within the response window to earn it:\n${link}`,
  };
}
