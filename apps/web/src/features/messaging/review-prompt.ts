import { useEffect } from 'react';

/** spec §9: the review prompt opens 2 seconds after a sender views a responded conversation. */
export const REVIEW_PROMPT_DELAY_MS = 2000;

export interface TReviewPromptContext {
  creatorId: string;
  creatorUsername: string;
  conversationId: string;
}

/**
 * Hook point for the reviews issue (spec §2 Conversation view, §4 Review flow): called once, 2 s after
 * a sender opens a conversation the creator has responded to. It does nothing yet; the reviews work
 * implements it (check for an existing review of this creator and conversation, then open the
 * Review dialog). No stand-in dialog is shown meanwhile.
 */
export function onReviewPrompt(_context: TReviewPromptContext): void {
  // Intentionally empty until reviews exist.
}

/** Schedules onReviewPrompt for a responded conversation the sender is viewing; null schedules nothing. */
export function useReviewPrompt(context: TReviewPromptContext | null): void {
  const conversationId = context?.conversationId;
  const creatorId = context?.creatorId;
  const creatorUsername = context?.creatorUsername;
  useEffect(() => {
    if (!conversationId || !creatorId || !creatorUsername) return;
    const timer = setTimeout(
      () => onReviewPrompt({ conversationId, creatorId, creatorUsername }),
      REVIEW_PROMPT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [conversationId, creatorId, creatorUsername]);
}
