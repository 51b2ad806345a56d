import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { notificationsQuery } from '../../features/notifications/api/notifications';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../paths';

/**
 * A signed-in user's way back to their answers from any page: Messages with the unread count, and
 * the bell. Every notification is about a message (a new one, a reply, a refund), so the unread
 * count is the bell's. Inside the creator dashboard its own sidebar bell serves instead.
 */
export function HeaderActions() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const unread = useQuery({ ...notificationsQuery(), enabled: Boolean(user) }).data?.unreadCount ?? 0;
  if (!user) return null;
  const inCreatorDashboard = pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);
  const to = user.isCreator ? paths.dashboardMessages : paths.messages;
  return (
    <>
      <Button asChild variant="ghost" className="relative px-2 sm:px-3">
        {/* The name is the visible words and count plus hidden glue ("Messages, 3 unread"): WCAG 2.5.3
            Label in Name, which an aria-label that differs from the badge's "9+" broke (axe, decision 0028). */}
        <Link to={to}>
          <MessageSquare className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only lg:not-sr-only">Messages</span>
          {unread > 0 && (
            <>
              <span className="sr-only">, </span>
              <span
                data-testid="messages-unread"
                className="flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white"
              >
                {unread > 9 ? '9+' : unread}
              </span>
              <span className="sr-only"> unread</span>
            </>
          )}
        </Link>
      </Button>
      {!inCreatorDashboard && <NotificationBell />}
    </>
  );
}
