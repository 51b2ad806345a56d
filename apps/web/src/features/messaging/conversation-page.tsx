import { formatCents, MESSAGE_MESSAGES, type TConversationDetail } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareOff } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { RequireAuth } from '../../components/auth/require-auth';
import {
  BackLink,
  ConversationCard,
  ConversationNotFound,
  ConversationParty,
} from '../../components/messaging/conversation-parts';
import { conversationQuery } from '../../components/messaging/conversations-query';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { href, paths } from '../../paths';
import { ConversationList } from './components/conversation-list';
import { ConversationReview } from './components/conversation-review';
import { SenderReplyBox } from './components/sender-reply-box';
import { SenderThread } from './components/sender-thread';

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
  // Only a failed first load replaces the page: a background refetch that fails keeps the thread on
  // screen, with whatever the reader has open in it (a reply being typed, the report dialog).
  const notFound = query.isLoadingError && query.error instanceof ApiError && query.error.status === 404;
  const failed = query.isLoadingError && !notFound;

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
        <BackLink to={paths.messages}>All messages</BackLink>
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
            <ConversationNotFound
              icon={MessageSquareOff}
              title={MESSAGE_MESSAGES.conversationNotFound}
              back={{ to: paths.senderDashboard, label: 'Return to dashboard' }}
            >
              This conversation does not exist or is not yours.
            </ConversationNotFound>
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
  const responded = detail.messages.some((m) => m.status === 'responded');
  // spec §4 Review flow: only a sender whose conversation has a response may review the creator.
  const canReview = detail.viewerRole === 'sender' && responded;

  return (
    <ConversationCard
      headerClassName="flex flex-wrap items-center gap-3"
      header={
        <>
          <ConversationParty detail={detail} linkCreator className="flex-1" />
          {canReview && (
            <ConversationReview
              creator={{ id: other.id, name: other.displayName || other.username }}
              conversationId={detail.conversationId}
            />
          )}
          {detail.paidCents > 0 && (
            // spec §2: a sender sees the amount (what this conversation's answered and open messages cost).
            <p className="shrink-0 text-right text-sm text-slate-600">
              Paid <span className="font-semibold text-slate-900">{formatCents(detail.paidCents)}</span>
            </p>
          )}
        </>
      }
      footer={detail.viewerRole === 'sender' && <SenderReplyBox detail={detail} />}
    >
      <SenderThread detail={detail} />
    </ConversationCard>
  );
}
