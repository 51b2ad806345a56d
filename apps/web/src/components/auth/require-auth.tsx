import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/auth/session';
import { href } from '../../paths';
import { PageSpinner } from '../ui/spinner';

/** Renders its children for a signed-in user; a guest goes to /login keeping the path to come back to. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={href.login(`${location.pathname}${location.search}`)} replace />;
  return children;
}
