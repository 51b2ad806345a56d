import { AlertTriangle, Scale, ScrollText, Server } from 'lucide-react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AdminLayout } from '../../components/layout/admin-layout';
import { PageSpinner } from '../../components/ui/spinner';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../paths';

/** The header title of each admin page (spec §2 Admin portal). */
const TITLES: Record<string, string> = {
  [paths.adminDashboard]: 'Dashboard',
  [paths.adminUsers]: 'Users & Creators',
  [paths.adminMessages]: 'Messages',
  [paths.adminTransactions]: 'Transactions',
  [paths.adminModeration]: 'Content Moderation',
  [paths.adminSettings]: 'Platform Settings',
  [paths.adminSupport]: 'Support Inbox',
  [paths.adminAudit]: 'Audit Log',
  [paths.adminStuckJobs]: 'Stuck jobs',
  [paths.adminDisputes]: 'Disputes',
  [paths.adminSystem]: 'System',
};

/**
 * spec §2: /admin/* needs an admin session; a spinner while the session loads, then anyone else is
 * replaced to /admin/login. The server checks every /api/admin call again, so this is only the door.
 */
export function Component() {
  const { user, loading, setUser } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = TITLES[pathname.replace(/\/$/, '')] ?? 'Admin';
  if (loading) return <PageSpinner label="Checking admin access" />;
  if (!user) return <Navigate to={paths.adminLogin} replace />;
  if (!user.isAdmin) return <Navigate to={paths.adminLogin} replace state={{ denied: true }} />;

  const signOut = async () => {
    await api('/auth/sign-out?scope=global', { method: 'POST' }).catch((error: unknown) =>
      console.warn('Sign-out request failed', error),
    );
    setUser(null);
    // spec §2: admin Sign Out goes to /admin/login.
    navigate(paths.adminLogin, { replace: true });
  };

  return (
    <AdminLayout
      title={title}
      email={user.email}
      role={user.adminRole ?? 'admin'}
      onSignOut={() => void signOut()}
      extraNav={[
        { to: paths.adminSupport, label: 'Support Inbox' },
        { to: paths.adminAudit, label: 'Audit Log', icon: ScrollText },
        { to: paths.adminStuckJobs, label: 'Stuck jobs', icon: AlertTriangle },
        { to: paths.adminDisputes, label: 'Disputes', icon: Scale },
        { to: paths.adminSystem, label: 'System', icon: Server },
      ]}
    >
      <Outlet />
    </AdminLayout>
  );
}
