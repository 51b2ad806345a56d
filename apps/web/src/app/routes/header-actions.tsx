import { MessageSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import PendingDeletionBanner from '../../components/account-closure/pending-deletion-banner';
import { Button } from '../../components/ui/button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../paths';

/**
 * A signed-in user's way back to their answers from any page: Messages, and the bell. The unread
 * count shows in one place only (decision 0027): every notification is about a message, so the
 * bell carries it and the Messages link carries none. Inside the creator dashboard the dashboard's
 * own bell serves instead of this one.
 */
const NOTICES_ID = 'account-notices';

export function HeaderActions() {
  const { user } = useSession();
  const { pathname } = useLocation();
  // Issue 41: the closing-account banner sits above the header, in a place made for it here, so that
  // only a signed-in user loads its code (the landing page's JS budget has no room for a layout slot).
  const [notices, setNotices] = useState<Element | null>(null);
  const signedIn = user !== null;
  useEffect(() => {
    const header = document.querySelector('header');
    // The header mounts its actions twice (the bar and the phone menu): the first one shows the banner.
    if (!signedIn || !header?.parentElement || document.getElementById(NOTICES_ID)) return;
    const host = document.createElement('div');
    host.id = NOTICES_ID;
    header.parentElement.insertBefore(host, header);
    setNotices(host);
    return () => host.remove();
  }, [signedIn]);
  if (!user) return null;
  const inCreatorDashboard = pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);
  return (
    <>
      {notices && createPortal(<PendingDeletionBanner />, notices)}
      {/* Issue 36 §17: a creator's inbox is their dashboard, reached by the header's one "Dashboard";
          a second "Messages" to the same page was a second entry point. Fans keep Messages. */}
      {!user.isCreator && (
        <Button asChild variant="ghost" className="px-2 sm:px-3">
          <Link to={paths.messages} aria-label="Messages">
            <MessageSquare className="h-5 w-5" aria-hidden="true" />
            <span className="hidden lg:inline">Messages</span>
          </Link>
        </Button>
      )}
      {!inCreatorDashboard && <NotificationBell />}
    </>
  );
}
