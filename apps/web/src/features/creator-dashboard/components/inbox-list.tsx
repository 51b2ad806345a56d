import type { TConversationSummary } from '@fanline/contracts';
import { Inbox } from 'lucide-react';
import { type ConversationListProps, ConversationListView } from '../../../components/messaging/conversation-list-view';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { href } from '../../../paths';

/**
 * spec §2 /dashboard/messages list: search over last-message text, display name and username (on the
 * server), rows with the pending badge, 'No conversations yet'.
 */
export function InboxList(props: ConversationListProps) {
  return (
    <ConversationListView
      {...props}
      searchLabel="Search conversations by message, name or username"
      rowHref={href.dashboardMessage}
      rowBadge={pendingBadge}
      empty={
        <EmptyState icon={Inbox} title="No conversations yet">
          When a fan pays to message you, the conversation appears here.
        </EmptyState>
      }
    />
  );
}

const pendingBadge = (conversation: TConversationSummary) =>
  conversation.pendingCount > 0 ? (
    <Badge className="bg-amber-100 text-amber-800">{conversation.pendingCount} pending</Badge>
  ) : undefined;
