import { formatCents, MESSAGE_MESSAGES, type TConversationDetail } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquareOff } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { messageCountLabel } from '../../components/ui/conversation-list-item';
import { EmptyState } from '../../components/ui/empty-state';
import { ApiError } from '../../lib/api-client';
import { PageSpinner, RequireAuth } from '../../lib/auth/require-auth';
import { href, paths } from '../../paths';
import { conversationQuery } from './api/conversations';
import { ConversationList } from './components/conversation-list';
import { SenderReplyBox } from './components/sender-reply-box';
import { SenderThread } from './components/sender-thread';
import { useReviewPrompt } from './review-prompt';

/** spec §2 /messages/{messageId}: sidebar, header, thread and reply box. `actions`: the bell. */
export function ConversationPage({ actions }: { actions?: ReactNode }) {
  return (
    <RequireAuth>
      <Conversation actions={actions} />
    </RequireAuth>
  );
}

function Conversation({ actions }: { actions?: ReactNode }) {
  const { messageId = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(conversationQuery(messageId));
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const failed = query.isError && !notFound;

  // spec §2/§8: a load failure toasts and goes back to the sender dashboard.
  useEffect(() => {
    if (!failed) return;
    toast.error('Error', { description: 'Failed to load conversation' });
    navigate(paths.senderDashboard, { replace: true });
  }, [failed, navigate]);

  // The creator of this conversation answers it from the dashboard.
  if (query.data?.viewerRole === 'creator') return <Navigate to={href.dashboardMessage(messageId)} replace />;

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <title>Conversation · Fanline</title>
      <div className="mb-4 flex items-center justify-between gap-3">
        <Link
          to={paths.messages}
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          All messages
        </Link>
        {actions}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside aria-label="Conversations" className="hidden lg:block">
          <ConversationList activeConversationId={query.data?.conversationId} compact />
        </aside>
        <div className="min-w-0">
          {query.isPending || failed ? (
            <PageSpinner label="Loading conversation" />
          ) : notFound ? (
            <EmptyState
              icon={MessageSquareOff}
              headingLevel={1}
              title={MESSAGE_MESSAGES.conversationNotFound}
              action={
                <Button asChild>
                  <Link to={paths.senderDashboard}>Return to dashboard</Link>
                </Button>
              }
            >
              This conversation does not exist or is not yours.
            </EmptyState>
          ) : (
            query.data && <LoadedConversation detail={query.data} />
          )}
        </div>
      </div>
    </section>
  );
}

function LoadedConversation({ detail }: { detail: TConversationDetail }) {
  const other = detail.otherParty;
  const name = other.displayName || other.username;
  const responded = detail.messages.some((m) => m.status === 'responded');
  useReviewPrompt(
    detail.viewerRole === 'sender' && responded
      ? { conversationId: detail.conversationId, creatorId: other.id, creatorUsername: other.username }
      : null,
  );

  return (
    <Card className="flex min-w-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 p-4 sm:p-5">
        <span aria-hidden="true">
          <Avatar src={other.avatarUrl} name={name} />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-slate-900">{name}</h1>
          <p className="truncate text-sm text-slate-500">
            {other.isCreator ? (
              <Link to={href.creatorProfile(other.username)} className="text-brand-700 hover:underline">
                @{other.username}
              </Link>
            ) : (
              `@${other.username}`
            )}{' '}
            · {messageCountLabel(detail.messages.length)}
          </p>
        </div>
        {detail.paidCents > 0 && (
          // spec §2: a sender sees the amount (what this conversation's answered and open messages cost).
          <p className="shrink-0 text-right text-sm text-slate-600">
            Paid <span className="font-semibold text-slate-900">{formatCents(detail.paidCents)}</span>
          </p>
        )}
      </header>
      <div className="p-4 sm:p-5">
        <SenderThread detail={detail} />
      </div>
      {detail.viewerRole === 'sender' && (
        <footer className="border-t border-slate-200 bg-slate-50/60 p-4 sm:p-5">
          <SenderReplyBox detail={detail} />
        </footer>
      )}
    </Card>
  );
}
