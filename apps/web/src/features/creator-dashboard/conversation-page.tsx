import { formatCents, MESSAGE_MESSAGES, type TConversationDetail } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Clock, SearchX } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { messageCountLabel } from '../../components/ui/conversation-list-item';
import { Countdown } from '../../components/ui/countdown';
import { EmptyState } from '../../components/ui/empty-state';
import { ApiError } from '../../lib/api-client';
import { PageSpinner } from '../../lib/auth/require-auth';
import { href, paths } from '../../paths';
import { conversationQuery } from '../messaging/api/conversations';
import { CreatorThread } from './components/creator-thread';
import { InboxList } from './components/inbox-list';
import { ReplyBox } from './components/reply-box';

/** spec §2 /dashboard/messages/{messageId}: searchable sidebar, header, earnings, countdown, thread, reply box. */
export function Component() {
  const { messageId = '' } = useParams();
  const query = useQuery(conversationQuery(messageId));
  if (query.data?.viewerRole === 'sender') return <Navigate to={href.message(messageId)} replace />;

  return (
    <section>
      <title>Conversation · Creator Dashboard · Fanline</title>
      <Link
        to={paths.dashboardMessages}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to messages
      </Link>
      <div className="mt-4 grid items-start gap-6 xl:grid-cols-[18rem_minmax(0,1fr)]">
        <aside aria-label="Conversations" className="hidden xl:block">
          <InboxList activeConversationId={query.data?.conversationId} compact />
        </aside>
        <div className="min-w-0">
          {query.isPending ? (
            <PageSpinner label="Loading conversation" />
          ) : query.isError ? (
            query.error instanceof ApiError && query.error.status === 404 ? (
              <EmptyState
                icon={SearchX}
                headingLevel={1}
                title={MESSAGE_MESSAGES.messageNotFound}
                action={
                  <Button asChild>
                    <Link to={paths.dashboardMessages}>Back to messages</Link>
                  </Button>
                }
              >
                This message does not exist or is not in your inbox.
              </EmptyState>
            ) : (
              <EmptyState
                role="alert"
                tone="error"
                icon={AlertTriangle}
                title="Failed to load conversation"
                action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
              />
            )
          ) : (
            <Detail detail={query.data} messageId={messageId} />
          )}
        </div>
      </div>
    </section>
  );
}

function Detail({ detail, messageId }: { detail: TConversationDetail; messageId: string }) {
  const other = detail.otherParty;
  const name = other.displayName || other.username;
  const paid = detail.messages.filter((m) => m.amount > 0 && !m.isFollowup);
  const last = paid.at(-1);
  const lapsed = !detail.nextExpiry && last !== undefined && last.status !== 'responded';

  return (
    <Card className="flex min-w-0 flex-col">
      <header className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="flex min-w-0 items-center gap-3">
          <span aria-hidden="true">
            <Avatar src={other.avatarUrl} name={name} />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold text-slate-900">{name}</h1>
            <p className="truncate text-sm text-slate-500">
              @{other.username} · {messageCountLabel(detail.messages.length)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:flex-col sm:items-end sm:gap-1">
          <p className="text-slate-600">
            Total earned <span className="font-semibold text-slate-900">{formatCents(detail.earnedCents)}</span>
            {detail.pendingCents > 0 && (
              <span className="text-amber-700"> + {formatCents(detail.pendingCents)} pending</span>
            )}
          </p>
          {detail.nextExpiry ? (
            <p className="inline-flex items-center gap-1 font-medium text-amber-700">
              <Clock className="h-4 w-4" aria-hidden="true" />
              <Countdown until={detail.nextExpiry} format="remaining" />
            </p>
          ) : (
            lapsed && <p className="font-medium text-slate-500">Expired</p>
          )}
        </div>
      </header>
      <div className="p-4 sm:p-5">
        <CreatorThread detail={detail} />
      </div>
      {detail.creatorBox && (
        <footer className="border-t border-slate-200 bg-slate-50/60 p-4 sm:p-5">
          <ReplyBox key={detail.creatorBox} messageId={messageId} kind={detail.creatorBox} />
        </footer>
      )}
    </Card>
  );
}
