import { formatCents, type TConversationDetail } from '@fanline/contracts';
import { Clock, MessageCirclePlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Countdown } from '../../../components/ui/countdown';
import { usePlatformConfig } from '../../../lib/platform-config';
import { href } from '../../../paths';
import { MessageDialog } from './message-dialog';

/**
 * spec §2: the sender continues only once the creator has responded, by paying for the next message
 * through the message dialog. Before that, the box says what they are waiting for.
 */
export function SenderReplyBox({ detail }: { detail: TConversationDetail }) {
  const [open, setOpen] = useState(false);
  const config = usePlatformConfig();
  const other = detail.otherParty;
  const price = formatCents(other.messagePrice);

  if (detail.senderCanContinue) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Keep the conversation going: your next message to @{other.username} costs {price}.
        </p>
        {other.isAvailable ? (
          <Button onClick={() => setOpen(true)} className="shrink-0">
            <MessageCirclePlus className="h-4 w-4" aria-hidden="true" />
            Send another message
          </Button>
        ) : (
          <Button disabled className="shrink-0">
            Currently Unavailable
          </Button>
        )}
        {other.isAvailable && <MessageDialog creator={other} open={open} onOpenChange={setOpen} />}
      </div>
    );
  }

  if (detail.nextExpiry) {
    return (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <Clock className="h-4 w-4 text-amber-600" aria-hidden="true" />
        You can send another message once @{other.username} has replied. Time left for a reply:
        <Countdown until={detail.nextExpiry} format="clock" className="font-mono font-medium text-slate-900" />
      </p>
    );
  }

  return (
    <p className="text-sm text-slate-600">
      {config.paymentMode === 'hold'
        ? 'No reply came in time, so you were not charged.'
        : 'No reply came in time, so you were refunded in full.'}{' '}
      <Link to={href.creatorProfile(other.username)} className="font-medium text-brand-700 hover:underline">
        Message @{other.username} again
      </Link>
    </p>
  );
}
