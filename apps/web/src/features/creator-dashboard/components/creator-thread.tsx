import { formatCents, type TConversationDetail, type TThreadMessage } from '@fanline/contracts';
import { Badge } from '../../../components/ui/card';
import { useNow } from '../../../components/ui/countdown';
import { RelativeTime } from '../../../components/ui/relative-time';
import { cn } from '../../../lib/cn';
import { threadItems } from '../../messaging/components/thread-items';

/** spec §2 Creator conversation detail thread, with per-message badges (amount, status, Follow-up). */
export function CreatorThread({ detail }: { detail: TConversationDetail }) {
  const other = detail.otherParty;
  const otherName = other.displayName || other.username;
  return (
    <ol aria-label="Messages" className="space-y-4">
      {threadItems(detail.messages).map((item) => {
        const fromFan = item.kind === 'message' && item.message.senderId === other.id;
        const label = fromFan ? otherName : item.kind === 'response' ? 'Your response' : 'You';
        return (
          <li key={item.key} className={cn('flex', fromFan ? 'justify-start' : 'justify-end')}>
            <div className="max-w-[85%] min-w-0 sm:max-w-[75%]">
              <p
                className={cn(
                  'mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500',
                  !fromFan && 'justify-end',
                )}
              >
                <span className="font-medium text-slate-700">{label}</span>
                <RelativeTime iso={item.at} />
                {item.kind === 'message' && <MessageBadges message={item.message} />}
              </p>
              <div
                className={cn(
                  'rounded-2xl px-4 py-3 text-sm whitespace-pre-wrap break-words',
                  fromFan ? 'rounded-tl-sm bg-slate-100 text-slate-900' : 'rounded-tr-sm bg-brand-600 text-white',
                )}
              >
                {item.kind === 'response' ? item.content : item.message.content}
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function MessageBadges({ message }: { message: TThreadMessage }) {
  const now = useNow(30_000);
  if (message.isFollowup) return <Badge className="bg-brand-100 text-brand-800">Follow-up</Badge>;
  if (message.amount <= 0) return null;
  const expired =
    message.status === 'refunded' ||
    (message.status === 'sent' && message.expiresAt !== null && Date.parse(message.expiresAt) <= now);
  return (
    <>
      <Badge className="bg-slate-100 text-slate-700">{formatCents(message.amount)}</Badge>
      {message.status === 'responded' ? (
        <Badge className="bg-emerald-100 text-emerald-800">Responded</Badge>
      ) : expired ? (
        <Badge className="bg-slate-200 text-slate-600">Expired</Badge>
      ) : (
        <Badge className="bg-amber-100 text-amber-800">Pending Response</Badge>
      )}
    </>
  );
}
