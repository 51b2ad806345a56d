import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/card';
import { href } from '../../paths';
import { useSession } from './session';

/** Renders its children for a signed-in user; a guest goes to /login keeping the path to come back to. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={href.login(`${location.pathname}${location.search}`)} replace />;
  return children;
}

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
