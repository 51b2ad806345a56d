import type { TConversationSummary } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Inbox, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/card';
import {
  ConversationListItem,
  ConversationListSkeleton,
  messageCountLabel,
} from '../../../components/ui/conversation-list-item';
import { EmptyState } from '../../../components/ui/empty-state';
import { SearchInput } from '../../../components/ui/search-input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { href } from '../../../paths';
// The conversation data layer is shared with the sender side (same endpoint, same live keys).
import { conversationsQuery } from '../../messaging/api/conversations';

const SEARCH_DEBOUNCE_MS = 300;

interface InboxListProps {
  activeConversationId?: string;
  compact?: boolean;
}

/**
 * spec §2 /dashboard/messages list: search over last-message text, display name and username (on the
 * server), rows with the pending badge, 'No conversations yet'.
 */
export function InboxList({ activeConversationId, compact }: InboxListProps) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery(conversationsQuery(term));

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <SearchInput
        value={search}
        onChange={setSearch}
        placeholder="Search conversations..."
        label="Search conversations by message, name or username"
      />
      {query.isPending ? (
        <ConversationListSkeleton rows={compact ? 3 : 4} />
      ) : query.isError ? (
        <EmptyState
          role="alert"
          tone="error"
          icon={AlertTriangle}
          title="Failed to load conversations"
          action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
        />
      ) : query.data.conversations.length === 0 ? (
        term ? (
          <EmptyState icon={SearchX} title="No conversations found">
            Nothing matches “{term}”.
          </EmptyState>
        ) : (
          <EmptyState icon={Inbox} title="No conversations yet">
            When a fan pays to message you, the conversation appears here.
          </EmptyState>
        )
      ) : (
        <ul aria-label="Conversations" className="space-y-1">
          {query.data.conversations.map((conversation) => (
            <li key={conversation.conversationId}>
              <Row
                conversation={conversation}
                active={conversation.conversationId === activeConversationId}
                compact={compact}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Row({
  conversation,
  active,
  compact,
}: {
  conversation: TConversationSummary;
  active: boolean;
  compact?: boolean;
}) {
  const other = conversation.otherParty;
  const name = other.displayName || other.username;
  const firstName = name.split(/\s+/)[0] ?? name;
  return (
    <ConversationListItem
      to={href.dashboardMessage(conversation.lastMessageId)}
      name={name}
      avatarUrl={other.avatarUrl}
      countLabel={messageCountLabel(conversation.messageCount)}
      badge={
        conversation.pendingCount > 0 ? (
          <Badge className="bg-amber-100 text-amber-800">{conversation.pendingCount} pending</Badge>
        ) : undefined
      }
      lastActivity={conversation.lastActivity}
      prefix={conversation.lastMessageFromMe ? 'You:' : `${firstName}:`}
      preview={conversation.lastMessageContent}
      active={active}
      compact={compact}
    />
  );
}
