import { formatCents } from '@fanline/contracts';

/** The creator's mail about a new paid message (sent through notifications' mailUser). */
export function newMessageMail(
  senderName: string,
  message: { content: string; amount: number },
  link: string,
): { subject: string; text: string } {
  const preview = message.content.length > 200 ? `${message.content.slice(0, 199)}…` : message.content;
  return {
    subject: `New ${formatCents(message.amount)} message from ${senderName}`,
    text: `${senderName} paid ${formatCents(message.amount)} to message you on Fanline:\n\n"${preview}"\n\nReply within the response window to earn it:\n${link}`,
  };
}
