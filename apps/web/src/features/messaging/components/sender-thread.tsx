import { formatCents, type TConversationDetail } from '@fanline/contracts';
import { CheckCheck, Clock, RotateCcw } from 'lucide-react';
import { Badge } from '../../../components/ui/card';
import { Countdown } from '../../../components/ui/countdown';
import { RelativeTime } from '../../../components/ui/relative-time';
import { cn } from '../../../lib/cn';
import { type TThreadItem, threadItems } from './thread-items';

/** spec §2 Conversation view thread, seen by the sender: their paid messages, the creator's answers. */
export function SenderThread({ detail }: { detail: TConversationDetail }) {
  const other = detail.otherParty;
  const otherName = other.displayName || other.username;
  return (
    <ol aria-label="Messages" className="space-y-4">
      {threadItems(detail.messages).map((item) => {
        const fromOther = item.kind === 'response' || item.message.senderId === other.id;
        return (
          <li key={item.key} className={cn('flex', fromOther ? 'justify-start' : 'justify-end')}>
            <div className={cn('max-w-[85%] min-w-0 sm:max-w-[75%]', fromOther ? '' : 'items-end text-right')}>
              <p className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                <span className="font-medium text-slate-700">
                  {fromOther ? (item.message.isFollowup ? `${otherName} · Follow-up` : `${otherName} replied`) : 'You'}
                </span>
                <RelativeTime iso={item.at} />
              </p>
              <div
                className={cn(
                  'rounded-2xl px-4 py-3 text-left text-sm whitespace-pre-wrap break-words',
                  fromOther ? 'rounded-tl-sm bg-slate-100 text-slate-900' : 'rounded-tr-sm bg-brand-600 text-white',
                )}
              >
                {item.kind === 'response' ? item.content : item.message.content}
              </div>
              {!fromOther && item.kind === 'message' && <SentStatus item={item} />}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function SentStatus({ item }: { item: Extract<TThreadItem, { kind: 'message' }> }) {
  const { message } = item;
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
      {message.status === 'responded' && (
        <Badge className="bg-emerald-100 text-emerald-800">
          <CheckCheck className="h-3 w-3" aria-hidden="true" />
          Replied
        </Badge>
      )}
      {message.status === 'refunded' && (
        <Badge className="bg-slate-200 text-slate-700">
          <RotateCcw className="h-3 w-3" aria-hidden="true" />
          Refunded
        </Badge>
      )}
    </div>
  );
}
