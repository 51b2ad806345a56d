import { formatCents, type TConversationDetail } from '@fanline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, MessageCirclePlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { givenBackLabel, givenBackOutcome } from '../../../components/messaging/ended-copy';
import { Button } from '../../../components/ui/button';
import { Countdown } from '../../../components/ui/countdown';
import { usePlatformConfig } from '../../../lib/platform-config';
import { liveKeys } from '../../../lib/realtime/live-keys';
import { href } from '../../../paths';
import { MessageDialog, priceChangeText } from './message-dialog';

/**
 * spec §2: the sender continues only once the creator has responded, by paying for the next message
 * through the message dialog. Before that, the box says what they are waiting for.
 */
export function SenderReplyBox({ detail }: { detail: TConversationDetail }) {
  const [open, setOpen] = useState(false);
  const config = usePlatformConfig();
  const other = detail.otherParty;
  const queryClient = useQueryClient();
  const price = formatCents(other.messagePrice);
  const last = detail.messages.filter((m) => m.amount > 0 && !m.isFollowup).at(-1);

  if (detail.senderCanContinue) {
    // Issue 25: the fan's last paid message was at another price; say so before they pay the new one.
    const previousPrice = last && last.amount !== other.messagePrice ? last.amount : undefined;
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {previousPrice === undefined ? (
            <>
              Keep the conversation going: your next message to @{other.username} costs {price}.
            </>
          ) : (
            <>
              <span data-testid="price-change" className="font-medium text-slate-900">
                {priceChangeText(other.username, previousPrice, other.messagePrice)}
              </span>{' '}
              Your next message costs {price}.
            </>
          )}
        </p>
        {other.isAvailable ? (
          <Button
            onClick={() => {
              // The price may have changed since this page loaded: the dialog shows the live one.
              void queryClient.invalidateQueries({ queryKey: [...liveKeys.conversations, 'detail'] });
              setOpen(true);
            }}
            className="shrink-0"
          >
            <MessageCirclePlus className="h-4 w-4" aria-hidden="true" />
            Send another message
          </Button>
        ) : (
          <Button disabled className="shrink-0">
            Currently Unavailable
          </Button>
        )}
        {other.isAvailable && (
          <MessageDialog creator={other} previousPrice={previousPrice} open={open} onOpenChange={setOpen} />
        )}
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

  // Why the last paid message ended (issue 25): a block is "Released", never "No reply came in time".
  const outcome = givenBackOutcome(config.paymentMode);
  if (last?.endedBy === 'block') {
    return (
      <p className="text-sm text-slate-600">
        {givenBackLabel(config.paymentMode)}: @{other.username} is no longer accepting messages from you, so {outcome}.
      </p>
    );
  }

  return (
    <p className="text-sm text-slate-600">
      {last?.endedBy === 'decline'
        ? `@${other.username} declined your message, so ${outcome}.`
        : `No reply came in time, so ${outcome}.`}{' '}
      <Link to={href.creatorProfile(other.username)} className="font-medium text-brand-700 hover:underline">
        Message @{other.username} again
      </Link>
    </p>
  );
}
