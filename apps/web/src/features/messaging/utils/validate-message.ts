import { LIMITS, MESSAGE_MESSAGES } from '@fanline/contracts';

export interface TMessageProblem {
  title: string;
  text: string;
}

const PROBLEMS = {
  authRequired: { title: MESSAGE_MESSAGES.authRequiredTitle, text: MESSAGE_MESSAGES.authRequired },
  required: { title: MESSAGE_MESSAGES.requiredTitle, text: MESSAGE_MESSAGES.required },
  tooShort: { title: MESSAGE_MESSAGES.tooShortTitle, text: MESSAGE_MESSAGES.tooShort },
  tooLong: { title: MESSAGE_MESSAGES.tooLongTitle, text: MESSAGE_MESSAGES.tooLong },
} as const satisfies Record<string, TMessageProblem>;

const loadSchema = () => import('./message-schema');

/** Fetches and evaluates the schema ahead of the first send (the dialog calls it once it has opened). */
export function preloadMessageSchema(): void {
  void loadSchema();
}

/**
 * spec §5 Message, with the same schema the server validates with; null when the text may be sent.
 * The toast title follows from which rule failed (the schema's check), never from the sentence.
 */
export async function validateMessage(content: string, signedIn: boolean): Promise<TMessageProblem | null> {
  if (!signedIn) return PROBLEMS.authRequired;
  const { ZMessageContent } = await loadSchema();
  const parsed = ZMessageContent.safeParse(content);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue || issue.code === 'invalid_type') return PROBLEMS.required;
  if (issue.code === 'too_small')
    return Number(issue.minimum) < LIMITS.message.min ? PROBLEMS.required : PROBLEMS.tooShort;
  if (issue.code === 'too_big') return PROBLEMS.tooLong;
  return { title: MESSAGE_MESSAGES.sendFailedTitle, text: issue.message };
}
