import type { TThreadMessage } from '@fanline/contracts';

export type TThreadItem =
  | { kind: 'message'; key: string; message: TThreadMessage; at: string }
  | { kind: 'response'; key: string; message: TThreadMessage; content: string; at: string };

/**
 * The thread in time order. spec §2: the creator's response is its own item, built from the
 * response_content / responded_at of the message it answers; follow-ups are messages of their own.
 */
export function threadItems(messages: readonly TThreadMessage[]): TThreadItem[] {
  const items: TThreadItem[] = [];
  for (const message of messages) {
    items.push({ kind: 'message', key: message.id, message, at: message.createdAt });
    if (message.responseContent && message.respondedAt) {
      items.push({
        kind: 'response',
        key: `${message.id}-response`,
        message,
        content: message.responseContent,
        at: message.respondedAt,
      });
    }
  }
  // A stable sort keeps a message before its response when both carry the same instant.
  return items.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
