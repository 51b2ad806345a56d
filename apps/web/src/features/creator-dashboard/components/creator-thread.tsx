import {
  formatCents,
  MESSAGE_OUTCOME_LABELS,
  messageOutcome,
  messageOutcomeText,
  type TConversationDetail,
  type TThreadMessage,
} from '@fanline/contracts';
import { Thread, ThreadBubble } from '../../../components/messaging/thread';
import { Badge } from '../../../components/ui/badge';
import { useNow } from '../../../components/ui/countdown';
import { cn } from '../../../lib/cn';

/** spec §2 Creator conversation detail thread, with per-message badges (amount, status, Follow-up). */
export function CreatorThread({ detail }: { detail: TConversationDetail }) {
  const other = detail.otherParty;
  const otherName = other.displayName || other.username;
  return (
    <Thread messages={detail.messages}>
      {(item) => {
        const fromFan = item.kind === 'message' && item.message.senderId === other.id;
        return (
          <ThreadBubble
            item={item}
            fromOther={fromFan}
            label={fromFan ? otherName : item.kind === 'response' ? 'Your response' : 'You'}
            badges={item.kind === 'message' && <MessageBadges message={item.message} />}
            // This line carries badges, so it keeps a gap when it wraps; the creator's own sits over their bubble.
            metaClassName={cn('gap-y-1', !fromFan && 'justify-end')}
          />
        );
      }}
    </Thread>
  );
}

function MessageBadges({ message }: { message: TThreadMessage }) {
  const now = useNow(30_000);
  if (message.isFollowup)
    return <Badge className="bg-brand-100 text-brand-800">{MESSAGE_OUTCOME_LABELS.followup}</Badge>;
  if (message.amount <= 0) return null;
  // Issue 36 §5: the contracts' one vocabulary (Answered, Declined: reason, Released, Expired, Pending).
  const outcome = messageOutcome(message);
  const overdue = message.status === 'sent' && message.expiresAt !== null && Date.parse(message.expiresAt) <= now;
  return (
    <>
      <Badge className="bg-slate-100 text-slate-700">{formatCents(message.amount)}</Badge>
      {outcome === 'answered' ? (
        <Badge className="bg-emerald-100 text-emerald-800">{MESSAGE_OUTCOME_LABELS.answered}</Badge>
      ) : outcome === 'released' ? (
        // Issue 25: the creator blocked the fan; the money went back, it did not expire.
        <Badge className="bg-slate-200 text-slate-700">{MESSAGE_OUTCOME_LABELS.released}: fan blocked</Badge>
      ) : outcome === 'declined' ? (
        <Badge className="bg-rose-100 text-rose-800">{messageOutcomeText(outcome, message.declineReason)}</Badge>
      ) : outcome === 'expired' || overdue ? (
        <Badge className="bg-slate-200 text-slate-600">{MESSAGE_OUTCOME_LABELS.expired}</Badge>
      ) : (
        <Badge className="bg-amber-100 text-amber-800">Pending Response</Badge>
      )}
    </>
  );
}
