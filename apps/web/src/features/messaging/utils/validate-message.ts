import { MESSAGE_MESSAGES, ZMessageContent } from '@fanline/contracts';

export interface TMessageProblem {
  title: string;
  text: string;
}

const TITLES: Record<string, string> = {
  [MESSAGE_MESSAGES.required]: MESSAGE_MESSAGES.requiredTitle,
  [MESSAGE_MESSAGES.tooShort]: MESSAGE_MESSAGES.tooShortTitle,
  [MESSAGE_MESSAGES.tooLong]: MESSAGE_MESSAGES.tooLongTitle,
  [MESSAGE_MESSAGES.authRequired]: MESSAGE_MESSAGES.authRequiredTitle,
};

/** A spec §5 message text with its toast title ("Message too short" / "Please write at least…"). */
export function messageProblem(text: string): TMessageProblem {
  return { title: TITLES[text] ?? MESSAGE_MESSAGES.sendFailedTitle, text };
}

/** spec §5 Message, with the same schema the server validates with; null when the text may be sent. */
export function validateMessage(content: string, signedIn: boolean): TMessageProblem | null {
  if (!signedIn) return messageProblem(MESSAGE_MESSAGES.authRequired);
  const parsed = ZMessageContent.safeParse(content);
  if (parsed.success) return null;
  return messageProblem(parsed.error.issues[0]?.message ?? MESSAGE_MESSAGES.required);
}
