import type { TConversationSummary } from '@fanline/contracts';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { type ConversationListProps, ConversationListView } from '../../../components/messaging/conversation-list-view';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { href, paths } from '../../../paths';

/** The sender's conversations (spec §2 /messages): search, rows, empty state. */
export function ConversationList(props: ConversationListProps) {
  return (
    <ConversationListView
      {...props}
      searchLabel="Search conversations"
      rowHref={href.message}
      rowBadge={waitingBadge}
      empty={
        <EmptyState
          icon={MessagesSquare}
          title="No conversations yet"
          action={
            <Button asChild>
              <Link to={paths.creators}>Discover Creators</Link>
            </Button>
          }
        >
          Send a creator a message and your conversation appears here.
        </EmptyState>
      }
    />
  );
}

const waitingBadge = (conversation: TConversationSummary) =>
  conversation.waitingCount > 0 ? <Badge className="bg-amber-100 text-amber-800">Waiting for reply</Badge> : undefined;
