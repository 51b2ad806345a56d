import type { TSenderConversation } from '@fanline/contracts';
import { formatCents } from '@fanline/contracts';
import { ChevronRight, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Countdown } from '../../../components/ui/countdown';
import { EmptyState } from '../../../components/ui/empty-state';
import { RelativeTime } from '../../../components/ui/relative-time';
import { href, paths } from '../../../paths';
import { BillingStatusBadge } from './billing-status-badge';

/** spec §2 Sender dashboard: the 5 most recent conversations, each opening its thread. */
export function RecentConversations({ conversations }: { conversations: TSenderConversation[] }) {
  if (conversations.length === 0) {
    return (
      <EmptyState
        icon={MessageSquare}
        title="No conversations yet"
        action={
          <Button asChild>
            <Link to={paths.creators}>Discover Creators</Link>
          </Button>
        }
      >
        Find a creator you love and send your first message.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {conversations.map((c) => {
        const name = c.otherParty.displayName ?? c.otherParty.username;
        return (
          <li key={c.conversationId}>
            <Link
              to={href.message(c.messageId)}
              className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
            >
              <Avatar src={c.otherParty.avatarUrl} name={name} />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium text-slate-900">{name}</span>
                  <BillingStatusBadge outcome={c.outcome} declineReason={c.declineReason} />
                </span>
                <span className="mt-0.5 block truncate text-sm text-slate-600">{c.preview}</span>
                <span className="mt-0.5 block text-xs text-slate-500">
                  {formatCents(c.amountCents)} ·{' '}
                  {c.status === 'pending' && c.expiresAt ? (
                    <>
                      reply due in <Countdown until={c.expiresAt} format="clock" className="font-mono tabular-nums" />
                    </>
                  ) : (
                    <RelativeTime iso={c.lastActivity} />
                  )}
                </span>
              </span>
              <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function RecentConversationsCard({ children }: { children: React.ReactNode }) {
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="font-semibold text-slate-900">Recent conversations</h2>
        <Link to={paths.messages} className="text-sm font-medium text-brand-700 hover:underline">
          View all messages
        </Link>
      </div>
      {children}
    </Card>
  );
}
