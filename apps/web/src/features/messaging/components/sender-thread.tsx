import { DECLINE_REASON_LABELS, formatCents, type TConversationDetail } from '@fanline/contracts';
import { Ban, CheckCheck, Clock, RotateCcw } from 'lucide-react';
import { givenBackLabel, givenBackOutcome } from '../../../components/messaging/ended-copy';
import { Thread, ThreadBubble } from '../../../components/messaging/thread';
import type { TThreadItem } from '../../../components/messaging/thread-items';
import { Badge } from '../../../components/ui/badge';
import { Countdown } from '../../../components/ui/countdown';
import { usePlatformConfig } from '../../../lib/platform-config';
import { NotAnAnswer } from './not-an-answer';

/** spec §2 Conversation view thread, seen by the sender: their paid messages, the creator's answers. */
export function SenderThread({ detail, onChange = () => {} }: { detail: TConversationDetail; onChange?: () => void }) {
  const other = detail.otherParty;
  const otherName = other.displayName || other.username;
  return (
    <Thread messages={detail.messages}>
      {(item) => {
        const fromOther = item.kind === 'response' || item.message.senderId === other.id;
        return (
          <ThreadBubble
            item={item}
            fromOther={fromOther}
            label={fromOther ? (item.message.isFollowup ? `${otherName} · Follow-up` : `${otherName} replied`) : 'You'}
          >
            {!fromOther && item.kind === 'message' && <SentStatus item={item} creatorName={otherName} />}
            {item.kind === 'response' && <NotAnAnswer message={item.message} onFlagged={onChange} />}
          </ThreadBubble>
        );
      }}
    </Thread>
  );
}

function SentStatus({ item, creatorName }: { item: Extract<TThreadItem, { kind: 'message' }>; creatorName: string }) {
  const { message } = item;
  const { paymentMode } = usePlatformConfig();
  if (message.amount <= 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs text-slate-500">
      <span>{formatCents(message.amount)}</span>
      {message.status === 'sent' && (
        <Badge className="bg-amber-100 text-amber-800">
          <Clock className="h-3 w-3" aria-hidden="true" />
          Awaiting reply
          {message.expiresAt && (
            <>
              <span className="sr-only">, time left</span>
              <Countdown until={message.expiresAt} format="clock" className="font-mono tabular-nums" />
            </>
          )}
        </Badge>
      )}
      {message.status === 'responded' && message.flag?.status === 'approved' && (
        <Badge className="bg-slate-200 text-slate-700">
          <RotateCcw className="h-3 w-3" aria-hidden="true" />
          Refunded
        </Badge>
      )}
      {message.status === 'responded' && (
        <Badge className="bg-emerald-100 text-emerald-800">
          <CheckCheck className="h-3 w-3" aria-hidden="true" />
          Replied
        </Badge>
      )}
      {message.status === 'refunded' && !message.declineReason && (
        <Badge className="bg-slate-200 text-slate-700">
          <RotateCcw className="h-3 w-3" aria-hidden="true" />
          {givenBackLabel(paymentMode)}
        </Badge>
      )}
      {message.endedBy === 'block' && (
        <p className="basis-full text-right text-slate-600">
          {creatorName} is no longer accepting messages from you, so {givenBackOutcome(paymentMode)}.
        </p>
      )}
      {message.declineReason && (
        <Badge className="bg-rose-100 text-rose-800">
          <Ban className="h-3 w-3" aria-hidden="true" />
          Declined: {DECLINE_REASON_LABELS[message.declineReason]}
        </Badge>
      )}
      {message.declineReason && (
        <p className="basis-full text-right text-slate-600">
          {message.declineNote ? `“${message.declineNote}” · ` : ''}You were not charged for this message.
        </p>
      )}
    </div>
  );
}
