import {
  formatCents,
  MESSAGE_MESSAGES,
  MESSAGE_OUTCOME_LABELS,
  messageOutcome,
  type TConversationDetail,
  type TThreadMessage,
} from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Clock, Lock, SearchX } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import {
  BackLink,
  ConversationCard,
  ConversationNotFound,
  ConversationParty,
} from '../../components/messaging/conversation-parts';
import { conversationQuery } from '../../components/messaging/conversations-query';
import { Countdown } from '../../components/ui/countdown';
import { LoadErrorState } from '../../components/ui/empty-state';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { href, paths } from '../../paths';
import { BlockDialog } from './components/block-dialog';
import { CreatorThread } from './components/creator-thread';
import { DeclineDialog } from './components/decline-dialog';
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
      <BackLink to={paths.dashboardMessages}>Back to messages</BackLink>
      <div className="mt-4 grid items-start gap-6 xl:grid-cols-[18rem_minmax(0,1fr)]">
        <aside aria-label="Conversations" className="hidden xl:block">
          <InboxList activeConversationId={query.data?.conversationId} compact />
        </aside>
        <div className="min-w-0">
          {query.isPending ? (
            <PageSpinner label="Loading conversation" />
          ) : query.isLoadingError ? (
            // Only a failed first load replaces the thread; a failed background refetch keeps the draft reply.
            query.error instanceof ApiError && query.error.status === 404 ? (
              <ConversationNotFound
                icon={SearchX}
                title={MESSAGE_MESSAGES.messageNotFound}
                back={{ to: paths.dashboardMessages, label: 'Back to messages' }}
              >
                This message does not exist or is not in your inbox.
              </ConversationNotFound>
            ) : (
              <LoadErrorState title="Failed to load conversation" onRetry={() => void query.refetch()} />
            )
          ) : (
            <Detail detail={query.data} messageId={messageId} />
          )}
        </div>
      </div>
    </section>
  );
}

/** Issue 25, 36 §5: why the last paid message ended, in the words its badge uses; a block is never "Expired". */
function endedLabel(message: TThreadMessage | undefined): string {
  const outcome = message ? messageOutcome(message) : 'expired';
  if (outcome === 'released') return `${MESSAGE_OUTCOME_LABELS.released}: fan blocked`;
  if (outcome === 'declined') return MESSAGE_OUTCOME_LABELS.declined;
  return MESSAGE_OUTCOME_LABELS.expired;
}

/**
 * Issue 36: a conversation a decline or a block has ended shows its final state where the composer was,
 * not an offer of free follow-ups.
 */
function ClosedNote({ closed }: { closed: NonNullable<TConversationDetail['closed']> }) {
  return (
    <div role="note" data-testid="conversation-closed" className="flex gap-3 text-sm text-slate-700">
      <Lock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      {closed === 'blocked' ? (
        <p>
          <span className="font-semibold text-slate-900">You blocked this fan.</span> They cannot message you, and you
          cannot send them follow-ups.{' '}
          <Link className="font-medium text-brand-700 underline" to={`${paths.dashboardSettings}?tab=blocked`}>
            Manage blocked fans
          </Link>
        </p>
      ) : (
        <p>
          <span className="font-semibold text-slate-900">You declined this message.</span> The fan’s money went back to
          them and the conversation is closed. If they write again, their new message appears here.
        </p>
      )}
    </div>
  );
}

function Detail({ detail, messageId }: { detail: TConversationDetail; messageId: string }) {
  const paid = detail.messages.filter((m) => m.amount > 0 && !m.isFollowup);
  const last = paid.at(-1);
  const lapsed = !detail.nextExpiry && last !== undefined && last.status !== 'responded';

  return (
    <ConversationCard
      headerClassName="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      header={
        <>
          <ConversationParty detail={detail} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:flex-col sm:items-end sm:gap-1">
            <p className="text-slate-600">
              Total earned <span className="font-semibold text-slate-900">{formatCents(detail.earnedCents)}</span>
              {detail.pendingCents > 0 && (
                <span className="text-amber-700"> + {formatCents(detail.pendingCents)} pending</span>
              )}
            </p>
            {detail.nextExpiry ? (
              <div className="flex items-center gap-3">
                <p className="inline-flex items-center gap-1 font-medium text-amber-700">
                  <Clock className="h-4 w-4" aria-hidden="true" />
                  <Countdown until={detail.nextExpiry} format="remaining" />
                </p>
                {detail.viewerRole === 'creator' && <DeclineDialog messageId={messageId} />}
              </div>
            ) : (
              lapsed && <p className="font-medium text-slate-500">{endedLabel(last)}</p>
            )}
            {detail.viewerRole === 'creator' && (
              <BlockDialog
                fanId={detail.otherParty.id}
                fanName={detail.otherParty.displayName ?? `@${detail.otherParty.username}`}
              />
            )}
          </div>
        </>
      }
      footer={
        detail.creatorBox ? (
          <ReplyBox key={detail.creatorBox} messageId={messageId} kind={detail.creatorBox} />
        ) : (
          detail.closed && <ClosedNote closed={detail.closed} />
        )
      }
    >
      <CreatorThread detail={detail} />
    </ConversationCard>
  );
}
