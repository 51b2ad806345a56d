import type { TConversationSummary } from '@fanline/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../ui/button';
import { ConversationListItem, ConversationListSkeleton, messageCountLabel } from '../ui/conversation-list-item';
import { EmptyState, LoadErrorState } from '../ui/empty-state';
import { SearchInput } from '../ui/search-input';
import { conversationsQuery } from './conversations-query';

const SEARCH_DEBOUNCE_MS = 300;

export interface ConversationListProps {
  /** The open conversation, highlighted in a sidebar. */
  activeConversationId?: string;
  compact?: boolean;
}

interface RoleProps {
  searchLabel: string;
  /** Shown when there are no conversations at all (a search with no match has its own state). */
  empty: ReactNode;
  /** Where a row leads: the sender's or the creator's view of that conversation. */
  rowHref: (messageId: string) => string;
  rowBadge: (conversation: TConversationSummary) => ReactNode;
}

/**
 * spec §2 conversation lists (/messages and /dashboard/messages): search on the server, rows with the
 * other party and the last message, loading, failed and empty states. The roles differ only in RoleProps.
 */
export function ConversationListView({
  searchLabel,
  empty,
  rowHref,
  rowBadge,
  activeConversationId,
  compact,
}: ConversationListProps & RoleProps) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useInfiniteQuery(conversationsQuery(term));
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? [];

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <SearchInput value={search} onChange={setSearch} placeholder="Search conversations..." label={searchLabel} />
      {query.isPending ? (
        <ConversationListSkeleton rows={compact ? 3 : 4} />
      ) : query.isLoadingError ? (
        <LoadErrorState title="Failed to load conversations" onRetry={() => void query.refetch()} />
      ) : conversations.length === 0 ? (
        term ? (
          <EmptyState icon={SearchX} title="No conversations found">
            Nothing matches “{term}”.
          </EmptyState>
        ) : (
          empty
        )
      ) : (
        <>
          <ul aria-label="Conversations" className="space-y-1">
            {conversations.map((conversation) => (
              <li key={conversation.conversationId}>
                <Row
                  conversation={conversation}
                  to={rowHref(conversation.lastMessageId)}
                  badge={rowBadge(conversation)}
                  active={conversation.conversationId === activeConversationId}
                  compact={compact}
                />
              </li>
            ))}
          </ul>
          {query.isFetchNextPageError && (
            <p role="alert" className="text-center text-sm text-red-700">
              Failed to load more conversations. Please try again.
            </p>
          )}
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                size={compact ? 'sm' : 'md'}
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Load more conversations'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function Row({
  conversation,
  to,
  badge,
  active,
  compact,
}: {
  conversation: TConversationSummary;
  to: string;
  badge: ReactNode;
  active: boolean;
  compact?: boolean;
}) {
  const other = conversation.otherParty;
  const name = other.displayName || other.username;
  const firstName = name.split(/\s+/)[0] ?? name;
  return (
    <ConversationListItem
      to={to}
      name={name}
      avatarUrl={other.avatarUrl}
      countLabel={messageCountLabel(conversation.messageCount)}
      badge={badge}
      lastActivity={conversation.lastActivity}
      prefix={conversation.lastMessageFromMe ? 'You:' : `${firstName}:`}
      preview={conversation.lastMessageContent}
      active={active}
      compact={compact}
    />
  );
}
